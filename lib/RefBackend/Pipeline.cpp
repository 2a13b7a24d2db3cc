//===- Pipeline.cpp - linalg-on-tensors to the LLVM dialect ---------------===//
//
// refback-linalg-on-tensors-to-llvm-pipeline: check the contract; unless
// vectorize=false, convolutions to products, row kernels, tiles and vectors
// (for ops of min-vector-work points or more);
// bufferize (arguments read-only), free buffers (all but the results), hand
// results to a callback, lower vectors, loops and control flow, then
// everything to the LLVM dialect for MLIR's ExecutionEngine.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ComplexToStandard/ComplexToStandard.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToSCF/TosaToSCF.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Tosa/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "torch-mlir/Dialect/TorchConversion/Transforms/Passes.h"

using namespace mlir;

void mlir::torch::RefBackend::buildLinalgOnTensorsToLLVMPipeline(
    OpPassManager &pm, const LinalgOnTensorsToLLVMOptions &options) {
  pm.addPass(TorchConversion::createVerifyLinalgOnTensorsBackendContract());
  LowerGetNextSeedOptions seed;
  seed.seed = options.seed;
  pm.addPass(createLowerGetNextSeed(seed));
  pm.addNestedPass<func::FuncOp>(createFuseElementwise());
  if (options.vectorize) {
    ConvolutionsToProductsOptions products;
    products.threads = options.threads;
    products.minWork = options.minVectorWork;
    pm.addNestedPass<func::FuncOp>(createConvolutionsToProducts(products));
    FuseRowsOptions rows;
    rows.threads = options.threads;
    rows.minWork = options.minVectorWork;
    pm.addNestedPass<func::FuncOp>(createFuseRows(rows));
    TileAndVectorizeOptions vectors;
    vectors.vectorBits = options.vectorBits;
    vectors.threads = options.threads;
    vectors.minWork = options.minVectorWork;
    pm.addNestedPass<func::FuncOp>(createTileAndVectorize(vectors));
    pm.addPass(createCSEPass());
    pm.addNestedPass<func::FuncOp>(createInPlaceDestinations());
  }

  // Tensors to buffers. Function arguments and results get plain (identity
  // layout) memrefs: the descriptors the caller builds and reads.
  // Arguments are the caller's arrays, passed without a copy: read only.
  pm.addPass(createReadOnlyArguments());
  bufferization::OneShotBufferizationOptions bufferization;
  bufferization.bufferizeFunctionBoundaries = true;
  // A loop may yield a new buffer each iteration (e.g. a linalg op whose init
  // is the iter_arg); buffer deallocation frees the old ones.
  bufferization.allowReturnAllocsFromLoops = true;
  bufferization.setFunctionBoundaryTypeConversion(
      bufferization::LayoutMapOption::IdentityLayoutMap);
  pm.addPass(bufferization::createOneShotBufferizePass(bufferization));
  // Results stay the caller's: deallocation leaves returned buffers alone
  // (a returned argument or constant is cloned first), and the callback
  // that then takes them hands them to Python without a copy.
  bufferization::buildBufferDeallocationPipeline(
      pm, bufferization::BufferDeallocationPipelineOptions());
  pm.addPass(createMungeCallingConventions());
  pm.addPass(createBufferizationToMemRefPass());

  // Loops, then control flow.
  pm.addNestedPass<func::FuncOp>(createMemRefCopyToLinalg());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  if (options.vectorize)
    pm.addNestedPass<func::FuncOp>(createLowerVectors());
  if (options.vectorize && options.threads > 1) {
    pm.addNestedPass<func::FuncOp>(createParallelize());
    ParallelLoopsToOpenMPOptions team;
    team.threads = options.threads;
    pm.addPass(createParallelLoopsToOpenMP(team));
  }
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertSCFToCFPass());
  pm.addPass(createChecksToErrors());
  pm.addPass(memref::createExpandOpsPass());
  pm.addPass(arith::createArithExpandOpsPass());
  pm.addPass(createConvertComplexToStandardPass());

  // Everything to the LLVM dialect. Math ops without an LLVM intrinsic
  // (tanh, erf, ...) become libm calls, which the JIT resolves in-process.
  pm.addPass(createConvertMathToFuncs()); // integer powers: a loop
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  // After math: libm calls on vectors are made lane by lane, with vector ops.
  if (options.vectorize)
    pm.addPass(createConvertVectorToLLVM());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  if (options.vectorize && options.threads > 1)
    pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::torch::RefBackend::buildTosaToLinalgOnTensorsPipeline(
    OpPassManager &pm) {
  // Control flow and scatters first (scf): tosa-to-linalg has no pattern
  // for tosa.scatter and fails on it. Then MLIR's own TOSA lowering
  // (tosa-to-linalg-pipeline's passes), validating against the main
  // inference profile (floats; the pipeline as registered validates the
  // integer-only base profile), then the TOSA ops it leaves to others:
  // reshapes, slices, pads and concats (tensor), constants (arith).
  pm.addNestedPass<func::FuncOp>(tosa::createTosaToSCF());
  tosa::TosaValidationOptions validation;
  validation.profile = tosa::TosaProfileEnum::MainInference;
  validation.level = tosa::TosaLevelEnum::EightK;
  tosa::addTosaToLinalgPasses(pm, TosaToLinalgOptions(),
                              TosaToLinalgNamedOptions(), validation);
  pm.addNestedPass<func::FuncOp>(tosa::createTosaToTensor());
  pm.addNestedPass<func::FuncOp>(tosa::createTosaToArith());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(TorchConversion::createVerifyLinalgOnTensorsBackendContract());
}

