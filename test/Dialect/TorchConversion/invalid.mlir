// Ill-typed bridges are rejected with a diagnostic.
// RUN: torch-mlir-opt %s --split-input-file --verify-diagnostics

func.func @element_type(%v: !torch.vtensor<[2],f32>) {
  // expected-error @+1 {{element type 'f64' is not the lowering of dtype 'f32'}}
  %0 = torch_c.to_builtin_tensor %v : !torch.vtensor<[2],f32> -> tensor<2xf64>
  return
}

// -----

func.func @sizes(%t: tensor<3xf32>) {
  // expected-error @+1 {{sizes of '!torch.vtensor<[2],f32>' and 'tensor<3xf32>' differ}}
  %0 = torch_c.from_builtin_tensor %t : tensor<3xf32> -> !torch.vtensor<[2],f32>
  return
}

// -----

func.func @no_dtype(%v: !torch.vtensor<[2],unk>) {
  // expected-error @+1 {{needs a Torch tensor type with a known dtype}}
  %0 = torch_c.to_builtin_tensor %v : !torch.vtensor<[2],unk> -> tensor<2xf32>
  return
}

// -----

func.func @scalar_type(%f: !torch.float) {
  // expected-error @+1 {{operand #0 must be torch.int}}
  %0 = "torch_c.to_i64"(%f) : (!torch.float) -> i64
  return
}
