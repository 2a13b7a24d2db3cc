//===- TorchOps.cpp - Torch op verifiers, folders and canonicalizers
//-------===//

#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch::Torch;

//===----------------------------------------------------------------------===//
// The generated ops' textual form
//===----------------------------------------------------------------------===//

ParseResult mlir::torch::Torch::parseDefaultTorchOp(OpAsmParser &parser,
                                                    OperationState &result,
                                                    int numOperands,
                                                    int numResults) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (numOperands < 0) {
    if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren))
      return failure();
  } else if (parser.parseOperandList(operands, numOperands)) {
    return failure();
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SmallVector<Type> operandTypes;
  if (!operands.empty() || numResults > 0) {
    if (parser.parseColon())
      return failure();
  }
  for (size_t i = 0; i < operands.size(); ++i) {
    Type type;
    if ((i > 0 && parser.parseComma()) || parser.parseType(type))
      return failure();
    operandTypes.push_back(type);
  }
  SmallVector<Type> resultTypes;
  if (numResults > 0) {
    if (parser.parseArrow())
      return failure();
    for (int i = 0; i < numResults; ++i) {
      Type type;
      if ((i > 0 && parser.parseComma()) || parser.parseType(type))
        return failure();
      resultTypes.push_back(type);
    }
  }
  if (parser.resolveOperands(operands, operandTypes, parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(resultTypes);
  return success();
}

void mlir::torch::Torch::printDefaultTorchOp(OpAsmPrinter &printer,
                                             Operation *op,
                                             bool parenthesizedOperands) {
  if (parenthesizedOperands) {
    printer << "(";
    printer.printOperands(op->getOperands());
    printer << ")";
  } else if (op->getNumOperands() > 0) {
    printer << " ";
    printer.printOperands(op->getOperands());
  }
  printer.printOptionalAttrDict(op->getAttrs());
  if (op->getNumOperands() == 0 && op->getNumResults() == 0)
    return;
  printer << " :";
  if (op->getNumOperands() > 0) {
    printer << " ";
    llvm::interleaveComma(op->getOperandTypes(), printer);
  }
  if (op->getNumResults() > 0) {
    printer << " -> ";
    llvm::interleaveComma(op->getResultTypes(), printer);
  }
}

//===----------------------------------------------------------------------===//
// Subtyping
//===----------------------------------------------------------------------===//

static bool areSizesCompatible(BaseTensorType subtype, BaseTensorType type) {
  if (!type.hasSizes())
    return true;
  if (!subtype.hasSizes())
    return false;
  ArrayRef<int64_t> sub = subtype.getSizes(), super = type.getSizes();
  if (sub.size() != super.size())
    return false;
  for (auto [s, t] : llvm::zip(sub, super)) {
    if (t != kUnknownSize && s != t)
      return false;
  }
  return true;
}

bool mlir::torch::Torch::isValidSubtype(Type subtype, Type type) {
  if (subtype == type || isa<AnyType>(type))
    return true;
  if (auto optional = dyn_cast<OptionalType>(type)) {
    return isa<Torch::NoneType>(subtype) ||
           isValidSubtype(subtype, optional.getContainedType());
  }
  if (auto union_ = dyn_cast<UnionType>(type)) {
    return llvm::any_of(union_.getContainedTypes(),
                        [&](Type t) { return isValidSubtype(subtype, t); });
  }
  if (isa<NumberType>(type))
    return isa<IntType, Torch::FloatType>(subtype);
  if (auto tuple = dyn_cast<TupleType>(type)) {
    auto subTuple = dyn_cast<TupleType>(subtype);
    if (!subTuple ||
        subTuple.getContainedTypes().size() != tuple.getContainedTypes().size())
      return false;
    return llvm::all_of(
        llvm::zip(subTuple.getContainedTypes(), tuple.getContainedTypes()),
        [](auto pair) {
          return isValidSubtype(std::get<0>(pair), std::get<1>(pair));
        });
  }
  auto subTensor = dyn_cast<BaseTensorType>(subtype);
  auto tensor = dyn_cast<BaseTensorType>(type);
  if (subTensor && tensor) {
    if (subTensor.hasValueSemantics() != tensor.hasValueSemantics())
      return false;
    if (tensor.hasDtype() &&
        (!subTensor.hasDtype() || subTensor.getDtype() != tensor.getDtype()))
      return false;
    return areSizesCompatible(subTensor, tensor);
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

OpFoldResult ConstantNoneOp::fold(FoldAdaptor) {
  return TypeAttr::get(getType());
}
void ConstantNoneOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "none");
}

OpFoldResult ConstantStrOp::fold(FoldAdaptor) { return getValueAttr(); }
void ConstantStrOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "str");
}

