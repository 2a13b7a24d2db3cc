// convert-torch-to-linalg, aten.uniform: one seed drawn from the module's
// generator per op, then each element a hash of that seed and its row-major
// position, scaled to [from, to) with as many random bits as the dtype's
// significand holds (24 for f32, 53 for f64).
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @uniform_f32(
// CHECK:         %[[SEED:.*]] = torch_c.get_next_seed : () -> i64
// CHECK:         %[[DIM:.*]] = tensor.dim
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<?x4xf32>)
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[R:.*]] = arith.muli %[[I]], %c4
// CHECK:           %[[J:.*]] = linalg.index 1 : index
// CHECK:           %[[P:.*]] = arith.addi %[[R]], %[[J]]
// CHECK:           arith.addi %[[SEED]],
// CHECK:           arith.shrui %{{.*}}, %c40_i64
// CHECK:           arith.mulf %{{.*}}, %cst{{.*}} : f64
// CHECK:           arith.truncf %{{.*}} : f64 to f32
func.func @uniform_f32(%x: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %none = torch.constant.none
  %a = torch.constant.float -1.000000e+00
  %b = torch.constant.float 2.000000e+00
  %0 = torch.aten.uniform %x, %a, %b, %none : !torch.vtensor<[?,4],f32>, !torch.float, !torch.float, !torch.none -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}

// -----

// f64: the top 53 bits.
// CHECK-LABEL: func.func @uniform_f64(
// CHECK:         torch_c.get_next_seed
// CHECK:         arith.shrui %{{.*}}, %c11_i64
func.func @uniform_f64(%x: !torch.vtensor<[5],f64>) -> !torch.vtensor<[5],f64> {
  %none = torch.constant.none
  %a = torch.constant.float 0.000000e+00
  %b = torch.constant.float 1.000000e+00
  %0 = torch.aten.uniform %x, %a, %b, %none : !torch.vtensor<[5],f64>, !torch.float, !torch.float, !torch.none -> !torch.vtensor<[5],f64>
  return %0 : !torch.vtensor<[5],f64>
}

// -----

// A generator argument: not lowered (the module owns the only generator).
// CHECK-LABEL: func.func @with_generator(
// CHECK:         torch.aten.uniform
func.func @with_generator(%x: !torch.vtensor<[5],f32>, %g: !torch.Generator) -> !torch.vtensor<[5],f32> {
  %a = torch.constant.float 0.000000e+00
  %b = torch.constant.float 1.000000e+00
  %0 = torch.aten.uniform %x, %a, %b, %g : !torch.vtensor<[5],f32>, !torch.float, !torch.float, !torch.Generator -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}
