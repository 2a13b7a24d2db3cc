// convert-torch-to-linalg, Fourier transforms and complex elements: the DFT
// as a reduction on complex<f64>, rounded to the result's complex type; the
// real inverse DFT; complex arithmetic; abs of a complex tensor.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// rfft over the last dim of length 8 keeps 8 // 2 + 1 = 5 outputs; the angle
// step is -2 pi / 8 and jk is reduced mod 8 first.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @rfft_abs(
// CHECK-DAG:     %[[STEP:.*]] = arith.constant -0.78539816339744828 : f64
// CHECK-DAG:     %[[N:.*]] = arith.constant 8 : i64
// CHECK:         %[[SUMS:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<?x8xf32>) outs(%{{.*}} : tensor<?x5xcomplex<f64>>)
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[ACC:.*]]: complex<f64>):
// CHECK-DAG:       %[[K:.*]] = linalg.index 1 : index
// CHECK-DAG:       %[[J:.*]] = linalg.index 2 : index
// CHECK:           %[[JK:.*]] = arith.muli
// CHECK:           %[[TURNS:.*]] = arith.remsi %[[JK]], %[[N]] : i64
// CHECK:           %[[T:.*]] = arith.sitofp %[[TURNS]] : i64 to f64
// CHECK:           %[[ANGLE:.*]] = arith.mulf %[[T]], %[[STEP]] : f64
// CHECK-DAG:       %[[SIN:.*]] = math.sin %[[ANGLE]] : f64
// CHECK-DAG:       %[[COS:.*]] = math.cos %[[ANGLE]] : f64
// CHECK:           %[[W:.*]] = complex.create %[[COS]], %[[SIN]] : complex<f64>
// CHECK:           %[[TERM:.*]] = complex.mul %{{.*}}, %[[W]] : complex<f64>
// CHECK:           complex.add %[[ACC]], %[[TERM]] : complex<f64>
// CHECK:         linalg.generic {{.*}} ins(%[[SUMS]] : tensor<?x5xcomplex<f64>>) outs(%{{.*}} : tensor<?x5xcomplex<f32>>)
// CHECK:           arith.truncf
// CHECK:           complex.create {{.*}} : complex<f32>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<?x5xf32>)
// CHECK:           complex.abs %{{.*}} : complex<f32>
func.func @rfft_abs(%x: !torch.vtensor<[?,8],f32>) -> !torch.vtensor<[?,5],f32> {
  %int-1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %dims = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten._fft_r2c %x, %dims, %int0, %true : !torch.vtensor<[?,8],f32>, !torch.list<int>, !torch.int, !torch.bool -> !torch.vtensor<[?,5],complex<f32>>
  %1 = torch.aten.abs %0 : !torch.vtensor<[?,5],complex<f32>> -> !torch.vtensor<[?,5],f32>
  return %1 : !torch.vtensor<[?,5],f32>
}

// -----

// Complex arithmetic: a real operand joins as (x, 0); the product is
// complex.mul in the result's type.
// CHECK-LABEL: func.func @complex_times_real(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         linalg.generic
// CHECK:         ^bb0(%[[C:.*]]: complex<f32>, %[[R:.*]]: f32, %{{.*}}: complex<f32>):
// CHECK:           %[[RC:.*]] = complex.create %[[R]], %[[ZERO]] : complex<f32>
// CHECK:           complex.mul %[[C]], %[[RC]] : complex<f32>
func.func @complex_times_real(%x: !torch.vtensor<[4],complex<f32>>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],complex<f32>> {
  %0 = torch.aten.mul.Tensor %x, %y : !torch.vtensor<[4],complex<f32>>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],complex<f32>>
  return %0 : !torch.vtensor<[4],complex<f32>>
}

// -----

// irfft of 5 bins to 8 samples: a real reduction over the bins, each
// weighted 1 (k = 0 and k = 4, the edges), 2 (between) or 0 (past n / 2).
// CHECK-LABEL: func.func @irfft(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<3x5xcomplex<f32>>) outs(%{{.*}} : tensor<3x8xf64>)
// CHECK-DAG:       math.cos
// CHECK-DAG:       math.sin
// CHECK:           arith.select
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<3x8xf32>)
func.func @irfft(%x: !torch.vtensor<[3,5],complex<f32>>) -> !torch.vtensor<[3,8],f32> {
  %int-1 = torch.constant.int -1
  %int2 = torch.constant.int 2
  %int8 = torch.constant.int 8
  %dims = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten._fft_c2r %x, %dims, %int2, %int8 : !torch.vtensor<[3,5],complex<f32>>, !torch.list<int>, !torch.int, !torch.int -> !torch.vtensor<[3,8],f32>
  return %0 : !torch.vtensor<[3,8],f32>
}

// -----

// A complex op without a lowering (exp) stays, for the contract check to name.
// CHECK-LABEL: func.func @complex_exp_stays(
// CHECK:         torch.aten.exp %{{.*}} : !torch.vtensor<[4],complex<f32>> -> !torch.vtensor<[4],complex<f32>>
func.func @complex_exp_stays(%x: !torch.vtensor<[4],complex<f32>>) -> !torch.vtensor<[4],complex<f32>> {
  %0 = torch.aten.exp %x : !torch.vtensor<[4],complex<f32>> -> !torch.vtensor<[4],complex<f32>>
  return %0 : !torch.vtensor<[4],complex<f32>>
}
