// torch-backend-to-tosa-backend-pipeline: TOSA out, checked by the contract
// and by tosa-validate; what has no TOSA form is named by the contract check.
// RUN: torch-mlir-opt %s --torch-backend-to-tosa-backend-pipeline -split-input-file -verify-diagnostics | FileCheck %s

// A linear layer and a GELU: builtin tensors at the boundary, tosa inside.
// CHECK-LABEL: func.func @linear_gelu(
// CHECK-SAME:      %{{.*}}: tensor<2x8xf32>) -> tensor<2x4xf32>
// CHECK:         tosa.matmul
// CHECK:         tosa.erf
// CHECK-NOT:     torch
// CHECK:         return
func.func @linear_gelu(%x: !torch.vtensor<[2,8],f32>) -> !torch.vtensor<[2,4],f32> {
  %w = torch.vtensor.literal(dense<0.5> : tensor<8x4xf32>) : !torch.vtensor<[8,4],f32>
  %b = torch.vtensor.literal(dense<0.25> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %int1 = torch.constant.int 1
  %none = torch.constant.str "none"
  %0 = torch.aten.addmm %b, %x, %w, %int1, %int1 : !torch.vtensor<[4],f32>, !torch.vtensor<[2,8],f32>, !torch.vtensor<[8,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,4],f32>
  %1 = torch.aten.gelu %0, %none : !torch.vtensor<[2,4],f32>, !torch.str -> !torch.vtensor<[2,4],f32>
  return %1 : !torch.vtensor<[2,4],f32>
}

// -----

func.func @no_tosa_form(%x: !torch.vtensor<[5],f32>) -> !torch.vtensor<[5],f32> {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  // expected-error @+1 {{'torch.aten.sort' op is not part of the TOSA backend contract: dialect 'torch' is not allowed (allowed: builtin, func, tosa); it has no TOSA form here}}
  %0, %1 = torch.aten.sort %x, %int0, %false : !torch.vtensor<[5],f32>, !torch.int, !torch.bool -> !torch.vtensor<[5],f32>, !torch.vtensor<[5],si64>
  return %0 : !torch.vtensor<[5],f32>
}

// -----

// f64 has no TOSA type: the contract names the op computing in it.
func.func @f64(%x: !torch.vtensor<[3],f64>) -> !torch.vtensor<[3],f64> {
  // expected-error @+1 {{'tosa.exp' op operand #0 has type 'tensor<3xf64>', which the TOSA backend contract does not allow}}
  %0 = torch.aten.exp %x : !torch.vtensor<[3],f64> -> !torch.vtensor<[3],f64>
  return %0 : !torch.vtensor<[3],f64>
}
