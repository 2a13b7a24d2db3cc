// RUN: torch-mlir-opt %s -torch-func-backend-type-conversion -split-input-file | FileCheck %s
// RUN: torch-mlir-opt %s -torch-func-backend-type-conversion -torch-finalizing-backend-type-conversion -split-input-file | FileCheck %s --check-prefix=FINAL

// Signatures and returns take builtin types (the conversion drops a bridge
// pair it would make for a value that goes straight to the return).
// CHECK-LABEL: func.func @tensors(
// CHECK-SAME:      %[[A:.*]]: tensor<2x?xf32>, %[[B:.*]]: tensor<3xi64>) -> (tensor<3xi64>, tensor<2x?xf32>)
// CHECK-NEXT:    return %[[B]], %[[A]] : tensor<3xi64>, tensor<2x?xf32>
// FINAL-LABEL: func.func @tensors(
// FINAL-NEXT:    return
func.func @tensors(%a: !torch.vtensor<[2,?],f32>, %b: !torch.vtensor<[3],si64>)
    -> (!torch.vtensor<[3],si64>, !torch.vtensor<[2,?],f32>) {
  return %b, %a : !torch.vtensor<[3],si64>, !torch.vtensor<[2,?],f32>
}

// -----

// Scalars: int -> i64, float -> f64, bool -> i1. A Torch op in between keeps
// its bridges after finalizing.
// CHECK-LABEL: func.func @scalars(%{{.*}}: i64, %{{.*}}: f64, %{{.*}}: i1) -> (i64, i1)
// CHECK:         torch_c.from_i64
// CHECK:         torch.aten.neg.int
// CHECK:         torch_c.to_i64
// FINAL-LABEL: func.func @scalars(
// FINAL:         %[[I:.*]] = torch_c.from_i64 %{{.*}}
// FINAL:         %[[N:.*]] = torch.aten.neg.int %[[I]] : !torch.int -> !torch.int
// FINAL:         %[[R:.*]] = torch_c.to_i64 %[[N]]
// FINAL-NOT:     torch_c.from_f64
// FINAL:         return %[[R]], %{{.*}} : i64, i1
func.func @scalars(%i: !torch.int, %f: !torch.float, %b: !torch.bool) -> (!torch.int, !torch.bool) {
  %n = torch.aten.neg.int %i : !torch.int -> !torch.int
  return %n, %b : !torch.int, !torch.bool
}

// -----

// A tensor of unknown dtype has no builtin type: it stays.
// CHECK-LABEL: func.func @unknown_dtype(%{{.*}}: !torch.vtensor) -> !torch.vtensor
func.func @unknown_dtype(%a: !torch.vtensor) -> !torch.vtensor {
  return %a : !torch.vtensor
}
