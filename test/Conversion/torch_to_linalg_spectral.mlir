// convert-torch-to-linalg, Fourier transforms and complex elements: the DFT
// as a reduction on complex<f64>, rounded to the result's complex type; the
// real inverse DFT; complex arithmetic; abs of a complex tensor; complex,
// polar, _conj and angle; view_as_real.
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

// -----

// _fft_c2c inverse (forward = false) over dim 1 of length 6, normalized by
// 1/n (code 2): the angle step is +2 pi / 6, and each sum is scaled by 1/6
// before rounding to complex<f32>.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @ifft_c2c(
// CHECK-DAG:     %[[SCALE:.*]] = arith.constant 0.16666666666666666 : f64
// CHECK-DAG:     %[[STEP:.*]] = arith.constant 1.0471975511965976 : f64
// CHECK-DAG:     %[[N:.*]] = arith.constant 6 : i64
// CHECK:         %[[SUMS:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<3x6xcomplex<f32>>) outs(%{{.*}} : tensor<3x6xcomplex<f64>>)
// CHECK:         ^bb0(%[[X:.*]]: complex<f32>, %[[ACC:.*]]: complex<f64>):
// CHECK:           %[[TURNS:.*]] = arith.remsi %{{.*}}, %[[N]] : i64
// CHECK:           %[[T:.*]] = arith.sitofp %[[TURNS]] : i64 to f64
// CHECK:           %[[ANGLE:.*]] = arith.mulf %[[T]], %[[STEP]] : f64
// CHECK:           %[[W:.*]] = complex.create %{{.*}}, %{{.*}} : complex<f64>
// CHECK:           %[[RE:.*]] = complex.re %[[X]] : complex<f32>
// CHECK:           %[[IM:.*]] = complex.im %[[X]] : complex<f32>
// CHECK:           %[[X64:.*]] = complex.create %{{.*}}, %{{.*}} : complex<f64>
// CHECK:           %[[TERM:.*]] = complex.mul %[[X64]], %[[W]] : complex<f64>
// CHECK:           complex.add %[[ACC]], %[[TERM]] : complex<f64>
// CHECK:         linalg.generic {{.*}} ins(%[[SUMS]] : tensor<3x6xcomplex<f64>>) outs(%{{.*}} : tensor<3x6xcomplex<f32>>)
// CHECK:           %[[SRE:.*]] = arith.mulf %{{.*}}, %[[SCALE]] : f64
// CHECK:           %[[SIM:.*]] = arith.mulf %{{.*}}, %[[SCALE]] : f64
// CHECK:           %[[R32:.*]] = arith.truncf %[[SRE]] : f64 to f32
// CHECK:           %[[I32:.*]] = arith.truncf %[[SIM]] : f64 to f32
// CHECK:           complex.create %[[R32]], %[[I32]] : complex<f32>
// CHECK-NOT:     torch.aten._fft_c2c
func.func @ifft_c2c(%x: !torch.vtensor<[3,6],complex<f32>>) -> !torch.vtensor<[3,6],complex<f32>> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten._fft_c2c %x, %dims, %int2, %false : !torch.vtensor<[3,6],complex<f32>>, !torch.list<int>, !torch.int, !torch.bool -> !torch.vtensor<[3,6],complex<f32>>
  return %0 : !torch.vtensor<[3,6],complex<f32>>
}

// -----

// view_as_real: a new last dim of 2, element 0 the real part, 1 the
// imaginary part.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @view_as_real(
// CHECK:         %[[N:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x3xcomplex<f64>>
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x3x2xf64>
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<?x3xcomplex<f64>>) outs(%[[E]] : tensor<?x3x2xf64>)
// CHECK:         ^bb0(%[[X:.*]]: complex<f64>, %{{.*}}: f64):
// CHECK:           %[[K:.*]] = linalg.index 2 : index
// CHECK:           %[[IS_IM:.*]] = arith.cmpi eq, %[[K]], %c1 : index
// CHECK-DAG:       %[[IM:.*]] = complex.im %[[X]] : complex<f64>
// CHECK-DAG:       %[[RE:.*]] = complex.re %[[X]] : complex<f64>
// CHECK:           arith.select %[[IS_IM]], %[[IM]], %[[RE]] : f64
func.func @view_as_real(%x: !torch.vtensor<[?,3],complex<f64>>) -> !torch.vtensor<[?,3,2],f64> {
  %0 = torch.aten.view_as_real %x : !torch.vtensor<[?,3],complex<f64>> -> !torch.vtensor<[?,3,2],f64>
  return %0 : !torch.vtensor<[?,3,2],f64>
}

// -----

// complex(re, im) is complex.create; polar(abs, angle) is
// (abs * cos(angle), abs * sin(angle)); _conj is complex.conj; angle of a
// complex tensor is complex.angle, a real result.
// CHECK-LABEL: func.func @complex_polar_conj_angle(
// CHECK:         ^bb0(%[[RE:.*]]: f32, %[[IM:.*]]: f32, %{{.*}}: complex<f32>):
// CHECK:           complex.create %[[RE]], %[[IM]] : complex<f32>
// CHECK:         ^bb0(%[[ABS:.*]]: f32, %[[ANG:.*]]: f32, %{{.*}}: complex<f32>):
// CHECK:           %[[COS:.*]] = math.cos %[[ANG]] : f32
// CHECK:           %[[X:.*]] = arith.mulf %[[ABS]], %[[COS]] : f32
// CHECK:           %[[SIN:.*]] = math.sin %[[ANG]] : f32
// CHECK:           %[[Y:.*]] = arith.mulf %[[ABS]], %[[SIN]] : f32
// CHECK:           complex.create %[[X]], %[[Y]] : complex<f32>
// CHECK:         ^bb0(%[[C:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK:           complex.conj %[[C]] : complex<f32>
// CHECK:         ^bb0(%[[D:.*]]: complex<f32>, %{{.*}}: f32):
// CHECK:           complex.angle %[[D]] : complex<f32>
// CHECK-NOT:     torch.aten
func.func @complex_polar_conj_angle(%re: !torch.vtensor<[4],f32>, %im: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],complex<f32>>, !torch.vtensor<[4],complex<f32>>, !torch.vtensor<[4],f32>) {
  %0 = torch.aten.complex %re, %im : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],complex<f32>>
  %1 = torch.aten.polar %re, %im : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],complex<f32>>
  %2 = torch.aten._conj %0 : !torch.vtensor<[4],complex<f32>> -> !torch.vtensor<[4],complex<f32>>
  %3 = torch.aten.angle %2 : !torch.vtensor<[4],complex<f32>> -> !torch.vtensor<[4],f32>
  return %1, %2, %3 : !torch.vtensor<[4],complex<f32>>, !torch.vtensor<[4],complex<f32>>, !torch.vtensor<[4],f32>
}