OpFoldResult ConstantDeviceOp::fold(FoldAdaptor) { return getValueAttr(); }
void ConstantDeviceOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), getValue());
}

OpFoldResult ConstantIntOp::fold(FoldAdaptor) { return getValueAttr(); }
void ConstantIntOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  SmallString<16> name("int");
  name += std::to_string(getValueAttr().getInt());
  setNameFn(getResult(), name);
}

OpFoldResult ConstantFloatOp::fold(FoldAdaptor) { return getValueAttr(); }
void ConstantFloatOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  // Like the printed value, without the characters SSA names can't hold:
  // 1.500000e+00 -> %float1.500000e00.
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "float" << llvm::format("%e", getValue().convertToDouble());
  os.flush();
  llvm::erase_if(text, [](char c) { return c == '+'; });
  setNameFn(getResult(), text);
}

OpFoldResult ConstantNumberOp::fold(FoldAdaptor) { return getValueAttr(); }
void ConstantNumberOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "number");
}

OpFoldResult ConstantBoolOp::fold(FoldAdaptor) { return getValueAttr(); }
void ConstantBoolOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), getValue() ? "true" : "false");
}

//===----------------------------------------------------------------------===//
// Tensor literals
//===----------------------------------------------------------------------===//

static LogicalResult verifyLiteral(Operation *op, ElementsAttr value,
                                   BaseTensorType type) {
  auto shaped = cast<ShapedType>(value.getType());
  if (type.hasSizes() && type.getSizes() != shaped.getShape())
    return op->emitOpError("result sizes do not match the literal's shape ")
           << shaped;
  if (type.hasDtype() && type.getDtype() != shaped.getElementType())
    return op->emitOpError("result dtype ")
           << type.getDtype() << " does not match the literal's element type "
           << shaped.getElementType();
  return success();
}

OpFoldResult ValueTensorLiteralOp::fold(FoldAdaptor) { return getValueAttr(); }
LogicalResult ValueTensorLiteralOp::verify() {
  return verifyLiteral(*this, getValue(), cast<BaseTensorType>(getType()));
}

LogicalResult NonValueTensorLiteralOp::verify() {
  return verifyLiteral(*this, getValue(), cast<BaseTensorType>(getType()));
}

//===----------------------------------------------------------------------===//
// prim ops
//===----------------------------------------------------------------------===//

LogicalResult PrimListConstructOp::verify() {
  Type elementType = cast<ListType>(getType()).getContainedType();
  for (Value element : getElements()) {
    if (!isValidSubtype(element.getType(), elementType))
      return emitOpError("element of type ")
             << element.getType() << " does not fit the list's element type "
             << elementType;
  }
  return success();
}

LogicalResult PrimTupleConstructOp::verify() {
  ArrayRef<Type> types = cast<TupleType>(getType()).getContainedTypes();
  if (types.size() != getElements().size())
    return emitOpError("has ")
           << getElements().size() << " elements but the tuple type has "
           << types.size();
  for (auto [element, type] : llvm::zip(getElements(), types)) {
    if (!isValidSubtype(element.getType(), type))
      return emitOpError("element of type ")
             << element.getType() << " does not fit tuple element type "
             << type;
  }
  return success();
}

LogicalResult PrimTupleUnpackOp::verify() {
  size_t size = cast<TupleType>(getTup().getType()).getContainedTypes().size();
  if (size != getResults().size())
    return emitOpError("unpacks ")
           << getResults().size() << " values from a tuple of " << size;
  return success();
}

static LogicalResult verifyYieldedTypes(Operation *op, Region &region,
                                        TypeRange expected, StringRef what) {
  Operation *terminator = region.front().getTerminator();
  TypeRange yielded = terminator->getOperandTypes();
  if (yielded.size() != expected.size())
    return op->emitOpError() << what << " yields " << yielded.size()
                             << " values, expected " << expected.size();
  for (auto [got, want] : llvm::zip(yielded, expected)) {
    if (!isValidSubtype(got, want))
      return op->emitOpError() << what << " yields a value of type " << got
                               << " where " << want << " is expected";
  }
  return success();
}

