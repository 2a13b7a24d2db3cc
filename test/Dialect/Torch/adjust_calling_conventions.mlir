// torch-adjust-calling-conventions: functions take and return value tensors;
// a mutable-tensor argument is read through a fresh copy in the body.
// RUN: torch-mlir-opt %s -torch-adjust-calling-conventions -split-input-file -verify-diagnostics | FileCheck %s

// An argument with a type bound (TorchScript-era upstream's) takes it; one
// without takes its own sizes and dtype; a returned mutable tensor is read.
// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],f32>, %[[Y:.*]]: !torch.vtensor<[3],f32>) -> !torch.vtensor {
// CHECK-NOT:     torch.type_bound
// CHECK:         %[[YC:.*]] = torch.copy.to_tensor %[[Y]] : !torch.tensor<[3],f32>
// CHECK:         %[[XC:.*]] = torch.copy.to_tensor %[[X]] : !torch.tensor<[2,3],f32>
// CHECK:         %[[XT:.*]] = torch.tensor_static_info_cast %[[XC]] : !torch.tensor<[2,3],f32> to !torch.tensor
// CHECK:         %[[SUM:.*]] = torch.aten.add.Tensor %[[XT]], %[[YC]], {{.*}} -> !torch.tensor
// CHECK:         %[[OUT:.*]] = torch.copy.to_vtensor %[[SUM]] : !torch.vtensor
// CHECK:         return %[[OUT]] : !torch.vtensor
func.func @forward(%x: !torch.tensor {torch.type_bound = !torch.vtensor<[2,3],f32>}, %y: !torch.tensor<[3],f32>) -> !torch.tensor {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %x, %y, %int1 : !torch.tensor, !torch.tensor<[3],f32>, !torch.int -> !torch.tensor
  return %0 : !torch.tensor
}

// -----

// A call to a changed function passes values and gets a fresh mutable
// tensor back, as its users had it.
// CHECK-LABEL: func.func private @callee(
// CHECK-SAME:      %{{.*}}: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// CHECK-LABEL: func.func @caller(
// CHECK:         %[[ARG:.*]] = torch.copy.to_vtensor %{{.*}} : !torch.vtensor<[2],f32>
// CHECK:         %[[R:.*]] = call @callee(%[[ARG]]) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// CHECK:         torch.copy.to_tensor %[[R]] : !torch.tensor<[2],f32>
func.func private @callee(%t: !torch.tensor<[2],f32>) -> !torch.tensor<[2],f32> {
  %0 = torch.aten.neg %t : !torch.tensor<[2],f32> -> !torch.tensor<[2],f32>
  return %0 : !torch.tensor<[2],f32>
}

func.func @caller(%t: !torch.tensor<[2],f32>) -> !torch.tensor<[2],f32> {
  %0 = call @callee(%t) : (!torch.tensor<[2],f32>) -> !torch.tensor<[2],f32>
  return %0 : !torch.tensor<[2],f32>
}

// -----

// An argument the function writes: its caller would never see the write.
// expected-note @+1 {{the function}}
func.func @writes_its_argument(%t: !torch.tensor<[2],f32>) -> !torch.tensor<[2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %row = torch.aten.select.int %t, %int0, %int1 : !torch.tensor<[2],f32>, !torch.int, !torch.int -> !torch.tensor<[],f32>
  // expected-error @+1 {{writes argument #0 of @writes_its_argument in place, and a value-semantic backend cannot write to its caller's tensor: return the new value instead (torch_mlir.fx imports with mutations="results")}}
  %0 = torch.aten.zero_ %row : !torch.tensor<[],f32> -> !torch.tensor<[],f32>
  return %t : !torch.tensor<[2],f32>
}
