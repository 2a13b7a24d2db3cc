// Dead code: --canonicalize erases Torch ops whose results nobody uses when
// they only read their operands (value-semantic ATen ops, lists, constants),
// and keeps ops with effects (in-place, random, asserts, exceptions).
// RUN: torch-mlir-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @unused_pure_ops_go(
// CHECK-SAME:    %[[X:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK-NEXT:    return %[[X]]
func.func @unused_pure_ops_go(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %list = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %sum = torch.aten.add.Tensor %x, %x, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %view = torch.aten.view %x, %list : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[3,2],f32>
  %a, %b = torch.prim.ListUnpack %list : !torch.list<int> -> !torch.int, !torch.int
  return %x : !torch.vtensor<[2,3],f32>
}

// -----

// CHECK-LABEL: func.func @effects_stay(
// CHECK:         torch.aten.add_.Tensor
// CHECK:         torch.aten.bernoulli.p
// CHECK:         torch.aten.dropout
// CHECK:         torch.aten._assert_scalar
// CHECK:         torch.prim.If
// CHECK:           torch.prim.RaiseException
func.func @effects_stay(%t: !torch.tensor<[2],f32>, %v: !torch.vtensor<[2],f32>, %c: !torch.bool) {
  %int1 = torch.constant.int 1
  %float = torch.constant.float 5.000000e-01
  %true = torch.constant.bool true
  %none = torch.constant.none
  %str = torch.constant.str "failed"
  %0 = torch.aten.add_.Tensor %t, %t, %int1 : !torch.tensor<[2],f32>, !torch.tensor<[2],f32>, !torch.int -> !torch.tensor<[2],f32>
  %1 = torch.aten.bernoulli.p %v, %float, %none : !torch.vtensor<[2],f32>, !torch.float, !torch.none -> !torch.vtensor<[2],f32>
  %2 = torch.aten.dropout %v, %float, %true : !torch.vtensor<[2],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2],f32>
  torch.aten._assert_scalar %c, %str : !torch.bool, !torch.str
  torch.prim.If %c -> () {
    torch.prim.RaiseException %str, %none : !torch.str, !torch.none
    torch.prim.If.yield
  } else {
    torch.prim.If.yield
  }
  return
}

// -----

// Two equal lists stay two lists: lists are mutable.
// CHECK-LABEL: func.func @lists_do_not_merge(
// CHECK:         %[[A:.*]] = torch.prim.ListConstruct
// CHECK:         %[[B:.*]] = torch.prim.ListConstruct
// CHECK:         return %[[A]], %[[B]]
func.func @lists_do_not_merge(%i: !torch.int) -> (!torch.list<int>, !torch.list<int>) {
  %a = torch.prim.ListConstruct %i : (!torch.int) -> !torch.list<int>
  %b = torch.prim.ListConstruct %i : (!torch.int) -> !torch.list<int>
  return %a, %b : !torch.list<int>, !torch.list<int>
}
