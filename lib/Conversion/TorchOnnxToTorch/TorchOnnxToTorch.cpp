//===- TorchOnnxToTorch.cpp - The convert-torch-onnx-to-torch pass --------===//
//
// Each op family's table (op type, the opset a conversion holds from, the
// conversion) is one pattern of MLIR's dialect-conversion driver, with every
// `torch.operator "onnx.<Op>"` illegal: a node becomes Torch ops by the
// newest of its conversions that holds at the function's opset, or the pass
// fails naming it. Ops of another domain are keyed by "<domain>.<Op>" (ONNX
// Runtime's "com.microsoft.Gelu", never the default domain's "Gelu") and
// read that domain's opset.
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"
#include "torch-mlir/Conversion/TorchOnnxToTorch/Passes.h"
#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::torch::onnx_c {
#define GEN_PASS_DEF_CONVERTTORCHONNXTOTORCH
#include "Conversion/TorchOnnxToTorch/Passes.h.inc"
} // namespace mlir::torch::onnx_c

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::onnx_c;

namespace {

/// The op type a `torch.operator` names, as the tables key it ("Add",
/// "com.microsoft.Gelu"), if it is an ONNX node.
std::optional<StringRef> onnxOpType(Torch::OperatorOp op) {
  StringRef name = op.getName();
  if (!name.consume_front("onnx."))
    return std::nullopt;
  return name;
}

/// The domain of an op type ("" for the default domain's "Add").
StringRef domainOf(StringRef opType) {
  size_t dot = opType.rfind('.');
  return dot == StringRef::npos ? StringRef() : opType.take_front(dot);
}

/// The opset the function imports for `domain` ("" the default), if
/// recorded.
std::optional<int64_t> domainOpset(func::FuncOp func, StringRef domain) {
  auto opsets =
      func->getAttrOfType<DictionaryAttr>("torch.onnx_meta.opset_versions");
  if (!opsets)
    return std::nullopt;
  SmallVector<StringRef> keys = {domain};
  if (domain.empty())
    keys = {"ai.onnx", ""};
  for (StringRef key : keys)
    if (auto v = dyn_cast_or_null<IntegerAttr>(opsets.get(key)))
      return v.getValue().getSExtValue();
  return std::nullopt;
}

/// Every conversion of one family, by op type, oldest version first.
class FamilyTable {
public:
  explicit FamilyTable(ArrayRef<OnnxConversion> family) {
    for (const OnnxConversion &c : family)
      byOp[c.opType].push_back(&c);
    for (auto &entry : byOp)
      llvm::sort(entry.second, [](auto *x, auto *y) {
        return x->sinceVersion < y->sinceVersion;
      });
  }

  /// The conversions of `opType`, oldest first; empty if there are none.
  ArrayRef<const OnnxConversion *> lookup(StringRef opType) const {
    auto it = byOp.find(opType);
    if (it == byOp.end())
      return {};
    return it->second;
  }

private:
  llvm::StringMap<SmallVector<const OnnxConversion *>> byOp;
};

/// The op families, one table (and one pattern) each.
ArrayRef<FamilyTable> families() {
  static const SmallVector<FamilyTable> tables = {
      FamilyTable(elementwiseConversions()),
      FamilyTable(reductionConversions()),
      FamilyTable(shapeConversions()),
      FamilyTable(generatorConversions()),
      FamilyTable(indexingConversions()),
      FamilyTable(linearConversions()),
      FamilyTable(poolingConversions()),
      FamilyTable(normalizationConversions()),
      FamilyTable(quantizedConversions()),
      FamilyTable(resizeConversions()),
      FamilyTable(controlFlowConversions()),
      FamilyTable(recurrentConversions()),
      FamilyTable(spectralConversions()),
      FamilyTable(detectionConversions())};
  return tables;
}

/// The conversions of `opType` in any family, oldest first.
ArrayRef<const OnnxConversion *> lookupAny(StringRef opType) {
  for (const FamilyTable &family : families())
    if (auto found = family.lookup(opType); !found.empty())
      return found;
  return {};
}

/// The opset `op`'s function imports for its domain, or an error at `op`
/// saying why no conversion of it can be chosen (no opset recorded, no
/// conversion for that op or domain, an opset newer than the conversions
/// know, or older than the oldest conversion). Checked for every node before
/// any converts, so a model's unsupported nodes are all named at once.
FailureOr<int64_t> convertibleAt(Torch::OperatorOp op, StringRef opType) {
  auto func = op->getParentOfType<func::FuncOp>();
  StringRef domain = domainOf(opType);
  ArrayRef<const OnnxConversion *> conversions = lookupAny(opType);
  if (!domain.empty()) {
    if (conversions.empty())
      return op->emitError()
             << op.getName() << ": no conversion for ONNX domain '" << domain
             << "' (the default domain, ai.onnx, is converted, and some of "
                "com.microsoft's)";
    std::optional<int64_t> version = domainOpset(func, domain);
    if (!version)
      return op->emitError()
             << op.getName() << ": the function records no opset for domain '"
             << domain << "'";
    if (conversions.front()->sinceVersion > *version)
      return op->emitError() << op.getName() << " (opset " << *version
                             << "): converted only from opset "
                             << conversions.front()->sinceVersion;
    return *version;
  }
  std::optional<int64_t> opset = domainOpset(func, "");
  if (!opset)
    return op->emitError()
           << op.getName()
           << ": the function records no opset for the default domain "
              "(torch.onnx_meta.opset_versions)";
  if (conversions.empty())
    return op->emitError() << op.getName() << " (opset " << *opset
                           << "): no conversion for this ONNX op";
  if (*opset > kNewestKnownOpset)
    return op->emitError() << op.getName() << ": the model's opset " << *opset
                           << " is newer than any conversion knows (they "
                              "were written against opsets up to "
                           << kNewestKnownOpset << ")";
  if (conversions.front()->sinceVersion > *opset)
    return op->emitError() << op.getName() << " (opset " << *opset
                           << "): converted only from opset "
                           << conversions.front()->sinceVersion;
  return *opset;
}

/// One op family's conversions as one pattern: a `torch.operator
/// "onnx.<Op>"` of the family becomes Torch ops by the newest of its
/// conversions that holds at the function's opset. A conversion that fails
/// has reported why at the node (OnnxNode::fail); the driver rolls back
/// what it built.
class ConvertOnnxFamily : public OpConversionPattern<Torch::OperatorOp> {
public:
  ConvertOnnxFamily(MLIRContext *context, const FamilyTable &table)
      : OpConversionPattern(context), table(table) {}

