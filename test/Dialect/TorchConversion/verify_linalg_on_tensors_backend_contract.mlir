// RUN: torch-mlir-opt %s -torch-verify-linalg-on-tensors-backend-contract -split-input-file -verify-diagnostics | FileCheck %s

// What the contract allows passes through unchanged.
// CHECK-LABEL: func.func @legal
// CHECK: linalg.generic
// CHECK: math.tanh
// CHECK: scf.if
#id = affine_map<(i) -> (i)>
func.func @legal(%x: tensor<?xf32>, %c: i1, %z: complex<f64>) -> (tensor<?xf32>, complex<f64>) {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
       ins(%x : tensor<?xf32>) outs(%x : tensor<?xf32>) {
  ^bb0(%a: f32, %out: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  %s = scf.if %c -> tensor<?xf32> {
    scf.yield %r : tensor<?xf32>
  } else {
    scf.yield %x : tensor<?xf32>
  }
  return %s, %z : tensor<?xf32>, complex<f64>
}

// -----

// The first offending op is named, not the ones after it.
func.func @torch_op(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'torch.constant.int' op is not part of the linalg-on-tensors backend contract: dialect 'torch' is not allowed}}
  %0 = torch.constant.int 1
  %1 = torch.constant.int 2
  return %x : tensor<2xf32>
}

// -----

// Signatures are checked after every op, and name the function.
// expected-error @+1 {{'func.func' op has type '(!torch.vtensor<[2],f32>) -> ()', which the linalg-on-tensors backend contract does not allow}}
func.func @torch_argument(%x: !torch.vtensor<[2],f32>) {
  return
}

// -----

func.func private @g() -> !torch.int
func.func @torch_result_type() {
  // expected-error @+1 {{'func.call' op result #0 has type '!torch.int', which the linalg-on-tensors backend contract does not allow}}
  %0 = func.call @g() : () -> !torch.int
  return
}

// -----

// expected-error @+1 {{'func.func' op has type '() -> memref<2xf32>', which the linalg-on-tensors backend contract does not allow}}
func.func private @buffers() -> memref<2xf32>

// -----

func.func @memref_op() {
  // expected-error @+1 {{'memref.alloc' op is not part of the linalg-on-tensors backend contract: dialect 'memref' is not allowed}}
  %0 = memref.alloc() : memref<2xf32>
  return
}
