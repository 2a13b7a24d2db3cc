// torch-scalarize-shapes: Int.Tensor of shape computations done on tensors
// becomes !torch.int arithmetic on aten.size.int; then --canonicalize drops
// the shape tensors no longer read.
// RUN: torch-mlir-opt %s -torch-scalarize-shapes -canonicalize -cse -split-input-file | FileCheck %s

// An element of _shape_as_tensor through cat, slice and reshapes: the size.
// CHECK-LABEL: func.func @through_cat_and_slice(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,?,64],f32>)
// CHECK:         %[[T:.*]] = torch.aten.size.int %[[X]], %int1
// CHECK:         %[[B:.*]] = torch.aten.size.int %[[X]], %int0
// CHECK:         return %[[T]], %[[B]], %int7 : !torch.int, !torch.int, !torch.int
// CHECK-NOT:     _shape_as_tensor
func.func @through_cat_and_slice(%x: !torch.vtensor<[?,?,64],f32>) -> (!torch.int, !torch.int, !torch.int) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %shape = torch.aten._shape_as_tensor %x : !torch.vtensor<[?,?,64],f32> -> !torch.vtensor<[3],si64>
  %bt = torch.aten.slice.Tensor %shape, %int0, %int0, %int2, %int1 : !torch.vtensor<[3],si64>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2],si64>
  %seven = torch.vtensor.literal(dense<[7]> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %list = torch.prim.ListConstruct %seven, %bt : (!torch.vtensor<[1],si64>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  %cat = torch.aten.cat %list, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[3],si64>
  %e2 = torch.aten.select.int %cat, %int0, %int2 : !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %t = torch.aten.Int.Tensor %e2 : !torch.vtensor<[],si64> -> !torch.int
  %e1 = torch.aten.select.int %cat, %int0, %int1 : !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %b = torch.aten.Int.Tensor %e1 : !torch.vtensor<[],si64> -> !torch.int
  %e0 = torch.aten.select.int %cat, %int0, %int0 : !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %c = torch.aten.Int.Tensor %e0 : !torch.vtensor<[],si64> -> !torch.int
  return %t, %b, %c : !torch.int, !torch.int, !torch.int
}

// -----

// Integer arithmetic on shape tensors becomes arithmetic on ints; a static
// size folds to a constant.
// CHECK-LABEL: func.func @arithmetic(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,4],f32>)
// CHECK:         %[[N:.*]] = torch.aten.size.int %[[X]], %int0
// CHECK:         %[[PRODUCT:.*]] = torch.aten.mul.int %[[N]], %int4
// CHECK:         return %[[PRODUCT]] : !torch.int
func.func @arithmetic(%x: !torch.vtensor<[?,4],f32>) -> !torch.int {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %shape = torch.aten._shape_as_tensor %x : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[2],si64>
  %n = torch.aten.select.int %shape, %int0, %int0 : !torch.vtensor<[2],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %c = torch.aten.select.int %shape, %int0, %int1 : !torch.vtensor<[2],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %p = torch.aten.mul.Tensor %n, %c : !torch.vtensor<[],si64>, !torch.vtensor<[],si64> -> !torch.vtensor<[],si64>
  %r = torch.aten.Int.Tensor %p : !torch.vtensor<[],si64> -> !torch.int
  return %r : !torch.int
}

// -----

// An element read from a tensor that is not a shape computation stays.
// CHECK-LABEL: func.func @data_stays(
// CHECK:         torch.aten.select.int %arg0
// CHECK:         torch.aten.Int.Tensor
func.func @data_stays(%v: !torch.vtensor<[3],si64>) -> !torch.int {
  %int0 = torch.constant.int 0
  %e = torch.aten.select.int %v, %int0, %int0 : !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %r = torch.aten.Int.Tensor %e : !torch.vtensor<[],si64> -> !torch.int
  return %r : !torch.int
}

// -----

// What the ONNX importer writes for x.reshape(b, t, 4, 16), converted: the
// shape tensors are gone, the sizes are aten.size.int.
// CHECK-LABEL: func.func @onnx_heads(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,?,64],f32>)
// CHECK-DAG:     %[[B:.*]] = torch.aten.size.int %[[X]], %int0
// CHECK-DAG:     %[[T:.*]] = torch.aten.size.int %[[X]], %int1
// CHECK:         %[[SIZES:.*]] = torch.prim.ListConstruct %[[B]], %[[T]], %int4, %int16
// CHECK:         torch.aten.reshape %[[X]], %[[SIZES]]
// CHECK-NOT:     torch.aten.select.int
func.func @onnx_heads(%x: !torch.vtensor<[?,?,64],f32>) -> !torch.vtensor<[?,?,4,16],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int4 = torch.constant.int 4
  %int16 = torch.constant.int 16
  %shape = torch.aten._shape_as_tensor %x : !torch.vtensor<[?,?,64],f32> -> !torch.vtensor<[3],si64>
  %idx = torch.vtensor.literal(dense<[0, 1]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %bt = torch.aten.index_select %shape, %int0, %idx : !torch.vtensor<[3],si64>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2],si64>
  %heads = torch.vtensor.literal(dense<[4, 16]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %parts = torch.prim.ListConstruct %bt, %heads : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  %s = torch.aten.cat %parts, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4],si64>
  %s0 = torch.aten.select.int %s, %int0, %int0 : !torch.vtensor<[4],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %v0 = torch.aten.Int.Tensor %s0 : !torch.vtensor<[],si64> -> !torch.int
  %s1 = torch.aten.select.int %s, %int0, %int1 : !torch.vtensor<[4],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %v1 = torch.aten.Int.Tensor %s1 : !torch.vtensor<[],si64> -> !torch.int
  %sizes = torch.prim.ListConstruct %v0, %v1, %int4, %int16 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.reshape %x, %sizes : !torch.vtensor<[?,?,64],f32>, !torch.list<int> -> !torch.vtensor<[?,?,4,16],f32>
  return %r : !torch.vtensor<[?,?,4,16],f32>
}