  LogicalResult
  matchAndRewrite(Torch::OperatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<StringRef> opType = onnxOpType(op);
    if (!opType)
      return rewriter.notifyMatchFailure(op, "not an ONNX node");
    ArrayRef<const OnnxConversion *> conversions = table.lookup(*opType);
    if (conversions.empty())
      return rewriter.notifyMatchFailure(op, "another family's op");
    FailureOr<int64_t> version = convertibleAt(op, *opType);
    if (failed(version))
      return failure();
    const OnnxConversion *chosen = nullptr;
    for (const OnnxConversion *c : conversions)
      if (c->sinceVersion <= *version)
        chosen = c;
    rewriter.setInsertionPoint(op);
    OnnxNode node(op, adaptor.getOperands(), *opType, *version, rewriter);
    return chosen->convert(node);
  }

private:
  const FamilyTable &table;
};

class ConvertTorchOnnxToTorch
    : public onnx_c::impl::ConvertTorchOnnxToTorchBase<
          ConvertTorchOnnxToTorch> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    for (const FamilyTable &family : families())
      set.add<ConvertOnnxFamily>(context, family);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();

    // Every node's conversion must exist at its opset: name all that lack
    // one before converting any.
    SmallVector<Torch::OperatorOp> withRegions; // innermost first
    bool unconvertible = false;
    func.walk<WalkOrder::PostOrder>([&](Torch::OperatorOp op) {
      std::optional<StringRef> opType = onnxOpType(op);
      if (!opType)
        return;
      if (failed(convertibleAt(op, *opType)))
        unconvertible = true;
      if (op->getNumRegions())
        withRegions.push_back(op);
    });
    if (unconvertible)
      return signalPassFailure();

    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addDynamicallyLegalOp<Torch::OperatorOp>(
        [](Torch::OperatorOp op) { return !onnxOpType(op); });

    // A node whose conversion failed has said why; the driver's own "failed
    // to legalize" at the same node adds nothing.
    DenseSet<Location> reported;
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      if (StringRef(diag.str()).starts_with("failed to legalize operation"))
        return success(reported.contains(diag.getLocation()));
      reported.insert(diag.getLocation());
      return failure(); // passed on
    });

    // A sub-graph's nodes convert before the node that holds them (a Loop
    // reads whether its body's condition is a constant), innermost first;
    // then the function's own, in program order, so each node sees its
    // operands converted.
    for (Torch::OperatorOp holder : withRegions) {
      SmallVector<Operation *> inner;
      for (Region &region : holder->getRegions())
        for (Block &block : region)
          for (Operation &op : block)
            inner.push_back(&op);
      if (failed(applyPartialConversion(inner, target, patterns)))
        return signalPassFailure();
    }
    if (failed(applyPartialConversion(func, target, patterns)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

void mlir::torch::onnx_c::buildTorchOnnxToTorchBackendPipeline(
    OpPassManager &pm, const Torch::TorchBackendPipelineOptions &options) {
  pm.addNestedPass<func::FuncOp>(createConvertTorchOnnxToTorch());
  // One middle end for every front end: what the conversions leave whole
  // (softmax, linear, einsum, ...) is broken down where the FX road's is.
  Torch::buildTorchDynamoExportToTorchBackendPipeline(pm, options);
  pm.addPass(createCSEPass());
}

void mlir::torch::onnx_c::registerTorchOnnxToTorchPassesAndPipeline() {
  registerConvertTorchOnnxPasses();
  PassPipelineRegistration<Torch::TorchBackendPipelineOptions>(
      "torch-onnx-to-torch-backend-pipeline",
      "Takes the ONNX importer's output to the Torch backend contract: "
      "convert-torch-onnx-to-torch, then the middle end of "
      "torchdynamo-export-to-torch-backend-pipeline (keeping "
      "backend-legal-ops), then cse",
      buildTorchOnnxToTorchBackendPipeline);
}