ParseResult PrimIfOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand condition;
  SmallVector<Type> resultTypes;
  if (parser.parseOperand(condition) || parser.parseArrow() ||
      parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    if (parser.parseTypeList(resultTypes) || parser.parseRParen())
      return failure();
  }
  result.addTypes(resultTypes);
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parser.parseRegion(*thenRegion) || parser.parseKeyword("else") ||
      parser.parseRegion(*elseRegion) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return parser.resolveOperand(condition, BoolType::get(parser.getContext()),
                               result.operands);
}

void PrimIfOp::print(OpAsmPrinter &printer) {
  printer << " " << getCondition() << " -> (" << getResultTypes() << ") ";
  printer.printRegion(getThenRegion());
  printer << " else ";
  printer.printRegion(getElseRegion());
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult PrimIfOp::verify() {
  for (Region *region : {&getThenRegion(), &getElseRegion()}) {
    if (!isa<PrimIfYieldOp>(region->front().getTerminator()))
      return emitOpError("regions must end in torch.prim.If.yield");
  }
  if (failed(verifyYieldedTypes(*this, getThenRegion(), getResultTypes(),
                                "then region")))
    return failure();
  return verifyYieldedTypes(*this, getElseRegion(), getResultTypes(),
                            "else region");
}

LogicalResult PrimLoopOp::verify() {
  Block &body = getRegion().front();
  size_t carried = getIterArgsInit().size();
  if (body.getNumArguments() != carried + 1)
    return emitOpError("body takes ")
           << body.getNumArguments() << " arguments, expected " << carried + 1
           << " (the iteration number and the carried values)";
  if (!isa<IntType>(body.getArgument(0).getType()))
    return emitOpError("body's first argument must be !torch.int");
  if (getResults().size() != carried)
    return emitOpError("has ") << getResults().size() << " results but carries "
                               << carried << " values";
  auto condition = dyn_cast<PrimLoopConditionOp>(body.getTerminator());
  if (!condition)
    return emitOpError("body must end in torch.prim.Loop.condition");
  if (condition.getIterArgs().size() != carried)
    return emitOpError("body carries ")
           << condition.getIterArgs().size() << " values, expected " << carried;
  return success();
}

//===----------------------------------------------------------------------===//
// Casts and tensor-semantics bridges
//===----------------------------------------------------------------------===//

static bool areCastCompatible(BaseTensorType a, BaseTensorType b) {
  if (a.hasValueSemantics() != b.hasValueSemantics())
    return false;
  if (a.hasDtype() && b.hasDtype() && a.getDtype() != b.getDtype())
    return false;
  if (a.hasSizes() && b.hasSizes()) {
    if (a.getSizes().size() != b.getSizes().size())
      return false;
    for (auto [x, y] : llvm::zip(a.getSizes(), b.getSizes())) {
      if (x != kUnknownSize && y != kUnknownSize && x != y)
        return false;
    }
  }
  return true;
}

LogicalResult TensorStaticInfoCastOp::verify() {
  auto from = cast<BaseTensorType>(getOperand().getType());
  auto to = cast<BaseTensorType>(getType());
  if (!areCastCompatible(from, to))
    return emitOpError("cannot cast ") << from << " to " << to;
  return success();
}

OpFoldResult TensorStaticInfoCastOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  return nullptr;
}

void TensorStaticInfoCastOp::getCanonicalizationPatterns(
    RewritePatternSet &patterns, MLIRContext *context) {
  // cast(cast(x : A -> B) : B -> C) -> x if A == C, else cast(x : A -> C).
  patterns.add(+[](TensorStaticInfoCastOp op, PatternRewriter &rewriter) {
    auto inner = op.getOperand().getDefiningOp<TensorStaticInfoCastOp>();
    if (!inner)
      return failure();
    Value source = inner.getOperand();
    if (source.getType() == op.getType()) {
      rewriter.replaceOp(op, source);
      return success();
    }
    rewriter.replaceOpWithNewOp<TensorStaticInfoCastOp>(op, op.getType(),
                                                        source);
    return success();
  });
}

