// torch-backend-to-linalg-on-tensors-backend-pipeline on what it cannot lower:
// the op stays through the conversions, and the contract check names it (not
// the constants or lists that feed it).
// RUN: torch-mlir-opt %s --torch-backend-to-linalg-on-tensors-backend-pipeline -split-input-file -verify-diagnostics

func.func @unlowered_after_lowered(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.neg %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  // expected-error @+1 {{'torch.operator' op is not part of the linalg-on-tensors backend contract}}
  %1 = torch.operator "aten.special_bessel_j0"(%0) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  return %1 : !torch.vtensor<[2],f32>
}

// -----

// max_pool2d_with_indices whose window is known only at run time (the
// conversion needs a constant one; no decomposition applies) is named, not
// its parameter lists.
func.func @max_pool_with_indices_dynamic(%x: !torch.vtensor<[1,2,?,?],f32>, %n: !torch.int) -> (!torch.vtensor<[1,2,?,?],f32>, !torch.vtensor<[1,2,?,?],si64>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %n, %n : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{'torch.aten.max_pool2d_with_indices' op is not part of the linalg-on-tensors backend contract}}
  %0, %1 = torch.aten.max_pool2d_with_indices %x, %k, %k, %p, %d, %false : !torch.vtensor<[1,2,?,?],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,?,?],f32>, !torch.vtensor<[1,2,?,?],si64>
  return %0, %1 : !torch.vtensor<[1,2,?,?],f32>, !torch.vtensor<[1,2,?,?],si64>
}

// -----

// index_put with index tensors that are not next to each other (x[i, :, j] = v)
// is named, not its index list.
func.func @index_put_apart(%x: !torch.vtensor<[4,3,5],f32>, %i: !torch.vtensor<[2],si64>, %j: !torch.vtensor<[2],si64>, %v: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3,5],f32> {
  %false = torch.constant.bool false
  %none = torch.constant.none
  %indices = torch.prim.ListConstruct %i, %none, %j : (!torch.vtensor<[2],si64>, !torch.none, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  // expected-error @+1 {{'torch.aten.index_put' op is not part of the linalg-on-tensors backend contract}}
  %0 = torch.aten.index_put %x, %indices, %v, %false : !torch.vtensor<[4,3,5],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,3],f32>, !torch.bool -> !torch.vtensor<[4,3,5],f32>
  return %0 : !torch.vtensor<[4,3,5],f32>
}
