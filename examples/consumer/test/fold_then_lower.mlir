// The consumer's pass, then torch-mlir's own lowering pipeline, in one tool:
// consumer-opt registers everything torch-mlir-opt does (torch-mlir's InitAll).
// RUN: consumer-opt %s --consumer-fold-double-relu --torch-backend-to-linalg-on-tensors-backend-pipeline | FileCheck %s

// One relu is left, lowered to one linalg.generic (x > 0 ? x : 0).
// CHECK-LABEL: func.func @double(
// CHECK-SAME:    %[[X:.*]]: tensor<2xf32>) -> tensor<2xf32>
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK:           arith.cmpf ugt
// CHECK:           arith.select
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]] : tensor<2xf32>
func.func @double(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.relu %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %1 : !torch.vtensor<[2],f32>
}
