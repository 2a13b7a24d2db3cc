// convert-torch-onnx-to-torch: DFT.
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file | FileCheck %s

// A onesided transform of a real signal: _fft_r2c, then ONNX's layout.
// CHECK-LABEL: func.func @dft_rfft
// CHECK:         %[[RE:.*]] = torch.aten.select.int %arg0, %int2, %int0 : !torch.vtensor<[2,8,1],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,8],f32>
// CHECK:         %[[Z:.*]] = torch.aten._fft_r2c %[[RE]], %{{.*}}, %int0{{[_0-9]*}}, %true : !torch.vtensor<[2,8],f32>, !torch.list<int>, !torch.int, !torch.bool -> !torch.vtensor<[2,5],complex<f32>>
// CHECK:         torch.aten.view_as_real %[[Z]] : !torch.vtensor<[2,5],complex<f32>> -> !torch.vtensor<[2,5,2],f32>
func.func @dft_rfft(%x: !torch.vtensor<[2,8,1],f32>) -> !torch.vtensor<[2,5,2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 17 : si64}} {
  %0 = torch.operator "onnx.DFT"(%x) {torch.onnx.axis = 1 : si64, torch.onnx.onesided = 1 : si64} : (!torch.vtensor<[2,8,1],f32>) -> !torch.vtensor<[2,5,2],f32>
  return %0 : !torch.vtensor<[2,5,2],f32>
}

// -----

// An inverse transform of a complex signal padded to dft_length 6: the
// parts made complex, _fft_c2c backward with normalization 2 (by 1/n).
// CHECK-LABEL: func.func @dft_inverse_padded
// CHECK:         %[[PADDED:.*]] = torch.aten.constant_pad_nd %{{.*}} -> !torch.vtensor<[6,2],f32>
// CHECK:         %[[Z:.*]] = torch.aten.complex %{{.*}}, %{{.*}} : !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32> -> !torch.vtensor<[6],complex<f32>>
// CHECK:         torch.aten._fft_c2c %[[Z]], %{{.*}}, %int2{{[_0-9]*}}, %false
func.func @dft_inverse_padded(%x: !torch.vtensor<[4,2],f32>) -> !torch.vtensor<[6,2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 20 : si64}} {
  %len = torch.vtensor.literal(dense<6> : tensor<si64>) : !torch.vtensor<[],si64>
  %axis = torch.vtensor.literal(dense<0> : tensor<si64>) : !torch.vtensor<[],si64>
  %0 = torch.operator "onnx.DFT"(%x, %len, %axis) {torch.onnx.inverse = 1 : si64} : (!torch.vtensor<[4,2],f32>, !torch.vtensor<[],si64>, !torch.vtensor<[],si64>) -> !torch.vtensor<[6,2],f32>
  return %0 : !torch.vtensor<[6,2],f32>
}

// -----

// The axis at run time: one prim.If per dim that can be transformed.
// CHECK-LABEL: func.func @dft_run_time_axis
// CHECK:         %[[AXIS:.*]] = torch.aten.Int.Tensor %arg1
// CHECK:         torch.prim.If %{{.*}} -> (!torch.vtensor<[?,?,2],f32>) {
// CHECK:           torch.aten._fft_r2c %{{.*}}, %{{.*}}, %int0{{[_0-9]*}}, %false
// CHECK:         } else {
// CHECK:           torch.aten._fft_r2c
// CHECK:         torch.tensor_static_info_cast %{{.*}} : !torch.vtensor<[?,?,2],f32> to !torch.vtensor<[3,5,2],f32>
func.func @dft_run_time_axis(%x: !torch.vtensor<[3,5,1],f32>, %axis: !torch.vtensor<[],si64>) -> !torch.vtensor<[3,5,2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 20 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.DFT"(%x, %none, %axis) : (!torch.vtensor<[3,5,1],f32>, !torch.none, !torch.vtensor<[],si64>) -> !torch.vtensor<[3,5,2],f32>
  return %0 : !torch.vtensor<[3,5,2],f32>
}
