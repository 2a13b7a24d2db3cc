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
    op or type, no memref. One torch_c op is allowed: `torch_c.get_next_seed`,
    a draw of the random-number generator the backend keeps (the reference
    backend's is refback-lower-get-next-seed).

    The pass walks the module in order and reports the first op of a
    dialect outside the contract, or with an operand or result type outside
    it, at that op's location (the source line the importer recorded).
    Constants, torch_c bridges and lists come last (they feed or carry the values of
    the op that did not lower, and have no location), and function types and
    block arguments after them. Then it fails. It changes nothing.
  }];
}

def VerifyTosaBackendContract
    : Pass<"torch-verify-tosa-backend-contract", "ModuleOp"> {
  let summary = "Fails on the first op or type outside the TOSA backend "
                "contract";
  let description = [{
    The TOSA contract is what a TOSA consumer (an accelerator's compiler,
    `tosa-to-linalg-pipeline`) accepts: `tosa` ops in `func` functions, on
    ranked tensors of TOSA's element types (f32, f16, bf16, i1, i8, i16,
    i32, i64; no f64, no index), plus scalar `arith.constant`s a function
    returns as Python numbers. No Torch op or type.

    As torch-verify-linalg-on-tensors-backend-contract: the first op of a
    dialect outside the contract (an op with no TOSA form stays a Torch op),
    or with a type outside it, is reported at its source location, with
    constants, bridges and lists last and signatures after them. It
    changes nothing.
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

def SymbolicShapesToChecks
    : Pass<"torch-symbolic-shapes-to-checks", "func::FuncOp"> {
  let summary = "Checks what torch.export promised about argument sizes at "
                "run time, and drops the symbolic-shape ops";
  let description = [{
    `torch.bind_symbolic_shape` on an argument of a public function says
    what its dynamic sizes may be: a dimension bound to a bare symbol lies
    in the range of its `torch.symbolic_int` and equals every other
    dimension bound to that symbol; one bound to an expression (`s0 * 2`)
    has the expression's value. At the top of the function each becomes a
    `cf.assert` on `tensor.dim` of the argument (through
    `torch_c.to_builtin_tensor`), which the reference backend reports as a
    ValueError naming the argument, the dimension and the symbol. An
    unbounded range from 0 needs no check; an expression over a symbol no
    argument shows alone is not checked.

    Then every `torch.bind_symbolic_shape` (on arguments and on the
    results of ops inside, which are the producer's facts, not something
    to check) and every unused `torch.symbolic_int` is erased. The first
    pass of torch-backend-to-linalg-on-tensors-backend-pipeline.

    With `checks=false` (torch-backend-to-tosa-backend-pipeline: TOSA has
    no run-time checks), only the erasing is done.
  }];
  let options = [
    Option<"checks", "checks", "bool", /*default=*/"true",
           "Check the argument sizes at run time (false: only drop the "
           "symbolic-shape ops)">,
  ];
  let dependentDialects = ["arith::ArithDialect", "cf::ControlFlowDialect",
                           "tensor::TensorDialect",
                           "TorchConversion::TorchConversionDialect"];
}

#endif // TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES
