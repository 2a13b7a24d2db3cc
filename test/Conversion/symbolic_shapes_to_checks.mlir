// torch-symbolic-shapes-to-checks: torch.export's facts about a public
// function's argument sizes become cf.asserts at its top (ranges, equal
// symbols, derived sizes); every symbolic-shape op is then gone.
// RUN: torch-mlir-opt %s -torch-symbolic-shapes-to-checks -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,?],f32>, %[[Y:.*]]: !torch.vtensor<[?],f32>)
// CHECK-NOT:     torch.symbolic_int
// CHECK:         %[[XT:.*]] = torch_c.to_builtin_tensor %[[X]] : !torch.vtensor<[?,?],f32> -> tensor<?x?xf32>
// CHECK:         %[[B:.*]] = tensor.dim %[[XT]], %{{.*}} : tensor<?x?xf32>
// CHECK:         %[[LOW:.*]] = arith.cmpi sge, %[[B]], %{{.*}} : index
// CHECK:         %[[HIGH:.*]] = arith.cmpi sle, %[[B]], %{{.*}} : index
// CHECK:         %[[IN:.*]] = arith.andi %[[LOW]], %[[HIGH]] : i1
// CHECK:         cf.assert %[[IN]], "argument 0 dimension 0 (s0) is outside [1, 64], the range torch.export gave it"
// CHECK:         %[[YT:.*]] = torch_c.to_builtin_tensor %[[Y]]
// CHECK:         %[[YB:.*]] = tensor.dim %[[YT]], %{{.*}}
// CHECK:         %[[SAME:.*]] = arith.cmpi eq, %[[YB]], %[[B]] : index
// CHECK:         cf.assert %[[SAME]], "argument 1 dimension 0 (s0) differs from another dimension of the same symbol"
// CHECK:         %[[T:.*]] = tensor.dim %[[XT]], %{{.*}} : tensor<?x?xf32>
// CHECK:         %[[TWICE:.*]] = arith.muli %[[B]], %{{.*}} : index
// CHECK:         %[[PLUS:.*]] = arith.addi %[[TWICE]], %{{.*}} : index
// CHECK:         %[[DERIVED:.*]] = arith.cmpi eq, %[[T]], %[[PLUS]] : index
// CHECK:         cf.assert %[[DERIVED]], "argument 0 dimension 1 is not (s0 * 2) + 1, the size torch.export gave it"
// CHECK-NOT:     torch.bind_symbolic_shape
// CHECK:         torch.aten.neg
// CHECK-NOT:     torch.bind_symbolic_shape
// CHECK:         return
func.func @main(%x: !torch.vtensor<[?,?],f32>, %y: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?,?],f32> {
  %s0 = torch.symbolic_int "s0" {min_val = 1, max_val = 64} : !torch.int
  torch.bind_symbolic_shape %x, [%s0], affine_map<()[s0] -> (s0, s0 * 2 + 1)> : !torch.vtensor<[?,?],f32>
  torch.bind_symbolic_shape %y, [%s0], affine_map<()[s0] -> (s0)> : !torch.vtensor<[?],f32>
  %0 = torch.aten.neg %x : !torch.vtensor<[?,?],f32> -> !torch.vtensor<[?,?],f32>
  torch.bind_symbolic_shape %0, [%s0], affine_map<()[s0] -> (s0, s0 * 2 + 1)> : !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// An unbounded range from 0 needs no check, and a private function gets none:
// both lose their symbolic-shape ops all the same.
// CHECK-LABEL: func.func @unbounded(
// CHECK-NEXT:    return
// CHECK-LABEL: func.func private @helper(
// CHECK-NEXT:    return
func.func @unbounded(%x: !torch.vtensor<[?],f32>) {
  %s0 = torch.symbolic_int "s0" {min_val = 0, max_val = 9223372036854775807} : !torch.int
  torch.bind_symbolic_shape %x, [%s0], affine_map<()[s0] -> (s0)> : !torch.vtensor<[?],f32>
  return
}
func.func private @helper(%x: !torch.vtensor<[?],f32>) {
  %s0 = torch.symbolic_int "s0" {min_val = 2, max_val = 8} : !torch.int
  torch.bind_symbolic_shape %x, [%s0], affine_map<()[s0] -> (s0)> : !torch.vtensor<[?],f32>
  return
}
