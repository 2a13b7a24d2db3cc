//===- Passes.td - torch_c passes: the backend contracts --------*- tablegen -*-===//

#ifndef TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES
#define TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def VerifyLinalgOnTensorsBackendContract
    : Pass<"torch-verify-linalg-on-tensors-backend-contract", "ModuleOp"> {
  let summary = "Fails on the first op or type outside the linalg-on-tensors "
                "backend contract";
  let description = [{
    The linalg-on-tensors contract is what a backend such as the reference
    backend accepts: ops of the builtin, func, linalg, tensor, arith, math,
    scf, cf, affine, complex and ml_program dialects, on builtin scalars
    (integers, floats, index, complex) and ranked tensors of them. No Torch
    op or type, no memref.

    The pass walks the module in order and reports the first op of a
    dialect outside the contract, or with an operand or result type outside
    it, at that op's location (the source line the importer recorded).
    Constants come last (they feed the op that did not lower, and the
    importer gives them no location), and function types and block arguments
    after them. Then it fails. It changes nothing.
  }];
}

#endif // TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES
