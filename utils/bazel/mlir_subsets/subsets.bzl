"""MLIR libraries cut down to what torch-mlir runs, declared in @llvm-project.

The overlay's libraries compile every transform of a dialect and link what
those need: `mlir:LinalgTransforms` alone was 65 compiles and 537 s of a cold
build's action time for the two passes the reference backend runs, and
Affine's, SCF's, Tensor's, MemRef's and Arith's transforms were 421 s more for
a few passes and the bufferization models. These libraries compile the few
sources torch-mlir needs from the overlay's own.

utils/bazel/patches/mlir-torch-mlir-subsets.patch calls torch_mlir_subsets()
from the overlay's mlir/BUILD.bazel, so they are @llvm-project//mlir:torch_mlir_*
and compile under external/llvm-project in every workspace. Declared in a
package of ours, a workspace that depends on torch-mlir (examples/consumer)
would compile them again under external/torch_mlir: the object files' paths
would differ from the ones in the disk cache. As overlay libraries they can
also be batched (utils/bazel/unity).

Only torch-mlir's lib/InitAll and lib/RefBackend may use them (compiled in
@torch_mlir_cc, utils/bazel/rules/cc.bzl). Nothing may link an overlay
library next to its subset here (the same symbols twice): replaced.bzl lists
them, and //test/mlir_subsets checks what we ship.
"""

load("//utils/bazel/unity:unity.bzl", "unity_cc_library")

_USERS = [
    "@torch_mlir_cc//lib/InitAll:__pkg__",
    "@torch_mlir_cc//lib/RefBackend:__pkg__",
    # //test/llvm:unity_build_test's query, which checks they are batched.
    "@torch_mlir//test/llvm:__pkg__",
]

