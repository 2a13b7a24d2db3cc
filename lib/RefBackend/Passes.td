//===- Passes.td - The reference backend's passes ---------------*- tablegen -*-===//

#ifndef TORCH_MLIR_REFBACKEND_PASSES
#define TORCH_MLIR_REFBACKEND_PASSES

include "mlir/Pass/PassBase.td"

def MungeCallingConventions
    : Pass<"refback-munge-calling-conventions", "ModuleOp"> {
  let summary = "Hands each public function's results to a callback, so the "
                "JIT can return buffers of any shape";
  let description = [{
    Runs after bufferization. Every public `func.func` with a body:

    - gets `llvm.emit_c_interface`, so the JIT exposes
      `_mlir_ciface_<name>(<pointer to each argument's memref descriptor>)`;
    - loses its results: each `func.return` becomes a call to
      `@refback_results_<name>` with the values it returned (ranked memrefs
      cast to unranked ones, scalars as they are), then an empty return.

    `@refback_results_<name>` is declared here, private and external, also
    with `llvm.emit_c_interface`; the caller provides it when it loads the
    program (torch_mlir.refbackend registers a Python callback that copies the
    results out). Because the callback receives the buffers and the function
    keeps them, the buffer-deallocation pipeline that runs next frees what the
    function allocated, and never a buffer the function did not own (an
    argument or a constant).

    One callback per function, not per result signature: the caller knows each
    function's result types from the module it compiled.
  }];
  let dependentDialects = ["memref::MemRefDialect", "func::FuncDialect"];
}

def MemRefCopyToLinalg
    : Pass<"refback-memref-copy-to-linalg", "func::FuncOp"> {
  let summary = "Turns memref.copy into linalg.copy, so that it becomes loops";
  let description = [{
    The LLVM lowering of a `memref.copy` between buffers that are not both
    contiguous (a strided view, an expanded or collapsed one) is a call to
    `memrefCopy` from MLIR's C runner utilities, a library the JIT does not
    load. As `linalg.copy`, the copy lowers to loops with the rest.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def LowerGetNextSeed : Pass<"refback-lower-get-next-seed", "ModuleOp"> {
  let summary = "Gives the module one random-number generator: a global state "
                "each torch_c.get_next_seed advances and returns";
  let description = [{
    The state is a private `memref.global` of one i64, starting at `seed`.
    Each `torch_c.get_next_seed` loads it, takes one step of a 64-bit linear
    congruential generator (Knuth's MMIX constants), stores the new state
    and returns it. The state lives as long as the JIT-compiled module, so
    repeated calls draw fresh values, and two modules compiled with the
    same seed draw the same stream. The random ops hash the seed with each
    element's position (convert-torch-to-linalg), so a weak step is enough.
  }];
  let options = [
    Option<"seed", "seed", "int64_t", /*default=*/"0",
           "The generator's state when the module is loaded">,
  ];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect"];
}

def ChecksToErrors : Pass<"refback-checks-to-errors", "ModuleOp"> {
  let summary = "Turns a failed run-time check (cf.assert) of a public "
                "function into an error its caller receives, instead of an "
                "abort of the process";
  let description = [{
    Runs after refback-munge-calling-conventions and after structured control
    flow became `cf` branches, so that every `cf.assert` of a public function
    is in the function's own region and the function returns nothing.

    Each such assert becomes a conditional branch: on success to the rest of
    its block; on failure to a block that calls
    `@refback_check_failed(i64 index)` and returns at once (what the function
    had allocated so far is not freed: an error path only). `index` counts
    the module's checks from 0; the module attribute `refback.checks` lists
    their messages, each prefixed with the assert's location. The caller
    provides `refback_check_failed` when it loads the program
    (torch_mlir.refbackend raises a ValueError with the message).

    Asserts in private functions stay as they are (an abort when they fail).
  }];
  let dependentDialects = ["arith::ArithDialect", "cf::ControlFlowDialect",
                           "func::FuncDialect", "LLVM::LLVMDialect"];
}

#endif // TORCH_MLIR_REFBACKEND_PASSES
