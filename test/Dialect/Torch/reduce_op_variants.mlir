// torch-reduce-op-variants: in-place ops become their value op and a write
// of self; other ops on mutable tensors (!torch.tensor) take and give values.
// RUN: torch-mlir-opt %s -torch-reduce-op-variants -split-input-file | FileCheck %s
// RUN: not torch-mlir-opt %s -torch-reduce-op-variants="extra-library=shapes.mlir" -split-input-file 2>&1 | FileCheck %s --check-prefix=LIBRARY

// add_ is add on copies whose result overwrites self; the op's result is
// self. Operands of self's dtype: the value op has self's type.
// CHECK-LABEL: func.func @add_in_place(
// CHECK-SAME:      %[[T:.*]]: !torch.tensor<[2,3],f32>, %[[O:.*]]: !torch.tensor<[2,3],f32>)
// CHECK:         %[[TV:.*]] = torch.copy.to_vtensor %[[T]] : !torch.vtensor<[2,3],f32>
// CHECK:         %[[OV:.*]] = torch.copy.to_vtensor %[[O]] : !torch.vtensor<[2,3],f32>
// CHECK:         %[[SUM:.*]] = torch.aten.add.Tensor %[[TV]], %[[OV]], %{{.*}} : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT:    torch.overwrite.tensor.contents %[[SUM]] overwrites %[[T]] : !torch.vtensor<[2,3],f32>, !torch.tensor<[2,3],f32>
// CHECK-NOT:     torch.aten.add_.Tensor
// CHECK:         return %[[T]]
// LIBRARY:     error: extra-library is not supported
func.func @add_in_place(%t: !torch.tensor<[2,3],f32>, %o: !torch.tensor<[2,3],f32>) -> !torch.tensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add_.Tensor %t, %o, %int1 : !torch.tensor<[2,3],f32>, !torch.tensor<[2,3],f32>, !torch.int -> !torch.tensor<[2,3],f32>
  return %0 : !torch.tensor<[2,3],f32>
}

// -----

// An operand of another dtype: PyTorch computes in the promoted dtype and
// casts back to self's, so the value op's dtype is left open and type_as
// casts it to self's.
// CHECK-LABEL: func.func @mixed_dtypes(
// CHECK:         %[[TV:.*]] = torch.copy.to_vtensor %{{.*}} : !torch.vtensor<[2],f32>
// CHECK:         %[[SUM:.*]] = torch.aten.add.Tensor %[[TV]], {{.*}} -> !torch.vtensor<[2],unk>
// CHECK:         %[[CAST:.*]] = torch.aten.type_as %[[SUM]], %[[TV]] : !torch.vtensor<[2],unk>, !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
// CHECK:         torch.overwrite.tensor.contents %[[CAST]] overwrites
func.func @mixed_dtypes(%t: !torch.tensor<[2],f32>, %o: !torch.tensor<[2],f64>) -> !torch.tensor<[2],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add_.Tensor %t, %o, %int1 : !torch.tensor<[2],f32>, !torch.tensor<[2],f64>, !torch.int -> !torch.tensor<[2],f32>
  return %0 : !torch.tensor<[2],f32>
}

// -----

// bernoulli_.float's value op is bernoulli.p; copy_ and zero_ have theirs.
// CHECK-LABEL: func.func @other_in_place(
// CHECK:         torch.aten.bernoulli.p {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         torch.aten.copy {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         torch.aten.zero {{.*}} -> !torch.vtensor<[4],f32>
func.func @other_in_place(%t: !torch.tensor<[4],f32>, %src: !torch.tensor<[4],f32>) -> !torch.tensor<[4],f32> {
  %p = torch.constant.float 5.000000e-01
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.bernoulli_.float %t, %p, %none : !torch.tensor<[4],f32>, !torch.float, !torch.none -> !torch.tensor<[4],f32>
  %1 = torch.aten.copy_ %0, %src, %false : !torch.tensor<[4],f32>, !torch.tensor<[4],f32>, !torch.bool -> !torch.tensor<[4],f32>
  %2 = torch.aten.zero_ %1 : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
  return %2 : !torch.tensor<[4],f32>
}

// -----

// A value op on mutable tensors reads copies and gives a fresh one; lists
// and optionals of them are made again of copies.
// CHECK-LABEL: func.func @value_ops(
// CHECK:         %[[A:.*]] = torch.copy.to_vtensor %{{.*}} : !torch.vtensor<[2],f32>
// CHECK:         %[[TANH:.*]] = torch.aten.tanh %[[A]] : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
// CHECK:         %[[FRESH:.*]] = torch.copy.to_tensor %[[TANH]] : !torch.tensor<[2],f32>
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct {{.*}} -> !torch.list<vtensor>
// CHECK:         torch.aten.cat %[[LIST]], {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         %[[MIN:.*]] = torch.derefine {{.*}} : !torch.vtensor<[2],f32> to !torch.optional<vtensor>
// CHECK:         torch.aten.clamp.Tensor {{.*}}, %[[MIN]], {{.*}} -> !torch.vtensor<[2],f32>
func.func @value_ops(%a: !torch.tensor<[2],f32>, %b: !torch.tensor<[2],f32>) -> (!torch.tensor<[2],f32>, !torch.tensor<[4],f32>, !torch.tensor<[2],f32>) {
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %0 = torch.aten.tanh %a : !torch.tensor<[2],f32> -> !torch.tensor<[2],f32>
  %list = torch.prim.ListConstruct %0, %b : (!torch.tensor<[2],f32>, !torch.tensor<[2],f32>) -> !torch.list<tensor>
  %1 = torch.aten.cat %list, %int0 : !torch.list<tensor>, !torch.int -> !torch.tensor<[4],f32>
  %min = torch.derefine %b : !torch.tensor<[2],f32> to !torch.optional<tensor>
  %2 = torch.aten.clamp.Tensor %a, %min, %none : !torch.tensor<[2],f32>, !torch.optional<tensor>, !torch.none -> !torch.tensor<[2],f32>
  return %0, %1, %2 : !torch.tensor<[2],f32>, !torch.tensor<[4],f32>, !torch.tensor<[2],f32>
}

// -----

// What stays: a view (torch-maximize-value-semantics follows it), an
// in-place op whose value op changes the shape, and an op whose list of
// mutable tensors is not made here.
// CHECK-LABEL: func.func @stays(
// CHECK:         torch.aten.transpose.int {{.*}} : !torch.tensor<[2,3],f32>, !torch.int, !torch.int -> !torch.tensor<[3,2],f32>
// CHECK:         torch.aten.unsqueeze_ {{.*}} : !torch.tensor<[2,3],f32>, !torch.int -> !torch.tensor<[1,2,3],f32>
// CHECK:         torch.aten.cat %{{.*}}, %{{.*}} : !torch.list<tensor>, !torch.int -> !torch.tensor
func.func @stays(%t: !torch.tensor<[2,3],f32>, %l: !torch.list<tensor>) -> (!torch.tensor<[3,2],f32>, !torch.tensor<[1,2,3],f32>, !torch.tensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.aten.transpose.int %t, %int0, %int1 : !torch.tensor<[2,3],f32>, !torch.int, !torch.int -> !torch.tensor<[3,2],f32>
  %1 = torch.aten.unsqueeze_ %t, %int0 : !torch.tensor<[2,3],f32>, !torch.int -> !torch.tensor<[1,2,3],f32>
  %2 = torch.aten.cat %l, %int0 : !torch.list<tensor>, !torch.int -> !torch.tensor
  return %0, %1, %2 : !torch.tensor<[3,2],f32>, !torch.tensor<[1,2,3],f32>, !torch.tensor
}
