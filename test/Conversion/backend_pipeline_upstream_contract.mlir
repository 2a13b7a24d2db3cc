// torch-backend-to-linalg-on-tensors-backend-pipeline on ops a Torch backend
// contract may keep whole that convert-torch-to-linalg does not take:
// upstream torch-mlir's contract keeps aten.matmul and
// aten.__interpolate.size_list_scale_list. The pipeline decomposes what the
// conversion left (the middle end's decompositions) and converts again, so
// nothing of Torch remains.
// RUN: torch-mlir-opt %s --torch-backend-to-linalg-on-tensors-backend-pipeline -split-input-file | FileCheck %s

// A batched matmul by a matrix: its rows flattened into one matmul.
// CHECK-LABEL: func.func @matmul_batched_by_matrix(
// CHECK-SAME:      %{{.*}}: tensor<2x3x4xf32>, %{{.*}}: tensor<4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NOT:     torch.
// CHECK:         linalg.matmul
// CHECK-NOT:     torch.
func.func @matmul_batched_by_matrix(%x: !torch.vtensor<[2,3,4],f32>, %y: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[2,3,5],f32> {
  %0 = torch.aten.matmul %x, %y : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,5],f32> -> !torch.vtensor<[2,3,5],f32>
  return %0 : !torch.vtensor<[2,3,5],f32>
}

// -----

// Broadcast batches ([2, 1, 3, 4] @ [5, 4, 6]): one batch_matmul.
// CHECK-LABEL: func.func @matmul_broadcast_batches(
// CHECK-NOT:     torch.
// CHECK:         linalg.batch_matmul
// CHECK-NOT:     torch.
func.func @matmul_broadcast_batches(%x: !torch.vtensor<[2,1,3,4],f32>, %y: !torch.vtensor<[5,4,6],f32>) -> !torch.vtensor<[2,5,3,6],f32> {
  %0 = torch.aten.matmul %x, %y : !torch.vtensor<[2,1,3,4],f32>, !torch.vtensor<[5,4,6],f32> -> !torch.vtensor<[2,5,3,6],f32>
  return %0 : !torch.vtensor<[2,5,3,6],f32>
}

// -----

// A matmul among ops the conversion takes: they lower as before.
// CHECK-LABEL: func.func @matmul_between(
// CHECK-NOT:     torch.
// CHECK:         linalg.generic
// CHECK:         linalg.matmul
// CHECK:         linalg.generic
// CHECK-NOT:     torch.
func.func @matmul_between(%x: !torch.vtensor<[3,4],f32>, %y: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[3,5],f32> {
  %0 = torch.aten.neg %x : !torch.vtensor<[3,4],f32> -> !torch.vtensor<[3,4],f32>
  %1 = torch.aten.matmul %0, %y : !torch.vtensor<[3,4],f32>, !torch.vtensor<[4,5],f32> -> !torch.vtensor<[3,5],f32>
  %2 = torch.aten.tanh %1 : !torch.vtensor<[3,5],f32> -> !torch.vtensor<[3,5],f32>
  return %2 : !torch.vtensor<[3,5],f32>
}

// -----

// F.interpolate(scale_factor=2, mode="nearest") as upstream's contract
// keeps it: gathers along H, then W.
// CHECK-LABEL: func.func @interpolate_nearest(
// CHECK-SAME:      %{{.*}}: tensor<1x3x4x4xf32>) -> tensor<1x3x8x8xf32>
// CHECK-NOT:     torch.
// CHECK:         linalg.generic
// CHECK-NOT:     torch.
func.func @interpolate_nearest(%x: !torch.vtensor<[1,3,4,4],f32>) -> !torch.vtensor<[1,3,8,8],f32> {
  %none = torch.constant.none
  %str = torch.constant.str "nearest"
  %false = torch.constant.bool false
  %f2 = torch.constant.float 2.000000e+00
  %scales = torch.prim.ListConstruct %f2, %f2 : (!torch.float, !torch.float) -> !torch.list<float>
  %0 = torch.aten.__interpolate.size_list_scale_list %x, %none, %scales, %str, %none, %none, %false : !torch.vtensor<[1,3,4,4],f32>, !torch.none, !torch.list<float>, !torch.str, !torch.none, !torch.none, !torch.bool -> !torch.vtensor<[1,3,8,8],f32>
  return %0 : !torch.vtensor<[1,3,8,8],f32>
}
