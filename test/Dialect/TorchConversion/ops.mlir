// The torch_c bridge ops round-trip in upstream torch-mlir's form.
// RUN: torch-mlir-opt %s | torch-mlir-opt | FileCheck %s

// CHECK-LABEL: func.func @bridges(
// CHECK-SAME: %[[V:.*]]: !torch.vtensor<[2,?],f32>, %[[T:.*]]: tensor<2x?xf32>, %[[I:.*]]: !torch.int, %[[X:.*]]: i64, %[[F:.*]]: !torch.float, %[[Y:.*]]: f64, %[[B:.*]]: !torch.bool, %[[Z:.*]]: i1, %[[G:.*]]: !torch.Generator, %[[S:.*]]: !torch.vtensor<[3],si64>)
func.func @bridges(%v: !torch.vtensor<[2,?],f32>, %t: tensor<2x?xf32>, %i: !torch.int, %x: i64, %f: !torch.float, %y: f64, %b: !torch.bool, %z: i1, %g: !torch.Generator, %s: !torch.vtensor<[3],si64>) {
  // CHECK: torch_c.to_builtin_tensor %[[V]] : !torch.vtensor<[2,?],f32> -> tensor<2x?xf32>
  %0 = torch_c.to_builtin_tensor %v : !torch.vtensor<[2,?],f32> -> tensor<2x?xf32>
  // CHECK: torch_c.from_builtin_tensor %[[T]] : tensor<2x?xf32> -> !torch.vtensor<[2,?],f32>
  %1 = torch_c.from_builtin_tensor %t : tensor<2x?xf32> -> !torch.vtensor<[2,?],f32>
  // Signed Torch integers lower to signless builtin ones.
  // CHECK: torch_c.to_builtin_tensor %[[S]] : !torch.vtensor<[3],si64> -> tensor<3xi64>
  %2 = torch_c.to_builtin_tensor %s : !torch.vtensor<[3],si64> -> tensor<3xi64>
  // CHECK: torch_c.to_i64 %[[I]]
  %3 = torch_c.to_i64 %i
  // CHECK: torch_c.from_i64 %[[X]]
  %4 = torch_c.from_i64 %x
  // CHECK: torch_c.to_f64 %[[F]]
  %5 = torch_c.to_f64 %f
  // CHECK: torch_c.from_f64 %[[Y]]
  %6 = torch_c.from_f64 %y
  // CHECK: torch_c.to_i1 %[[B]]
  %7 = torch_c.to_i1 %b
  // CHECK: torch_c.from_i1 %[[Z]]
  %8 = torch_c.from_i1 %z
  // CHECK: torch_c.generator_to_i64 %[[G]]
  %9 = torch_c.generator_to_i64 %g
  // CHECK: torch_c.i64_to_generator %[[X]]
  %10 = torch_c.i64_to_generator %x
  // CHECK: torch_c.get_next_seed : () -> i64
  %11 = torch_c.get_next_seed : () -> i64
  return
}