//===----------------------------------------------------------------------===//
// Symbolic shapes
//===----------------------------------------------------------------------===//

LogicalResult SymbolicIntOp::verify() {
  if (getMinVal() < 0 || getMinVal() > getMaxVal())
    return emitOpError("range [")
           << getMinVal() << ", " << getMaxVal() << "] of " << getSymbolName()
           << " is not a range of sizes";
  return success();
}

// torch.bind_symbolic_shape %x, [%s0, %s1], affine_map<()[s0, s1] -> (...)>
//     {attributes} : <the operand's type>
ParseResult BindSymbolicShapeOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  OpAsmParser::UnresolvedOperand operand;
  SmallVector<OpAsmParser::UnresolvedOperand> symbols;
  AffineMapAttr map;
  Type operandType;
  if (parser.parseOperand(operand) || parser.parseComma() ||
      parser.parseOperandList(symbols, OpAsmParser::Delimiter::Square) ||
      parser.parseComma() ||
      parser.parseAttribute(map, "shape_expressions", result.attributes) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(operandType))
    return failure();
  Type intType = IntType::get(parser.getContext());
  return failure(parser.resolveOperand(operand, operandType, result.operands) ||
                 parser.resolveOperands(symbols, intType, result.operands));
}

void BindSymbolicShapeOp::print(OpAsmPrinter &printer) {
  printer << " " << getOperand() << ", [";
  printer.printOperands(getShapeSymbols());
  printer << "], "
          << "affine_map<" << getShapeExpressions() << ">";
  printer.printOptionalAttrDict((*this)->getAttrs(), {"shape_expressions"});
  printer << " : " << getOperand().getType();
}

LogicalResult BindSymbolicShapeOp::verify() {
  AffineMap map = getShapeExpressions();
  if (map.getNumDims() != 0)
    return emitOpError("the shape expressions take symbols only, not ")
           << map.getNumDims() << " dimension(s)";
  if (map.getNumSymbols() != getShapeSymbols().size())
    return emitOpError("the map has ")
           << map.getNumSymbols() << " symbol(s) but the op binds "
           << getShapeSymbols().size();
  for (Value symbol : getShapeSymbols())
    if (!symbol.getDefiningOp<SymbolicIntOp>())
      return emitOpError("each shape symbol must come from torch.symbolic_int");
  auto type = cast<BaseTensorType>(getOperand().getType());
  if (!type.hasSizes())
    return success();
  ArrayRef<int64_t> sizes = type.getSizes();
  if (map.getNumResults() != sizes.size())
    return emitOpError("the map gives ")
           << map.getNumResults() << " size(s) for a tensor of rank "
           << sizes.size();
  for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
    auto constant = dyn_cast<AffineConstantExpr>(expr);
    if (constant && sizes[dim] != kUnknownSize &&
        constant.getValue() != sizes[dim])
      return emitOpError("dimension ")
             << dim << " is " << sizes[dim] << " but the map says "
             << constant.getValue();
  }
  return success();
}

/// `%r = torch.copy.to_(v)tensor %x : <result type>`; the operand's type is
/// the result's with the other tensor semantics.
static ParseResult parseCopyOp(OpAsmParser &parser, OperationState &result,
                               bool toValueTensor) {
  OpAsmParser::UnresolvedOperand operand;
  Type resultType;
  SMLoc typeLoc;
  if (parser.parseOperand(operand) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(resultType))
    return failure();
  auto tensorType = dyn_cast<BaseTensorType>(resultType);
  if (!tensorType || tensorType.hasValueSemantics() != toValueTensor)
    return parser.emitError(typeLoc, "expected a ")
           << (toValueTensor ? "!torch.vtensor" : "!torch.tensor") << " type";
  Type operandType = toValueTensor ? Type(tensorType.getWithoutValueSemantics())
                                   : Type(tensorType.getWithValueSemantics());
  result.addTypes(resultType);
  return parser.resolveOperand(operand, operandType, result.operands);
}

static void printCopyOp(OpAsmPrinter &printer, Operation *op) {
  printer << " " << op->getOperand(0);
  printer.printOptionalAttrDict(op->getAttrs());
  printer << " : " << op->getResult(0).getType();
}

