// torch-lower-to-backend-contract and torch-function-to-torch-backend-pipeline:
// unrefined IR is refined, then decomposed, until every tensor has a rank
// and dtype; what cannot reach the contract is named with the reason.
// RUN: torch-mlir-opt %s -torch-lower-to-backend-contract -split-input-file -verify-diagnostics | FileCheck %s
// RUN: torch-mlir-opt %s -torch-function-to-torch-backend-pipeline="backend-legal-ops=aten.softmax.int" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=LEGAL
// RUN: not torch-mlir-opt %s -torch-lower-to-backend-contract="extra-library=shapes.mlir" -split-input-file 2>&1 | FileCheck %s --check-prefix=LIBRARY

// The softmax is decomposed once refinement gave its operand a type; the
// public function's result takes the refined type.
// CHECK-LABEL: func.func @refined_then_decomposed(
// CHECK-SAME:      -> !torch.vtensor<[2,3],f32>
// CHECK-NOT:     torch.aten.softmax.int
// CHECK:         torch.aten.exp {{.*}} -> !torch.vtensor<[2,3],f32>
// LEGAL-LABEL: func.func @refined_then_decomposed(
// LEGAL:         torch.aten.softmax.int {{.*}} -> !torch.vtensor<[2,3],f32>
// LIBRARY:     error: extra-library is not supported
func.func @refined_then_decomposed(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %0 = torch.aten.relu %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor
  %1 = torch.aten.softmax.int %0, %int1, %none : !torch.vtensor, !torch.int, !torch.none -> !torch.vtensor
  return %1 : !torch.vtensor
}

// -----

// An op with no rule: the error names it, its result and what is missing.
func.func @no_rule(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor {
  // expected-error @+1 {{unsupported by backend contract: result #0 has type '!torch.vtensor', which lacks a known rank and dtype: torch-refine-types has no rule for 'torch.aten.nonzero'}}
  %0 = torch.aten.nonzero %x : !torch.vtensor<[4],f32> -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// A rule that needs a constant it does not have.
func.func @not_constant(%x: !torch.vtensor<[4,5],f32>, %d: !torch.int) -> !torch.vtensor {
  %false = torch.constant.bool false
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %d : (!torch.int) -> !torch.list<int>
  // expected-error @+1 {{has type '!torch.vtensor<*,f32>', which lacks a known rank: its rule needs an argument that is not a constant}}
  %0 = torch.aten.sum.dim_IntList %x, %dims, %false, %none : !torch.vtensor<[4,5],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// A tensor without value semantics that stays so: it is written in a branch
// (torch-maximize-value-semantics follows one block).
func.func @non_value(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>, %c: !torch.bool) -> !torch.vtensor<[4],f32> {
  // expected-error @+1 {{unsupported by backend contract: result #0 has type '!torch.tensor<[4],f32>', which lacks value semantics (a !torch.tensor, not a !torch.vtensor): torch-reduce-op-variants and torch-maximize-value-semantics could not make it a value (it is used in another block}}
  %t = torch.copy.to_tensor %x : !torch.tensor<[4],f32>
  torch.prim.If %c -> () {
    torch.overwrite.tensor.contents %y overwrites %t : !torch.vtensor<[4],f32>, !torch.tensor<[4],f32>
    torch.prim.If.yield
  } else {
    torch.prim.If.yield
  }
  %0 = torch.copy.to_vtensor %t : !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
