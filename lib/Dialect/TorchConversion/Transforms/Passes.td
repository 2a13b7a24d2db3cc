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
    Constants, torch_c bridges and lists come last (they feed or carry the values of
    the op that did not lower, and have no location), and function types and
    block arguments after them. Then it fails. It changes nothing.
  }];
}

def FuncBackendTypeConversion
    : Pass<"torch-func-backend-type-conversion", "ModuleOp"> {
  let summary = "Gives functions builtin types instead of Torch ones";
  let description = [{
    Function signatures, calls and returns switch from Torch types to the
    builtin ones a backend takes: `!torch.vtensor<[2,?],si64>` becomes
    `tensor<2x?xi64>` (signed and unsigned integers become signless),
    `!torch.int` i64, `!torch.float` f64, `!torch.bool` i1. Inside the body,
    `torch_c` bridge ops (`from_builtin_tensor`, `to_i64`, ...) connect the new
    types to the ops that still use the old ones. Types without a builtin
    counterpart (a tensor of unknown dtype, a list) are left alone.
  }];
  let dependentDialects = ["TorchConversion::TorchConversionDialect"];
}

def FinalizingBackendTypeConversion
    : Pass<"torch-finalizing-backend-type-conversion", "func::FuncOp"> {
  let summary = "Removes torch_c bridges that undo each other";
  let description = [{
    Once the ops between them are converted, a value goes to Torch and
    straight back (`torch_c.to_builtin_tensor (torch_c.from_builtin_tensor
    %x)`, and the scalar pairs): uses of the outer bridge take `%x`, and
    bridges left without uses are erased. Bridges still in use stay, for
    torch-verify-linalg-on-tensors-backend-contract to name.
  }];
}

#endif // TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES
