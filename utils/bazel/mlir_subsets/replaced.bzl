"""The overlay's MLIR libraries that //utils/bazel/mlir_subsets replaces.

None of them may be linked with torch-mlir: each defines the same symbols as
its subset there (test/mlir_subsets checks the shipped binaries' closure).
"""

REPLACED_OVERLAY_LIBRARIES = [
    "@llvm-project//mlir:AffineToStandard",
    "@llvm-project//mlir:AffineTransforms",
    "@llvm-project//mlir:ArithTransforms",
    "@llvm-project//mlir:BufferizationPipelines",
    "@llvm-project//mlir:LinalgTransforms",
    "@llvm-project//mlir:MemRefTransforms",
    "@llvm-project//mlir:SCFToControlFlow",
    "@llvm-project//mlir:SCFTransforms",
    "@llvm-project//mlir:TensorTransforms",
]
