// RUN: not torch-mlir-opt %s -refback-linalg-on-tensors-to-llvm-pipeline 2>&1 >/dev/null | FileCheck %s

// Input outside the linalg-on-tensors contract stops at the pipeline's first
// pass, which names the first offending op at its location.
// CHECK: pipeline_checks_the_contract_first.mlir:7:8: error: 'torch.constant.int' op is not part of the linalg-on-tensors backend contract: dialect 'torch' is not allowed
func.func @not_linalg(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c = torch.constant.int 1
  return %x : tensor<2xf32>
}
