//===- OnnxNode.h - One ONNX node, as conversions read it -------*- C++ -*-===//
//
// The importer turns each ONNX node into `torch.operator "onnx.<Op>"`: its
// inputs as operands (`torch.constant.none` for an omitted optional one), its
// attributes as `torch.onnx.<name>`, its sub-graphs as regions. OnnxNode reads
// those back for a conversion and builds the Torch values it needs, through
// the dialect-conversion driver's rewriter: every change it makes is one the
// driver can roll back, and operands are the already converted values.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_ONNXNODE_H
#define TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_ONNXNODE_H

#include "mlir/Transforms/DialectConversion.h"
#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

#include <optional>

namespace mlir::torch::onnx_c {

/// Builds with TorchBuilder's vocabulary (constants, run-time ints, dtype
/// conversions, loops, ...) before the node, and adds what reading a node
/// takes.
class OnnxNode : public Torch::TorchBuilder {
public:
  /// `operands` are the node's operands as the driver maps them (what
  /// earlier conversions replaced them with).
  OnnxNode(Torch::OperatorOp op, ValueRange operands, StringRef opType,
           int64_t opset, ConversionPatternRewriter &rewriter)
      : TorchBuilder(rewriter, op.getLoc()), op(op), b(rewriter),
        opType(opType), opset(opset), operands(operands) {}

  Torch::OperatorOp op;
  /// Inserts before the node. Regions and blocks move through it
  /// (inlineRegionBefore, inlineBlockBefore, eraseOp), never directly.
  ConversionPatternRewriter &b;
  StringRef opType; // "Add"
  int64_t opset;    // the function's opset for the node's domain
  ValueRange operands;

  // --- operands and results ---------------------------------------------
  unsigned numOperands() { return operands.size(); }
  /// Operand `i`; null if the node has fewer or it was omitted (none).
  Value operand(unsigned i);
  unsigned numResults() { return op->getNumResults(); }
  /// Result `i`'s type if it is a tensor of known rank and dtype, else null.
  Torch::ValueTensorType resultType(unsigned i = 0);
  /// Operand `i`'s type, on the same terms.
  Torch::ValueTensorType operandType(unsigned i);

  // --- attributes (torch.onnx.<name>) ------------------------------------
  Attribute attr(StringRef name) {
    return op->getAttr(("torch.onnx." + name).str());
  }
  /// Integer attributes are si64, as the importer writes them.
  int64_t intAttr(StringRef name, int64_t otherwise);
  std::optional<int64_t> intAttr(StringRef name);
  double floatAttr(StringRef name, double otherwise);
  StringRef stringAttr(StringRef name, StringRef otherwise);
  std::optional<SmallVector<int64_t>> intsAttr(StringRef name);

  /// The integers of a constant tensor operand (a literal of any integer
  /// dtype, a folded constant): axes, shapes, pads. Nullopt if it is not
  /// constant.
  std::optional<SmallVector<int64_t>> constantInts(unsigned i);
  /// The float value(s) of a constant tensor operand.
  std::optional<SmallVector<double>> constantFloats(unsigned i);

  // --- sizes known only at run time (!torch.int values) -------------------
  /// The elements of operand `i`, a 1-D integer tensor of static length:
  /// constants where it is constant, else read at run time (select, then
  /// Int.Tensor). Nullopt if the operand is missing or its length unknown.
  std::optional<SmallVector<Value>> intsOf(unsigned i);
  /// The elements of `tensor`, a 1-D integer tensor of static length, read
  /// at run time. Nullopt if its length is unknown.
  std::optional<SmallVector<Value>> intsOf(Value tensor);
  /// Operand `i`, an integer tensor of one element (0-d or [1]), as a
  /// !torch.int: a constant where it is one. Null if it is not of that shape.
  Value intOf(unsigned i);
  /// The result's sizes as a shape list (for aten.reshape and the like):
  /// static ones as constants; one unknown size as -1; several from
  /// `dynamicSize(d)` (the op's own rule for them). Nullopt after reporting
  /// why.
  std::optional<Value>
  resultShapeList(function_ref<Value(int64_t d)> dynamicSize = nullptr);
  /// An axis `axis` (a !torch.int) into `rank` dims, counted from the front:
  /// checked at run time to be in [-rank, rank) ("<what> is out of range").
  Value axisAtRunTime(Value axis, int64_t rank, const Twine &what);

  /// A check at run time that `condition` (a !torch.bool) holds; if not, the
  /// compiled function fails with "onnx.<Op>: <message>".
  void check(Value condition, const Twine &message);

  /// Replaces the node's results with `values` (one per result).
  LogicalResult replace(ValueRange values);
  /// An error at the node: "onnx.<Op> (opset N): <why>". Always failure().
  LogicalResult fail(const Twine &why);
};

/// A conversion of one version range of one ONNX op. Returns failure after
/// reporting why (OnnxNode::fail); the driver then rolls back what it built.
using ConvertFn = LogicalResult (*)(OnnxNode &);

struct OnnxConversion {
  const char *opType;
  int64_t sinceVersion; // the opset from which this conversion holds
  ConvertFn convert;
};

/// The newest opset of the default domain the conversions were written
/// against (what the pinned onnx defines; a test keeps the two equal). A
/// model that asks for a newer one may use meanings they do not know.
constexpr int64_t kNewestKnownOpset = 28;

// The op families, one file each.
ArrayRef<OnnxConversion> elementwiseConversions();
ArrayRef<OnnxConversion> reductionConversions();
ArrayRef<OnnxConversion> shapeConversions();
ArrayRef<OnnxConversion> generatorConversions();
ArrayRef<OnnxConversion> indexingConversions();
ArrayRef<OnnxConversion> linearConversions();
ArrayRef<OnnxConversion> poolingConversions();
ArrayRef<OnnxConversion> normalizationConversions();
ArrayRef<OnnxConversion> quantizedConversions();
ArrayRef<OnnxConversion> resizeConversions();
ArrayRef<OnnxConversion> controlFlowConversions();
ArrayRef<OnnxConversion> recurrentConversions();
ArrayRef<OnnxConversion> spectralConversions();
ArrayRef<OnnxConversion> detectionConversions();

} // namespace mlir::torch::onnx_c

#endif // TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_ONNXNODE_H