// -----

// where(shape == -1, 1, shape), as exporters write for Expand: per element.
// CHECK-LABEL: func.func @where_minus_one(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,5],f32>)
// CHECK:         %[[N:.*]] = torch.aten.size.int %[[X]], %int0
// CHECK:         %[[IS:.*]] = torch.aten.eq.int %[[N]], %int-1
// CHECK:         %[[FLAG:.*]] = torch.aten.Int.bool %[[IS]]
// CHECK:         %[[DIFF:.*]] = torch.aten.sub.int %int1, %[[N]]
// CHECK:         %[[SCALED:.*]] = torch.aten.mul.int %[[FLAG]], %[[DIFF]]
// CHECK:         %[[FIRST:.*]] = torch.aten.add.int %[[N]], %[[SCALED]]
// CHECK:         return %[[FIRST]], %int5 : !torch.int, !torch.int
func.func @where_minus_one(%x: !torch.vtensor<[?,5],f32>) -> (!torch.int, !torch.int) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %shape = torch.aten._shape_as_tensor %x : !torch.vtensor<[?,5],f32> -> !torch.vtensor<[2],si64>
  %minus = torch.vtensor.literal(dense<-1> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %ones = torch.vtensor.literal(dense<1> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %is = torch.aten.eq.Tensor %shape, %minus : !torch.vtensor<[2],si64>, !torch.vtensor<[2],si64> -> !torch.vtensor<[2],i1>
  %w = torch.aten.where.self %is, %ones, %shape : !torch.vtensor<[2],i1>, !torch.vtensor<[2],si64>, !torch.vtensor<[2],si64> -> !torch.vtensor<[2],si64>
  %e0 = torch.aten.select.int %w, %int0, %int0 : !torch.vtensor<[2],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %v0 = torch.aten.Int.Tensor %e0 : !torch.vtensor<[],si64> -> !torch.int
  %e1 = torch.aten.select.int %w, %int0, %int1 : !torch.vtensor<[2],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %v1 = torch.aten.Int.Tensor %e1 : !torch.vtensor<[],si64> -> !torch.int
  return %v0, %v1 : !torch.int, !torch.int
}
