// convert-torch-to-scf: torch.prim.If (what torch.cond imports as) to scf.if.
// RUN: torch-mlir-opt %s -convert-torch-to-scf | FileCheck %s

// CHECK-LABEL: func.func @cond(
// CHECK-SAME:    %[[C:.*]]: !torch.bool, %[[X:.*]]: !torch.vtensor<[3],f32>)
// CHECK-DAG:     %[[XB:.*]] = torch_c.to_builtin_tensor %[[X]]
// CHECK-DAG:     %[[I1:.*]] = torch_c.to_i1 %[[C]]
// CHECK:         %[[R:.*]] = scf.if %[[I1]] -> (tensor<3xf32>) {
// CHECK:           %[[S:.*]] = torch.aten.sin %[[X]]
// CHECK:           %[[SB:.*]] = torch_c.to_builtin_tensor %[[S]]
// CHECK:           scf.yield %[[SB]] : tensor<3xf32>
// CHECK:         } else {
// CHECK:           scf.yield %[[XB]] : tensor<3xf32>
// CHECK:         }
// CHECK:         torch_c.from_builtin_tensor %[[R]]
func.func @cond(%c: !torch.bool, %x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %0 = torch.prim.If %c -> (!torch.vtensor<[3],f32>) {
    %1 = torch.aten.sin %x : !torch.vtensor<[3],f32> -> !torch.vtensor<[3],f32>
    torch.prim.If.yield %1 : !torch.vtensor<[3],f32>
  } else {
    torch.prim.If.yield %x : !torch.vtensor<[3],f32>
  }
  return %0 : !torch.vtensor<[3],f32>
}