ParseResult CopyToNonValueTensorOp::parse(OpAsmParser &parser,
                                          OperationState &result) {
  return parseCopyOp(parser, result, /*toValueTensor=*/false);
}
void CopyToNonValueTensorOp::print(OpAsmPrinter &printer) {
  printCopyOp(printer, *this);
}
ParseResult CopyToValueTensorOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  return parseCopyOp(parser, result, /*toValueTensor=*/true);
}
void CopyToValueTensorOp::print(OpAsmPrinter &printer) {
  printCopyOp(printer, *this);
}

LogicalResult CopyToNonValueTensorOp::verify() {
  auto from = cast<BaseTensorType>(getOperand().getType());
  if (from.getWithoutValueSemantics() != getType())
    return emitOpError("result type must be ")
           << from.getWithoutValueSemantics();
  return success();
}

LogicalResult CopyToValueTensorOp::verify() {
  auto from = cast<BaseTensorType>(getOperand().getType());
  if (from.getWithValueSemantics() != getType())
    return emitOpError("result type must be ") << from.getWithValueSemantics();
  return success();
}

OpFoldResult DerefineOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  // derefine(derefine(x)) -> derefine(x), in place.
  if (auto inner = getOperand().getDefiningOp<DerefineOp>()) {
    getOperation()->setOperand(0, inner.getOperand());
    if (getOperand().getType() == getType())
      return getOperand();
    return getResult();
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// The module graph
//===----------------------------------------------------------------------===//

LogicalResult NnModuleOp::verify() {
  for (Operation &op : getRegion().front()) {
    if (!isa<SlotOp, NnModuleTerminatorOp>(op))
      return op.emitOpError("is not allowed in a torch.nn_module body");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Folders of generated ops: Python scalar arithmetic and static shapes
//===----------------------------------------------------------------------===//

static std::optional<int64_t> getInt(Attribute attr) {
  if (auto intAttr = dyn_cast_or_null<IntegerAttr>(attr))
    return intAttr.getValue().getSExtValue();
  return std::nullopt;
}

static std::optional<double> getFloat(Attribute attr) {
  if (auto floatAttr = dyn_cast_or_null<FloatAttr>(attr))
    return floatAttr.getValueAsDouble();
  return std::nullopt;
}

static std::optional<bool> getBool(Attribute attr) {
  if (auto boolAttr = dyn_cast_or_null<BoolAttr>(attr))
    return boolAttr.getValue();
  return std::nullopt;
}

static Attribute intAttr(MLIRContext *ctx, int64_t value) {
  return IntegerAttr::get(IntegerType::get(ctx, 64), value);
}
static Attribute floatAttr(MLIRContext *ctx, double value) {
  return FloatAttr::get(Float64Type::get(ctx), value);
}
static Attribute boolAttr(MLIRContext *ctx, bool value) {
  return BoolAttr::get(ctx, value);
}

template <typename Fn>
static OpFoldResult foldIntBinary(Attribute a, Attribute b, MLIRContext *ctx,
                                  Fn fn) {
  auto x = getInt(a), y = getInt(b);
  if (!x || !y)
    return nullptr;
  std::optional<int64_t> result = fn(*x, *y);
  return result ? intAttr(ctx, *result) : nullptr;
}

template <typename Fn>
static OpFoldResult foldIntCompare(Attribute a, Attribute b, MLIRContext *ctx,
                                   Fn fn) {
  auto x = getInt(a), y = getInt(b);
  if (!x || !y)
    return nullptr;
  return boolAttr(ctx, fn(*x, *y));
}

template <typename Fn>
static OpFoldResult foldFloatCompare(Attribute a, Attribute b, MLIRContext *ctx,
                                     Fn fn) {
  auto x = getFloat(a), y = getFloat(b);
  if (!x || !y)
    return nullptr;
  return boolAttr(ctx, fn(*x, *y));
}

OpFoldResult AtenAddIntOp::fold(FoldAdaptor adaptor) {
  return foldIntBinary(
      adaptor.getA(), adaptor.getB(), getContext(),
      [](int64_t a, int64_t b) -> std::optional<int64_t> { return a + b; });
}
OpFoldResult AtenSubIntOp::fold(FoldAdaptor adaptor) {
  return foldIntBinary(
      adaptor.getA(), adaptor.getB(), getContext(),
      [](int64_t a, int64_t b) -> std::optional<int64_t> { return a - b; });
}
OpFoldResult AtenMulIntOp::fold(FoldAdaptor adaptor) {
  return foldIntBinary(
      adaptor.getA(), adaptor.getB(), getContext(),
      [](int64_t a, int64_t b) -> std::optional<int64_t> { return a * b; });
}
// Python's // and % round toward negative infinity; b == 0 raises, so no fold.
OpFoldResult AtenFloordivIntOp::fold(FoldAdaptor adaptor) {
  return foldIntBinary(adaptor.getA(), adaptor.getB(), getContext(),
                       [](int64_t a, int64_t b) -> std::optional<int64_t> {
                         if (b == 0)
                           return std::nullopt;
                         int64_t q = a / b;
                         if ((a % b != 0) && ((a < 0) != (b < 0)))
                           --q;
                         return q;
                       });
}
OpFoldResult AtenRemainderIntOp::fold(FoldAdaptor adaptor) {
  return foldIntBinary(adaptor.getA(), adaptor.getB(), getContext(),
                       [](int64_t a, int64_t b) -> std::optional<int64_t> {
                         if (b == 0)
                           return std::nullopt;
                         int64_t r = a % b;
                         if (r != 0 && ((r < 0) != (b < 0)))
                           r += b;
                         return r;
                       });
}
OpFoldResult AtenNegIntOp::fold(FoldAdaptor adaptor) {
  if (auto a = getInt(adaptor.getA()))
    return intAttr(getContext(), -*a);
  return nullptr;
}

OpFoldResult AtenAddFloatIntOp::fold(FoldAdaptor adaptor) {
  auto a = getFloat(adaptor.getA());
  auto b = getInt(adaptor.getB());
  if (!a || !b)
    return nullptr;
  return floatAttr(getContext(), *a + static_cast<double>(*b));
}
OpFoldResult AtenSubFloatOp::fold(FoldAdaptor adaptor) {
  auto a = getFloat(adaptor.getA()), b = getFloat(adaptor.getB());
  return a && b ? floatAttr(getContext(), *a - *b) : nullptr;
}
OpFoldResult AtenMulFloatOp::fold(FoldAdaptor adaptor) {
  auto a = getFloat(adaptor.getA()), b = getFloat(adaptor.getB());
  return a && b ? floatAttr(getContext(), *a * *b) : nullptr;
}
OpFoldResult AtenDivFloatOp::fold(FoldAdaptor adaptor) {
  auto a = getFloat(adaptor.getA()), b = getFloat(adaptor.getB());
  if (!a || !b || *b == 0.0) // Python raises ZeroDivisionError.
    return nullptr;
  return floatAttr(getContext(), *a / *b);
}
OpFoldResult AtenNegFloatOp::fold(FoldAdaptor adaptor) {
  if (auto a = getFloat(adaptor.getA()))
    return floatAttr(getContext(), -*a);
  return nullptr;
}

OpFoldResult AtenEqIntOp::fold(FoldAdaptor adaptor) {
  if (getA() == getB())
    return boolAttr(getContext(), true);
  return foldIntCompare(adaptor.getA(), adaptor.getB(), getContext(),
                        [](int64_t a, int64_t b) { return a == b; });
}
OpFoldResult AtenNeIntOp::fold(FoldAdaptor adaptor) {
  if (getA() == getB())
    return boolAttr(getContext(), false);
  return foldIntCompare(adaptor.getA(), adaptor.getB(), getContext(),
                        [](int64_t a, int64_t b) { return a != b; });
}
OpFoldResult AtenLtIntOp::fold(FoldAdaptor adaptor) {
  return foldIntCompare(adaptor.getA(), adaptor.getB(), getContext(),
                        [](int64_t a, int64_t b) { return a < b; });
}
OpFoldResult AtenLeIntOp::fold(FoldAdaptor adaptor) {
  return foldIntCompare(adaptor.getA(), adaptor.getB(), getContext(),
                        [](int64_t a, int64_t b) { return a <= b; });
}
OpFoldResult AtenGtIntOp::fold(FoldAdaptor adaptor) {
  return foldIntCompare(adaptor.getA(), adaptor.getB(), getContext(),
                        [](int64_t a, int64_t b) { return a > b; });
}
OpFoldResult AtenGeIntOp::fold(FoldAdaptor adaptor) {
  return foldIntCompare(adaptor.getA(), adaptor.getB(), getContext(),
                        [](int64_t a, int64_t b) { return a >= b; });
}
OpFoldResult AtenEqFloatOp::fold(FoldAdaptor adaptor) {
  return foldFloatCompare(adaptor.getA(), adaptor.getB(), getContext(),
                          [](double a, double b) { return a == b; });
}
OpFoldResult AtenLtFloatOp::fold(FoldAdaptor adaptor) {
  return foldFloatCompare(adaptor.getA(), adaptor.getB(), getContext(),
                          [](double a, double b) { return a < b; });
}
OpFoldResult AtenGtFloatOp::fold(FoldAdaptor adaptor) {
  return foldFloatCompare(adaptor.getA(), adaptor.getB(), getContext(),
                          [](double a, double b) { return a > b; });
}
OpFoldResult AtenGeFloatOp::fold(FoldAdaptor adaptor) {
  return foldFloatCompare(adaptor.getA(), adaptor.getB(), getContext(),
                          [](double a, double b) { return a >= b; });
}

OpFoldResult Aten__And__BoolOp::fold(FoldAdaptor adaptor) {
  auto a = getBool(adaptor.getA()), b = getBool(adaptor.getB());
  if ((a && !*a) || (b && !*b))
    return boolAttr(getContext(), false);
  if (a && b)
    return boolAttr(getContext(), true);
  return nullptr;
}
OpFoldResult AtenBoolIntOp::fold(FoldAdaptor adaptor) {
  if (auto a = getInt(adaptor.getA()))
    return boolAttr(getContext(), *a != 0);
  return nullptr;
}
OpFoldResult AtenIntBoolOp::fold(FoldAdaptor adaptor) {
  if (auto a = getBool(adaptor.getA()))
    return intAttr(getContext(), *a ? 1 : 0);
  return nullptr;
}
OpFoldResult AtenFloatScalarOp::fold(FoldAdaptor adaptor) {
  if (auto a = getInt(adaptor.getA()))
    return floatAttr(getContext(), static_cast<double>(*a));
  if (auto a = getFloat(adaptor.getA()))
    return floatAttr(getContext(), *a);
  return nullptr;
}

OpFoldResult AtenSizeIntOp::fold(FoldAdaptor adaptor) {
  auto type = cast<BaseTensorType>(getSelf().getType());
  auto dim = getInt(adaptor.getDim());
  if (!type.hasSizes() || !dim)
    return nullptr;
  int64_t rank = type.getSizes().size();
  int64_t index = *dim < 0 ? *dim + rank : *dim;
  if (index < 0 || index >= rank) // Out of range raises at run time.
    return nullptr;
  int64_t size = type.getSizes()[index];
  return size == kUnknownSize ? nullptr : intAttr(getContext(), size);
}

OpFoldResult AtenDimOp::fold(FoldAdaptor) {
  auto type = cast<BaseTensorType>(getSelf().getType());
  if (!type.hasSizes())
    return nullptr;
  return intAttr(getContext(), type.getSizes().size());
}

/// Ops that change a list in place. A list any of them touches may have a
/// length other than its construction's.
static bool mayMutateList(Operation *user) {
  static const llvm::StringSet<> mutators = {
      "torch.aten.append.t",    "torch.aten.insert.t",
      "torch.aten._set_item.t", "torch.aten.clear.t",
      "torch.aten.pop.t",       "torch.aten.extend.t",
      "torch.aten.remove.int",  "torch.aten.remove.float",
      "torch.aten.remove.bool"};
  StringRef name = user->getName().getStringRef();
  // Anything outside the aten namespace (calls, returns, torch.operator,
  // control flow) may hand the list to code that mutates it.
  return mutators.contains(name) || !name.starts_with("torch.aten.");
}

OpFoldResult AtenLenTOp::fold(FoldAdaptor) {
  auto list = getA().getDefiningOp<PrimListConstructOp>();
  if (!list || llvm::any_of(list->getUsers(), mayMutateList))
    return nullptr;
  return intAttr(getContext(), list.getElements().size());
}

//===----------------------------------------------------------------------===//
// Generated op definitions
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "Dialect/Torch/IR/TorchOps.cpp.inc"
