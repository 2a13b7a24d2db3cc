// RUN: consumer-opt %s --consumer-fold-double-relu | FileCheck %s

// CHECK-LABEL: func.func @double(
// CHECK-SAME:    %[[X:.*]]: !torch.vtensor<[2],f32>)
// CHECK-NEXT:    %[[R:.*]] = torch.aten.relu %[[X]] : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
// CHECK-NEXT:    return %[[R]]
func.func @double(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.relu %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %1 : !torch.vtensor<[2],f32>
}

// A relu of something else stays.
// CHECK-LABEL: func.func @single(
// CHECK:         torch.aten.relu
// CHECK:         torch.aten.relu
func.func @single(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.tanh %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  %2 = torch.aten.relu %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  %int1 = torch.constant.int 1
  %3 = torch.aten.add.Tensor %1, %2, %int1 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[2],f32>
  return %3 : !torch.vtensor<[2],f32>
}
