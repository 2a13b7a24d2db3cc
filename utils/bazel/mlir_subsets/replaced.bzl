"""Overlay libraries that torch-mlir replaces or leaves out of its build.

test/mlir_subsets checks the closure of what we ship against both lists.
"""

# Replaced by a target of ours (@llvm-project//mlir:torch_mlir_*, from
# subsets.bzl here, or //lib/RefBackend for the JIT's C API and optimizer).
# None of them may be linked with torch-mlir: each defines the same symbols as
# its replacement.
REPLACED_OVERLAY_LIBRARIES = [
    "@llvm-project//mlir:AffineToStandard",
    "@llvm-project//mlir:AffineTransforms",
    "@llvm-project//mlir:ArithTransforms",
    "@llvm-project//mlir:BufferizationPipelines",
    "@llvm-project//mlir:CAPIExecutionEngine",
    "@llvm-project//mlir:CAPIExecutionEngineObjects",
    "@llvm-project//mlir:ExecutionEngineUtils",
    "@llvm-project//mlir:LinalgTransforms",
    "@llvm-project//mlir:MathTransforms",
    "@llvm-project//mlir:MemRefTransforms",
    "@llvm-project//mlir:SCFToControlFlow",
    "@llvm-project//mlir:SCFTransforms",
    "@llvm-project//mlir:TensorTransforms",
    "@llvm-project//mlir:VectorToLLVM",
    "@llvm-project//mlir:VectorToSCF",
    "@llvm-project//mlir:VectorTransforms",
]

# Left out of the build (utils/bazel/patches/llvm-jit-without-pass-builder.patch):
# LLVM's pass builder and the optimizers only it links, about 75 compiles of a
# cold build. Anything that depends on one of them compiles them all again.
LEFT_OUT_LLVM_LIBRARIES = [
    "@llvm-project//llvm:Coroutines",
    "@llvm-project//llvm:IPO",
    "@llvm-project//llvm:Passes",
    "@llvm-project//llvm:Vectorize",
]