void mlir::torch::RefBackend::registerRefBackendPassesAndPipeline() {
  registerRefBackendPasses();
  // Each MLIR pass the pipeline runs, so it can be replayed step by step.
  registerPass([] { return createConvertLinalgToLoopsPass(); });
  registerPass([] { return bufferization::createOneShotBufferizePass(); });
  registerPass([] { return createBufferizationToMemRefPass(); });
  bufferization::registerBufferizationPipelines();
  registerPass([] { return memref::createExpandStridedMetadataPass(); });
  registerPass([] { return memref::createExpandOpsPass(); });
  registerPass([] { return arith::createArithExpandOpsPass(); });
  registerPass([] { return createLowerAffinePass(); });
  registerPass([] { return createConvertSCFToCFPass(); });
  registerPass([] { return createConvertComplexToStandardPass(); });
  registerPass([] { return createConvertMathToFuncs(); });
  registerPass([] { return createConvertMathToLLVMPass(); });
  registerPass([] { return createConvertMathToLibmPass(); });
  registerPass([] { return createFinalizeMemRefToLLVMConversionPass(); });
  registerPass([] { return createArithToLLVMConversionPass(); });
  registerPass([] { return createConvertComplexToLLVMPass(); });
  registerPass([] { return createConvertIndexToLLVMPass(); });
  registerPass([] { return createConvertControlFlowToLLVMPass(); });
  registerPass([] { return createUBToLLVMConversionPass(); });
  registerPass([] { return createConvertFuncToLLVMPass(); });
  registerPass([] { return createReconcileUnrealizedCastsPass(); });
  registerPass([] { return createConvertSCFToOpenMPPass(); });
  registerPass([] { return createConvertOpenMPToLLVMPass(); });
  // TOSA: its passes, the lowering to linalg-on-tensors, and LLVM's pipeline
  // of it (which validates TOSA's integer-only base profile).
  tosa::registerTosaOptPasses();
  registerPass([] { return tosa::createTosaToLinalg(); });
  registerPass([] { return tosa::createTosaToLinalgNamed(); });
  registerPass([] { return tosa::createTosaToTensor(); });
  registerPass([] { return tosa::createTosaToArith(); });
  registerPass([] { return tosa::createTosaToSCF(); });
  tosa::registerTosaToLinalgPipelines();
  PassPipelineRegistration<>(
      "refback-tosa-to-linalg-on-tensors-pipeline",
      "Lowers TOSA (what torch-backend-to-tosa-backend-pipeline makes) to the "
      "linalg-on-tensors contract the reference backend compiles: MLIR's "
      "tosa-to-linalg passes, validating the main inference profile, then "
      "tosa-to-tensor, -arith and -scf",
      buildTosaToLinalgOnTensorsPipeline);

  PassPipelineRegistration<LinalgOnTensorsToLLVMOptions>(
      "refback-linalg-on-tensors-to-llvm-pipeline",
      "Lowers a linalg-on-tensors module to the LLVM dialect for the "
      "reference backend (public functions return through "
      "refback_results_<name> callbacks)",
      buildLinalgOnTensorsToLLVMPipeline);
}
