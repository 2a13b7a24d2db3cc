//===- TorchOnnxToTorch.cpp - The convert-torch-onnx-to-torch pass --------===//
//
// Looks up each `torch.operator "onnx.<Op>"` in one table (op type, the opset
// a conversion holds from, the conversion) and runs the newest conversion
// that holds at the function's opset. Ops of another domain are keyed by
// "<domain>.<Op>" (ONNX Runtime's "com.microsoft.Gelu", never the default
// domain's "Gelu") and read that domain's opset.
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"
#include "torch-mlir/Conversion/TorchOnnxToTorch/Passes.h"
#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
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

/// Every conversion, by op type, oldest version first.
class ConversionTable {
public:
  ConversionTable() {
    for (auto family :
         {elementwiseConversions(), reductionConversions(), shapeConversions(),
          linearConversions(), resizeConversions(), controlFlowConversions(),
          recurrentConversions(), spectralConversions(),
          detectionConversions()})
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

const ConversionTable &table() {
  static const ConversionTable t;
  return t;
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

/// The newest of `conversions` (oldest first) that holds at `version`, run
/// on `op`.
LogicalResult runNewest(Torch::OperatorOp op, StringRef opType,
                        ArrayRef<const OnnxConversion *> conversions,
                        int64_t version) {
  const OnnxConversion *chosen = nullptr;
  for (const OnnxConversion *c : conversions)
    if (c->sinceVersion <= version)
      chosen = c;
  if (!chosen)
    return op->emitError() << op.getName() << " (opset " << version
                           << "): converted only from opset "
                           << conversions.front()->sinceVersion;
  OnnxNode node(op, opType, version);
  return chosen->convert(node);
}

LogicalResult convertOne(Torch::OperatorOp op, func::FuncOp func,
                         std::optional<int64_t> opset) {
  StringRef name = op.getName();
  if (!name.starts_with("onnx."))
    return success(); // not ONNX's: left alone
  StringRef rest = name.drop_front(strlen("onnx."));
  size_t dot = rest.rfind('.');
  if (dot != StringRef::npos) {
    StringRef domain = rest.take_front(dot);
    ArrayRef<const OnnxConversion *> conversions = table().lookup(rest);
    if (conversions.empty())
      return op->emitError()
             << name << ": no conversion for ONNX domain '" << domain
             << "' (the default domain, ai.onnx, is converted, and some of "
                "com.microsoft's)";
    std::optional<int64_t> version = domainOpset(func, domain);
    if (!version)
      return op->emitError() << name << ": the function records no opset for "
                             << "domain '" << domain << "'";
    return runNewest(op, rest, conversions, *version);
  }
  if (!opset)
    return op->emitError()
           << name
           << ": the function records no opset for the default domain "
              "(torch.onnx_meta.opset_versions)";
  ArrayRef<const OnnxConversion *> conversions = table().lookup(rest);
  if (conversions.empty())
    return op->emitError() << name << " (opset " << *opset
                           << "): no conversion for this ONNX op";
  if (*opset > kNewestKnownOpset)
    return op->emitError() << name << ": the model's opset " << *opset
                           << " is newer than any conversion knows (they "
                              "were written against opsets up to "
                           << kNewestKnownOpset << ")";
  return runNewest(op, rest, conversions, *opset);
}

class ConvertTorchOnnxToTorch
    : public onnx_c::impl::ConvertTorchOnnxToTorchBase<
          ConvertTorchOnnxToTorch> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    std::optional<int64_t> opset = domainOpset(func, "");
    // Inner ops first (sub-graphs' bodies before the op that holds them), in
    // program order, so a node sees its constant operands already converted.
    SmallVector<Torch::OperatorOp> ops;
    func.walk<WalkOrder::PostOrder>(
        [&](Torch::OperatorOp op) { ops.push_back(op); });
    bool failed = false;
    for (Torch::OperatorOp op : ops)
      if (mlir::failed(convertOne(op, func, opset)))
        failed = true;
    if (failed)
      signalPassFailure();
  }
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
