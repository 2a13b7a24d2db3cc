// torch-raise-operators: a torch.operator naming a registered op becomes
// that op; one with operands the op does not take, or an unknown name, stays.
// RUN: torch-mlir-opt %s -torch-raise-operators -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @raised(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[8],f32>)
// CHECK:         %[[R:.*]] = torch.aten._fft_r2c %[[X]], %{{.*}}, %int0, %true : !torch.vtensor<[8],f32>, !torch.list<int>, !torch.int, !torch.bool -> !torch.vtensor<[5],complex<f32>>
// CHECK:         return %[[R]]
func.func @raised(%x: !torch.vtensor<[8],f32>) -> !torch.vtensor<[5],complex<f32>> {
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %0 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %1 = torch.operator "aten._fft_r2c"(%x, %0, %int0, %true) : (!torch.vtensor<[8],f32>, !torch.list<int>, !torch.int, !torch.bool) -> !torch.vtensor<[5],complex<f32>>
  return %1 : !torch.vtensor<[5],complex<f32>>
}

// -----

// CHECK-LABEL: func.func @kept(
// CHECK:         torch.operator "aten._fft_r2c"(%{{.*}}) :
// CHECK:         torch.operator "aten.no_such_op"
func.func @kept(%x: !torch.vtensor<[8],f32>) -> (!torch.vtensor<[5],complex<f32>>, !torch.vtensor<[8],f32>) {
  %0 = torch.operator "aten._fft_r2c"(%x) : (!torch.vtensor<[8],f32>) -> !torch.vtensor<[5],complex<f32>>
  %1 = torch.operator "aten.no_such_op"(%x) : (!torch.vtensor<[8],f32>) -> !torch.vtensor<[8],f32>
  return %0, %1 : !torch.vtensor<[5],complex<f32>>, !torch.vtensor<[8],f32>
}
