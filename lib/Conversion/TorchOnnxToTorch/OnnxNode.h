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

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/Torch/IR/TorchTypes.h"

#include <optional>

namespace mlir::torch::onnx_c {

class OnnxNode {
public:
  /// `operands` are the node's operands as the driver maps them (what
  /// earlier conversions replaced them with).
  OnnxNode(Torch::OperatorOp op, ValueRange operands, StringRef opType,
           int64_t opset, ConversionPatternRewriter &rewriter)
      : op(op), b(rewriter), loc(op.getLoc()), opType(opType), opset(opset),
        operands(operands) {}

  Torch::OperatorOp op;
  /// Inserts before the node. Regions and blocks move through it
  /// (inlineRegionBefore, inlineBlockBefore, eraseOp), never directly.
  ConversionPatternRewriter &b;
  Location loc;
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
  /// `x`'s size along `dim`: a constant where its type knows it, else
  /// aten.size.int.
  Value sizeOf(Value x, int64_t dim);
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
  /// An axis `axis` (a !torch.int) into `rank` dims, counted from the front:
  /// checked at run time to be in [-rank, rank) ("<what> is out of range").
  Value axisAtRunTime(Value axis, int64_t rank, const Twine &what);
  /// `cond ? a : c` for !torch.int values, `cond` a !torch.bool.
  Value selectInt(Value cond, Value a, Value c);
  /// `a == v` as a !torch.bool.
  Value eqInt(Value a, int64_t v);
  Value mulInt(Value a, Value c);
  /// A list of !torch.int values.
  Value sizeList(ValueRange sizes);

  // --- building --------------------------------------------------------------
  Value constInt(int64_t v);
  Value constFloat(double v);
  Value constBool(bool v);
  Value none();
  Value intList(ArrayRef<int64_t> values);
  Value list(Type elementType, ValueRange values);
  /// A tensor type of `sizes` with `dtype`.
  Torch::ValueTensorType tensorType(ArrayRef<int64_t> sizes, Type dtype);

  template <typename OpTy, typename... Args>
  Value create(Type result, Args &&...args) {
    return b.create<OpTy>(loc, result, std::forward<Args>(args)...);
  }

  /// `v` converted to `dtype` (itself if it has it already); null if
  /// `dtype` has no Torch dtype code.
  Value convert(Value v, Type dtype);
  /// f32 for the half-precision dtypes (f16, bf16), which products and
  /// normalizations compute in, rounding once at the end; else `dtype`.
  Type computeType(Type dtype);

  /// `v` as `type`, which knows less (or more) of its shape: itself if it
  /// has that type, else a `torch.tensor_static_info_cast`.
  Value castTo(Value v, Type type);
  /// A `torch.prim.Loop` of `tripCount` iterations while `condition`,
  /// carrying `inits` (as `carried`). Its body block (the iteration number,
  /// then the carried values) is made and the builder left at its start.
  std::pair<Torch::PrimLoopOp, Block *> makeLoop(Value tripCount,
                                                 Value condition,
                                                 ValueRange inits,
                                                 ArrayRef<Type> carried);

  /// `cond ? thenValue() : elseValue()` as a `torch.prim.If` of result
  /// `type` (a !torch.bool `cond`): each value is built inside its branch,
  /// so only the one taken runs, and cast to `type`.
  Value ifElse(Value cond, Type type, function_ref<Value()> thenValue,
               function_ref<Value()> elseValue);

  /// A check at run time that `condition` (a !torch.bool) holds; if not, the
  /// compiled function fails with "onnx.<Op>: <message>".
  void check(Value condition, const Twine &message);

  /// Replaces the node's results with `values` (one per result).
  LogicalResult replace(ValueRange values);
  /// An error at the node: "onnx.<Op> (opset N): <why>". Always failure().
  LogicalResult fail(const Twine &why);
};

/// The product of two sizes, unknown if either is.
inline int64_t sizeProduct(int64_t a, int64_t b) {
  return a == Torch::kUnknownSize || b == Torch::kUnknownSize
             ? Torch::kUnknownSize
             : a * b;
}

/// Sizes of broadcasting `a` with `b` (unknown where they are not static).
inline SmallVector<int64_t> broadcastSizes(ArrayRef<int64_t> a,
                                           ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (x == 1)
      out[i] = y;
    else if (y == 1)
      out[i] = x;
    else if (x == y)
      out[i] = x;
    else
      out[i] = Torch::kUnknownSize;
  }
  return out;
}

/// A `!torch.vtensor` type of known rank and dtype, or null.
inline Torch::ValueTensorType rankedType(Type type) {
  auto t = dyn_cast<Torch::ValueTensorType>(type);
  return t && t.hasSizes() && t.hasDtype() ? t : nullptr;
}

/// The value of a `torch.constant.int`, else nullopt.
inline std::optional<int64_t> constantIntValue(Value v) {
  if (auto c = v.getDefiningOp<Torch::ConstantIntOp>())
    return c.getValueAttr().getInt();
  return std::nullopt;
}

/// The elements of `v` as integers if it is a `torch.vtensor.literal` (of
/// dense elements or a dense_resource blob), else nullopt.
std::optional<SmallVector<int64_t>> literalInts(Value v);

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
ArrayRef<OnnxConversion> linearConversions();
ArrayRef<OnnxConversion> resizeConversions();
ArrayRef<OnnxConversion> controlFlowConversions();
ArrayRef<OnnxConversion> recurrentConversions();
ArrayRef<OnnxConversion> spectralConversions();
ArrayRef<OnnxConversion> detectionConversions();

} // namespace mlir::torch::onnx_c

#endif // TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_ONNXNODE_H