def torch_mlir_subsets():
    """Declares the subsets in the calling package, the overlay's mlir."""
    _LINALG = "lib/Dialect/Linalg/Transforms/"

    # Linalg's elementwise fusion and linalg-to-loops passes, and the bufferization
    # and subset-insertion models of its ops (what one-shot bufferization needs).
    # Linalg's Passes.h declares all of its passes; only these two are defined, so
    # `registerLinalgPasses()` is not available.
    unity_cc_library(
        name = "torch_mlir_linalg_transforms",
        srcs = [
            _LINALG + "BufferizableOpInterfaceImpl.cpp",
            _LINALG + "ConstantFold.cpp",
            _LINALG + "ElementwiseOpFusion.cpp",
            _LINALG + "EraseUnusedOperandsAndResults.cpp",
            _LINALG + "Loops.cpp",
            _LINALG + "SubsetInsertionOpInterfaceImpl.cpp",
        ],
        hdrs = [
            "include/mlir/Dialect/Linalg/Passes.h",
            "include/mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h",
            "include/mlir/Dialect/Linalg/Transforms/SubsetInsertionOpInterfaceImpl.h",
            "include/mlir/Dialect/Linalg/Transforms/Transforms.h",
        ],
        visibility = _USERS,
        deps = [
            ":torch_mlir_scf_transforms",
            ":torch_mlir_vector_declarations",
            ":AffineDialect",
            ":ArithDialect",
            ":ArithUtils",
            ":BufferizationDialect",
            ":BufferizationInterfaces",
            ":DestinationStyleOpInterface",
            ":DialectUtils",
            ":FuncDialect",
            ":IR",
            ":LinalgDialect",
            ":LinalgPassIncGen",
            ":LinalgStructuredOpsIncGen",
            ":LinalgUtils",
            ":MemRefDialect",
            ":Pass",
            ":SCFDialect",
            ":SCFUtils",
            ":SparseTensorDialect",
            ":SubsetOpInterface",
            ":Support",
            ":TensorDialect",
            ":TilingInterface",
            ":TransformUtils",
            ":Transforms",
            "//llvm:Support",
        ],
    )

    # Linalg's Transforms.h includes the Vector, X86Vector and VectorToSCF pattern
    # headers. These are their declarations (and the generated .inc files they
    # include) without the libraries: nothing above calls into them.
    unity_cc_library(
        name = "torch_mlir_vector_declarations",
        textual_hdrs = [
            "include/mlir/Conversion/VectorToSCF/VectorToSCF.h",
            "include/mlir/Dialect/Vector/IR/ScalableValueBoundsConstraintSet.h",
            "include/mlir/Dialect/Vector/IR/VectorOps.h",
            "include/mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h",
            "include/mlir/Dialect/Vector/Transforms/VectorTransforms.h",
            "include/mlir/Dialect/Vector/Utils/VectorUtils.h",
            "include/mlir/Dialect/X86Vector/Transforms.h",
        ],
        visibility = ["//visibility:private"],
        deps = [
            ":ConversionPassIncGen",
            ":MaskableOpInterface",
            ":MaskingOpInterface",
            ":VectorAttributesIncGen",
            ":VectorDialectIncGen",
            ":VectorEnumsIncGen",
            ":VectorInterfaces",
            ":VectorOpsIncGen",
        ],
    )

    # What refback-tile-and-vectorize calls: linalg's vectorizer, the tiling
    # models of its ops, and the im2col rewrite of 2-D convolutions. Not
    # batched (unity.bzl): their static helpers share names.
    unity_cc_library(
        name = "torch_mlir_linalg_vectorization",
        srcs = [
            _LINALG + "ConvertConv2DToImg2Col.cpp",
            _LINALG + "TilingInterfaceImpl.cpp",
            _LINALG + "Vectorization.cpp",
        ],
        hdrs = ["include/mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"],
        visibility = _USERS,
        deps = [
            ":torch_mlir_linalg_transforms",
            ":torch_mlir_vector_transforms",
            ":AffineDialect",
            ":AffineUtils",
            ":Analysis",
            ":ArithDialect",
            ":ArithUtils",
            ":ComplexDialect",
            ":DialectUtils",
            ":FuncDialect",
            ":IR",
            ":LinalgDialect",
            ":LinalgStructuredOpsIncGen",
            ":LinalgUtils",
            ":MaskableOpInterface",
            ":MemRefDialect",
            ":Support",
            ":TensorDialect",
            ":TensorUtils",
            ":TilingInterface",
            ":TransformUtils",
            ":VectorDialect",
            ":VectorUtils",
            "//llvm:Support",
        ],
    )

    _VECTOR = "lib/Dialect/Vector/Transforms/"

    # The vector lowerings refback-lower-vectors runs (contractions to outer
    # products and FMAs, n-D ops to 1-D, transfers to loads and stores), the
    # cleanups refback-tile-and-vectorize runs, and the bufferization and
    # subset models of transfers. Left out: distribution to warps, narrow
    # type emulation, linearization, unrolling, scans, gathers, interleaves
    # and bitcasts, which only the overlay's own passes call.
    unity_cc_library(
        name = "torch_mlir_vector_transforms",
        srcs = [_VECTOR + name + ".cpp" for name in [
            "BufferizableOpInterfaceImpl",
            "LowerVectorBroadcast",
            "LowerVectorContract",
            "LowerVectorMask",
            "LowerVectorMultiReduction",
            "LowerVectorShapeCast",
            "LowerVectorTransfer",
            "LowerVectorTranspose",
            "SubsetOpInterfaceImpl",
            "VectorDropLeadUnitDim",
            "VectorInsertExtractStridedSliceRewritePatterns",
            "VectorTransferOpTransforms",
            "VectorTransforms",
        ]],
        hdrs = native.glob(["include/mlir/Dialect/Vector/Transforms/*.h"]),
        visibility = _USERS,
        deps = [
            ":torch_mlir_arith_transforms",
            ":AffineDialect",
            ":ArithDialect",
            ":ArithUtils",
            ":BufferizationDialect",
            ":BufferizationInterfaces",
            ":BufferizationTransforms",
            ":DialectUtils",
            ":FuncDialect",
            ":IR",
            ":LinalgDialect",
            ":MemRefDialect",
            ":MemRefUtils",
            ":Pass",
            ":SCFDialect",
            ":SideEffectInterfaces",
            ":SubsetOpInterface",
            ":Support",
            ":TensorDialect",
            ":TransformUtils",
            ":VectorDialect",
            ":VectorEnumsIncGen",
            ":VectorInterfaces",
            ":VectorPassIncGen",
            ":VectorUtils",
            "//llvm:Support",
        ],
    )

    # n-D vector transfers as loops of 1-D ones (the overlay's
    # mlir:VectorToSCF, on the subset above).
    unity_cc_library(
        name = "torch_mlir_vector_to_scf",
        srcs = ["lib/Conversion/VectorToSCF/VectorToSCF.cpp"],
        hdrs = ["include/mlir/Conversion/VectorToSCF/VectorToSCF.h"],
        visibility = _USERS,
        deps = [
            ":torch_mlir_vector_transforms",
            ":AffineDialect",
            ":ArithDialect",
            ":ConversionPassIncGen",
            ":IR",
            ":MemRefDialect",
            ":Pass",
            ":SCFDialect",
            ":TensorDialect",
            ":TransformUtils",
            ":Transforms",
            ":VectorDialect",
        ],
    )

    # The vector-to-LLVM patterns, without the overlay's pass (which links
    # the AMX, Arm and X86Vector dialects to offer them as options).
    unity_cc_library(
        name = "torch_mlir_vector_to_llvm",
        srcs = ["lib/Conversion/VectorToLLVM/ConvertVectorToLLVM.cpp"],
        hdrs = ["include/mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"],
        visibility = _USERS,
        deps = [
            ":torch_mlir_vector_transforms",
            ":ArithAttrToLLVMConversion",
            ":ArithDialect",
            ":ArithUtils",
            ":FuncDialect",
            ":IR",
            ":LLVMCommonConversion",
            ":LLVMDialect",
            ":MaskableOpInterface",
            ":MemRefDialect",
            ":ToLLVMIRTranslation",
            ":TransformUtils",
            ":VectorDialect",
            "//llvm:Support",
        ],
    )

    # MLIR's polynomial approximations of f32 math (refback-lower-vectors
    # applies them to vectors), without the rest of math's transforms.
    unity_cc_library(
        name = "torch_mlir_math_approximation",
        srcs = ["lib/Dialect/Math/Transforms/PolynomialApproximation.cpp"],
        hdrs = [
            "include/mlir/Dialect/Math/Transforms/Approximation.h",
            "include/mlir/Dialect/Math/Transforms/Passes.h",
        ],
        visibility = _USERS,
        deps = [
            ":ArithDialect",
            ":DialectUtils",
            ":IR",
            ":MathDialect",
            ":MathPassIncGen",
            ":Pass",
            ":SCFDialect",
            ":TransformUtils",
            ":VectorDialect",
            ":VectorUtils",
            ":X86VectorDialect",
        ],
    )

    _AFFINE = "lib/Dialect/Affine/Transforms/"

    # affine.delinearize_index/linearize_index expansion, which lower-affine runs.
    unity_cc_library(
        name = "torch_mlir_affine_transforms",
        srcs = [_AFFINE + "AffineExpandIndexOps.cpp"],
        hdrs = [
            "include/mlir/Dialect/Affine/Passes.h",
            "include/mlir/Dialect/Affine/Transforms/Transforms.h",
        ],
        visibility = ["//visibility:private"],
        deps = [
            ":AffineDialect",
            ":AffinePassIncGen",
            ":AffineUtils",
            ":IR",
            ":Pass",
            ":TransformUtils",
            ":ValueBoundsOpInterface",
        ],
    )

    # lower-affine (the overlay's mlir:AffineToStandard, on the subset above).
    unity_cc_library(
        name = "torch_mlir_affine_to_standard",
        srcs = ["lib/Conversion/AffineToStandard/AffineToStandard.cpp"],
        hdrs = ["include/mlir/Conversion/AffineToStandard/AffineToStandard.h"],
        visibility = _USERS,
        deps = [
            ":torch_mlir_affine_transforms",
            ":AffineDialect",
            ":AffineUtils",
            ":ConversionPassIncGen",
            ":IR",
            ":MemRefDialect",
            ":SCFDialect",
            ":Support",
            ":TransformUtils",
            ":Transforms",
            ":VectorDialect",
        ],
    )

    _ARITH = "lib/Dialect/Arith/Transforms/"

    # arith-expand, and the bufferization and deallocation models of arith's ops.
    unity_cc_library(
        name = "torch_mlir_arith_transforms",
        srcs = [
            _ARITH + "BufferDeallocationOpInterfaceImpl.cpp",
            _ARITH + "BufferizableOpInterfaceImpl.cpp",
            _ARITH + "ExpandOps.cpp",
        ],
        hdrs = [
            "include/mlir/Dialect/Arith/Transforms/BufferDeallocationOpInterfaceImpl.h",
            "include/mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h",
            "include/mlir/Dialect/Arith/Transforms/Passes.h",
        ],
        visibility = _USERS,
        deps = [
            ":ArithDialect",
            ":ArithPassIncGen",
            ":BufferizationDialect",
            ":BufferizationInterfaces",
            ":BufferizationTransforms",
            ":IR",
            ":MemRefDialect",
            ":Pass",
            ":TransformUtils",
            ":VectorDialect",
        ],
    )

    _MEMREF = "lib/Dialect/MemRef/Transforms/"

    # expand-strided-metadata, memref-expand and expand-realloc (the deallocation
    # pipeline runs it), and the allocation model of memref.alloc.
    unity_cc_library(
        name = "torch_mlir_memref_transforms",
        srcs = [
            _MEMREF + "AllocationOpInterfaceImpl.cpp",
            _MEMREF + "ExpandOps.cpp",
            _MEMREF + "ExpandRealloc.cpp",
            _MEMREF + "ExpandStridedMetadata.cpp",
        ],
        hdrs = [
            "include/mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h",
            "include/mlir/Dialect/MemRef/Transforms/Passes.h",
            "include/mlir/Dialect/MemRef/Transforms/Transforms.h",
        ],
        visibility = _USERS,
        deps = [
            ":torch_mlir_arith_transforms",
            ":AffineDialect",
            ":AllocationOpInterface",
            ":ArithDialect",
            ":ArithUtils",
            ":BufferizationDialect",
            ":DialectUtils",
            ":IR",
            ":MemRefDialect",
            ":MemRefPassIncGen",
            ":Pass",
            ":SCFDialect",
            ":Support",
            ":TransformUtils",
            "//llvm:Support",
        ],
    )

    # The buffer deallocation pipeline (the overlay's mlir:BufferizationPipelines,
    # on the MemRef subset above).
    unity_cc_library(
        name = "torch_mlir_bufferization_pipelines",
        srcs = ["lib/Dialect/Bufferization/Pipelines/BufferizationPipelines.cpp"],
        hdrs = ["include/mlir/Dialect/Bufferization/Pipelines/Passes.h"],
        visibility = _USERS,
        deps = [
            ":torch_mlir_memref_transforms",
            ":BufferizationInterfaces",
            ":BufferizationTransforms",
            ":FuncDialect",
            ":Pass",
            ":Transforms",
        ],
    )

    _SCF = "lib/Dialect/SCF/Transforms/"

    # Tiling through TilingInterface and loop peeling, for
    # refback-tile-and-vectorize. Not batched with the library below.
    unity_cc_library(
        name = "torch_mlir_scf_tiling",
        srcs = [
            _SCF + "LoopSpecialization.cpp",
            _SCF + "TileUsingInterface.cpp",
            # The slice-swapping that tile-and-fuse calls.
            "lib/Dialect/Tensor/Transforms/SwapExtractSliceWithProducerPatterns.cpp",
        ],
        hdrs = [
            "include/mlir/Dialect/SCF/Transforms/TileUsingInterface.h",
            "include/mlir/Dialect/Tensor/Transforms/Transforms.h",
        ],
        visibility = _USERS,
        deps = [
            ":torch_mlir_scf_transforms",
            ":AffineAnalysis",
            ":AffineDialect",
            ":ArithDialect",
            ":ArithUtils",
            ":DestinationStyleOpInterface",
            ":DialectUtils",
            ":FuncDialect",
            ":IR",
            ":LoopLikeInterface",
            ":SCFDialect",
            ":SCFPassIncGen",
            ":SCFUtils",
            ":Support",
            ":TensorDialect",
            ":TilingInterface",
            ":TransformUtils",
            ":ViewLikeInterface",
            "//llvm:Support",
        ],
    )

    # The bufferization and deallocation models of scf's ops, and the
    # scf.forall-to-scf.parallel rewrite that convert-scf-to-cf uses.
    unity_cc_library(
        name = "torch_mlir_scf_transforms",
        srcs = [
            _SCF + "BufferDeallocationOpInterfaceImpl.cpp",
            _SCF + "BufferizableOpInterfaceImpl.cpp",
            _SCF + "ForallToParallel.cpp",
        ],
        hdrs = [
            "include/mlir/Dialect/SCF/Transforms/BufferDeallocationOpInterfaceImpl.h",
            "include/mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h",
            "include/mlir/Dialect/SCF/Transforms/Passes.h",
            "include/mlir/Dialect/SCF/Transforms/Patterns.h",
            "include/mlir/Dialect/SCF/Transforms/Transforms.h",
        ],
        visibility = _USERS,
        deps = [
            ":SCFPassIncGen",
            ":BufferizationDialect",
            ":BufferizationInterfaces",
            ":BufferizationTransforms",
            ":DialectUtils",
            ":IR",
            ":MemRefDialect",
            ":SCFDialect",
            ":SCFUtils",
            ":Support",
            ":TensorDialect",
        ],
    )

    # convert-scf-to-cf (the overlay's mlir:SCFToControlFlow, on the SCF subset).
    unity_cc_library(
        name = "torch_mlir_scf_to_control_flow",
        srcs = ["lib/Conversion/SCFToControlFlow/SCFToControlFlow.cpp"],
        hdrs = ["include/mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"],
        visibility = _USERS,
        deps = [
            ":torch_mlir_scf_transforms",
            ":ArithDialect",
            ":ControlFlowDialect",
            ":ConversionPassIncGen",
            ":IR",
            ":SCFDialect",
            ":TransformUtils",
            ":Transforms",
        ],
    )

    _TENSOR = "lib/Dialect/Tensor/Transforms/"

    # The bufferization and subset-insertion models of tensor's ops.
    unity_cc_library(
        name = "torch_mlir_tensor_transforms",
        srcs = [
            _TENSOR + "BufferizableOpInterfaceImpl.cpp",
            _TENSOR + "SubsetInsertionOpInterfaceImpl.cpp",
        ],
        hdrs = [
            "include/mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h",
            "include/mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h",
        ],
        visibility = _USERS,
        deps = [
            ":AffineDialect",
            ":ArithDialect",
            ":BufferizationDialect",
            ":BufferizationInterfaces",
            ":BufferizationTransforms",
            ":DialectUtils",
            ":IR",
            ":LinalgDialect",
            ":MemRefDialect",
            ":SCFDialect",
            ":SubsetOpInterface",
            ":TensorDialect",
        ],
    )
