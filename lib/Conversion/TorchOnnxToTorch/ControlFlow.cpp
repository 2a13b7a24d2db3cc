//===- ControlFlow.cpp - If, Loop, Scan -----------------------------------===//
//
// ONNX's If, Loop and Scan hold sub-graphs, which the importer made the op's
// regions (in attribute-name order: If's else_branch, then then_branch), each
// ended by `torch.operator_terminator`. If becomes `torch.prim.If` on the
// condition's one element (then `scf.if`); Loop and Scan become
// `torch.prim.Loop` (then `scf.for`, or `scf.while` for a Loop that may stop
// early).
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

LogicalResult ifOp(OnnxNode &n) {
  ValueTensorType condType = n.operandType(0);
  if (!condType || !condType.areAllSizesKnown() ||
      llvm::any_of(condType.getSizes(), [](int64_t d) { return d != 1; }))
    return n.fail("the condition must be a tensor of one element");
  if (n.op->getNumRegions() != 2)
    return n.fail("expected two branches (else_branch, then_branch), got " +
                  Twine(n.op->getNumRegions()) + " regions");
  SmallVector<Type> resultTypes;
  for (auto [i, result] : llvm::enumerate(n.op->getResults())) {
    ValueTensorType type = knownType(result.getType());
    if (!type)
      return n.fail("output " + Twine(i) +
                    " is not a tensor of known rank and dtype");
    resultTypes.push_back(type);
  }
  for (Region &branch : n.op->getRegions()) {
    Operation *terminator = branch.front().getTerminator();
    if (terminator->getNumOperands() != resultTypes.size())
      return n.fail("a branch yields " + Twine(terminator->getNumOperands()) +
                    " values for " + Twine(resultTypes.size()) + " outputs");
    for (Value yielded : terminator->getOperands())
      if (!isa<ValueTensorType>(yielded.getType()))
        return n.fail("a branch yields a " +
                      Twine(isa<Torch::NoneType>(yielded.getType())
                                ? "missing value"
                                : "non-tensor (a sequence or optional)"));
  }

  Value flag =
      n.create<AtenBoolTensorOp>(n.b.getType<Torch::BoolType>(), n.operand(0));
  auto newIf = n.b.create<PrimIfOp>(n.loc, resultTypes, flag);
  // The branches move whole; the driver converts their nodes afterwards.
  n.b.inlineRegionBefore(n.op->getRegion(1), newIf.getThenRegion(),
                         newIf.getThenRegion().end());
  n.b.inlineRegionBefore(n.op->getRegion(0), newIf.getElseRegion(),
                         newIf.getElseRegion().end());
  for (Region *branch : {&newIf.getThenRegion(), &newIf.getElseRegion()}) {
    Operation *terminator = branch->front().getTerminator();
    n.b.setInsertionPoint(terminator);
    // A branch may know more of the shape than the If's output does.
    SmallVector<Value> yielded;
    for (auto [value, type] : llvm::zip(terminator->getOperands(), resultTypes))
      yielded.push_back(n.castTo(value, type));
    n.b.create<PrimIfYieldOp>(terminator->getLoc(), yielded);
    n.b.eraseOp(terminator);
  }
  n.b.setInsertionPoint(n.op);
  return n.replace(newIf.getResults());
}

/// `ints` if given, else `count` zeros; null if it has another length.
std::optional<SmallVector<int64_t>>
perValue(std::optional<SmallVector<int64_t>> ints, unsigned count) {
  if (!ints)
    return SmallVector<int64_t>(count, 0);
  if (ints->size() != count)
    return std::nullopt;
  return ints;
}

/// Zeros of a static shape: where a loop's stacked outputs start.
Value zerosOf(OnnxNode &n, ValueTensorType type) {
  return n.create<AtenZerosOp>(type, n.intList(type.getSizes()),
                               n.constInt(*scalarTypeCode(type.getDtype())),
                               n.none(), n.none(), n.none());
}

/// `stacked` with `slice` written at position `at` along `axis`.
Value writeSlice(OnnxNode &n, Value stacked, Value slice, int64_t axis,
                 Value at) {
  auto sliceType = cast<ValueTensorType>(slice.getType());
  SmallVector<int64_t> sizes(sliceType.getSizes());
  sizes.insert(sizes.begin() + axis, 1);
  Value row = n.create<AtenUnsqueezeOp>(
      n.tensorType(sizes, sliceType.getDtype()), slice, n.constInt(axis));
  Value end =
      n.create<AtenAddIntOp>(n.b.getType<Torch::IntType>(), at, n.constInt(1));
  return n.create<AtenSliceScatterOp>(stacked.getType(), stacked, row,
                                      n.constInt(axis), at, end, n.constInt(1));
}

/// Scan (opset 9 on): N state values and M scan inputs go in; the body runs
/// once per slice of the scan inputs along their axes (forward, or reversed
/// by direction 1), taking the states and one slice of each, giving the new
/// states and one slice of each of K scan outputs. The results are the
/// final states and the scan outputs, their slices stacked along their axes.
///
/// A loop of T iterations (T: the scan inputs' static length) carries the
/// states and the K outputs, which start as zeros and get slice i written
/// with slice_scatter in iteration i.
LogicalResult scan(OnnxNode &n) {
  std::optional<int64_t> numScanInputs = n.intAttr("num_scan_inputs");
  if (!numScanInputs || *numScanInputs < 1 ||
      *numScanInputs > static_cast<int64_t>(n.numOperands()))
    return n.fail("num_scan_inputs must be between 1 and the operand count");
  unsigned m = *numScanInputs, numStates = n.numOperands() - m;
  if (n.numResults() < numStates)
    return n.fail("fewer outputs than state values");
  unsigned k = n.numResults() - numStates;
  if (n.op->getNumRegions() != 1)
    return n.fail("expected one body");
  Block &body = n.op->getRegion(0).front();
  Operation *terminator = body.getTerminator();
  if (body.getNumArguments() != numStates + m ||
      terminator->getNumOperands() != numStates + k)
    return n.fail("the body takes " + Twine(body.getNumArguments()) +
                  " values and gives " + Twine(terminator->getNumOperands()) +
                  "; expected " + Twine(numStates + m) + " and " +
                  Twine(numStates + k));
  auto inAxes = perValue(n.intsAttr("scan_input_axes"), m);
  auto inDirections = perValue(n.intsAttr("scan_input_directions"), m);
  auto outAxes = perValue(n.intsAttr("scan_output_axes"), k);
  auto outDirections = perValue(n.intsAttr("scan_output_directions"), k);
  if (!inAxes || !inDirections || !outAxes || !outDirections)
    return n.fail("a scan_input_*/scan_output_* attribute has a length other "
                  "than the number of scan inputs/outputs");
  for (int64_t direction : llvm::concat<int64_t>(*inDirections, *outDirections))
    if (direction != 0 && direction != 1)
      return n.fail("a direction must be 0 (forward) or 1 (reverse), not " +
                    Twine(direction));

  // Every type this builds from, checked before anything is built.
  SmallVector<Type> carried;
  for (unsigned i = 0; i < n.numResults(); ++i) {
    ValueTensorType t = knownType(n.op->getResult(i).getType());
    if (!t || (i >= numStates &&
               (!t.areAllSizesKnown() || !scalarTypeCode(t.getDtype()))))
      return n.fail("output " + Twine(i) +
                    (i < numStates ? " is not a tensor of known rank and dtype"
                                   : " is not a tensor of static shape and "
                                     "a Torch dtype"));
    carried.push_back(t);
  }
  std::optional<int64_t> length;
  for (unsigned j = 0; j < m; ++j) {
    ValueTensorType t = n.operandType(numStates + j);
    if (!t)
      return n.fail("scan input " + Twine(j) + " has no known rank and dtype");
    int64_t rank = t.getSizes().size();
    int64_t &axis = (*inAxes)[j];
    axis = axis < 0 ? axis + rank : axis;
    if (axis < 0 || axis >= rank)
      return n.fail("scan input " + Twine(j) + "'s axis is out of range");
    int64_t size = t.getSizes()[axis];
    if (size == kUnknownSize || (length && *length != size))
      return n.fail("the scan inputs' lengths are not static and equal");
    length = size;
    if (!knownType(body.getArgument(numStates + j).getType()))
      return n.fail("the body's slice of scan input " + Twine(j) +
                    " has no known rank and dtype");
  }
  for (unsigned o = 0; o < k; ++o) {
    if (!knownType(terminator->getOperand(numStates + o).getType()))
      return n.fail("the body's slice of scan output " + Twine(o) +
                    " has no known rank and dtype");
    int64_t rank =
        cast<ValueTensorType>(carried[numStates + o]).getSizes().size();
    int64_t &axis = (*outAxes)[o];
    axis = axis < 0 ? axis + rank : axis;
    if (axis < 0 || axis >= rank)
      return n.fail("scan output " + Twine(o) + "'s axis is out of range");
  }

  Value trueValue = n.constBool(true);
  SmallVector<Value> inits;
  for (unsigned i = 0; i < numStates; ++i)
    inits.push_back(n.castTo(n.operand(i), carried[i]));
  for (unsigned o = 0; o < k; ++o)
    inits.push_back(zerosOf(n, cast<ValueTensorType>(carried[numStates + o])));
  auto [loop, loopBody] =
      n.makeLoop(n.constInt(*length), trueValue, inits, carried);
  // Slice i (or T-1-i, reversed) of each scan input, then the body's ops.
  Value i = loopBody->getArgument(0);
  Value reversed; // T-1-i, for a reversed direction
  if (llvm::is_contained(*inDirections, 1) ||
      llvm::is_contained(*outDirections, 1))
    reversed = n.create<AtenSubIntOp>(n.b.getType<Torch::IntType>(),
                                      n.constInt(*length - 1), i);
  // The body's arguments: each state, then each scan input's slice.
  SmallVector<Value> arguments;
  for (unsigned s = 0; s < numStates; ++s)
    arguments.push_back(
        n.castTo(loopBody->getArgument(1 + s), body.getArgument(s).getType()));
  for (unsigned j = 0; j < m; ++j)
    arguments.push_back(n.create<AtenSelectIntOp>(
        body.getArgument(numStates + j).getType(), n.operand(numStates + j),
        n.constInt((*inAxes)[j]), (*inDirections)[j] ? reversed : i));
  n.b.inlineBlockBefore(&body, loopBody, loopBody->end(), arguments);
  n.b.setInsertionPoint(terminator);
  SmallVector<Value> next;
  for (unsigned s = 0; s < numStates; ++s)
    next.push_back(n.castTo(terminator->getOperand(s), carried[s]));
  for (unsigned o = 0; o < k; ++o)
    next.push_back(writeSlice(n, loopBody->getArgument(1 + numStates + o),
                              terminator->getOperand(numStates + o),
                              (*outAxes)[o],
                              (*outDirections)[o] ? reversed : i));
  n.b.create<PrimLoopConditionOp>(n.loc, trueValue, next);
  n.b.eraseOp(terminator);
  n.b.setInsertionPoint(n.op);
  return n.replace(loop.getResults());
}

/// Loop: `for i in range(M) while cond`, both optional. The body takes the
/// iteration number, the condition and N carried values, and gives the next
/// condition, the next carried values and one slice of each of K scan
/// outputs, stacked along axis 0.
///
/// A `torch.prim.Loop` of the same meaning: the body's condition input is
/// true whenever the body runs, so it is a literal true. Scan outputs are
/// stacked as for Scan, which needs a constant trip count and a loop that
/// never stops early (their size is the trip count). A loop that may stop
/// early lowers to `scf.while`, one that never does to `scf.for`.
LogicalResult loop(OnnxNode &n) {
  if (n.numOperands() < 2 || n.op->getNumRegions() != 1)
    return n.fail("expected M, cond, the carried values and one body");
  unsigned numCarried = n.numOperands() - 2;
  Block &body = n.op->getRegion(0).front();
  Operation *terminator = body.getTerminator();
  if (body.getNumArguments() != numCarried + 2 ||
      terminator->getNumOperands() < numCarried + 1 ||
      n.numResults() != terminator->getNumOperands() - 1)
    return n.fail("the body takes " + Twine(body.getNumArguments()) +
                  " values and gives " + Twine(terminator->getNumOperands()) +
                  " for " + Twine(numCarried) + " carried values and " +
                  Twine(n.numResults()) + " outputs");
  unsigned k = n.numResults() - numCarried;

  // Constant when they are literals: a literal M sizes the scan outputs.
  std::optional<int64_t> tripCount;
  if (!n.operand(0))
    tripCount = std::numeric_limits<int64_t>::max();
  else if (auto m = n.constantInts(0); m && m->size() == 1)
    tripCount = (*m)[0];
  auto constantCondition = [](Value v) -> std::optional<bool> {
    if (auto c = literalInts(v); c && c->size() == 1)
      return (*c)[0] != 0;
    return std::nullopt;
  };
  std::optional<bool> initial =
      n.operand(1) ? constantCondition(n.operand(1)) : true;
  Value bodyCondition = terminator->getOperand(0);
  std::optional<bool> next = bodyCondition == body.getArgument(1)
                                 ? true
                                 : constantCondition(bodyCondition);
  bool forLike = initial == true && next == true;

  SmallVector<Type> carried;
  for (unsigned i = 0; i < n.numResults(); ++i) {
    ValueTensorType t = knownType(n.op->getResult(i).getType());
    if (!t)
      return n.fail("output " + Twine(i) +
                    " is not a tensor of known rank and dtype");
    if (i >= numCarried &&
        (!forLike || !tripCount || !t.areAllSizesKnown() ||
         t.getSizes()[0] != *tripCount || !scalarTypeCode(t.getDtype())))
      return n.fail("scan output " + Twine(i - numCarried) +
                    " needs a constant trip count, a loop that never stops "
                    "early, and a static shape with a Torch dtype");
    carried.push_back(t);
  }
  for (unsigned a = 0; a < 2; ++a) {
    ValueTensorType t = knownType(body.getArgument(a).getType());
    if (!t || !t.areAllSizesKnown())
      return n.fail("the body's iteration number and condition must be "
                    "tensors of static shape and known dtype");
  }
  if (!isa<ValueTensorType>(bodyCondition.getType()))
    return n.fail("the body's condition output is not a tensor");
  for (unsigned o = 0; o < k; ++o)
    if (!knownType(terminator->getOperand(1 + numCarried + o).getType()))
      return n.fail("the body's slice of scan output " + Twine(o) +
                    " has no known rank and dtype");

  Value trip = tripCount ? n.constInt(*tripCount)
                         : n.create<AtenIntTensorOp>(
                               n.b.getType<Torch::IntType>(), n.operand(0));
  Value start = initial ? n.constBool(*initial)
                        : n.create<AtenBoolTensorOp>(
                              n.b.getType<Torch::BoolType>(), n.operand(1));
  SmallVector<Value> inits;
  for (unsigned i = 0; i < numCarried; ++i)
    inits.push_back(n.castTo(n.operand(2 + i), carried[i]));
  for (unsigned o = 0; o < k; ++o)
    inits.push_back(zerosOf(n, cast<ValueTensorType>(carried[numCarried + o])));
  auto [loop, loopBody] = n.makeLoop(trip, start, inits, carried);
  Value i = loopBody->getArgument(0);
  // The body's arguments: the iteration number, the condition (true, or
  // the loop would have stopped), then the carried values.
  auto iterationType = cast<ValueTensorType>(body.getArgument(0).getType());
  SmallVector<Value> arguments = {
      n.create<PrimNumToTensorScalarOp>(iterationType, i)};
  auto conditionType = cast<ValueTensorType>(body.getArgument(1).getType());
  auto i1 = IntegerType::get(n.b.getContext(), 1);
  arguments.push_back(n.b.create<ValueTensorLiteralOp>(
      n.loc, conditionType,
      DenseElementsAttr::get(
          RankedTensorType::get(conditionType.getSizes(), i1), true)));
  for (unsigned c = 0; c < numCarried; ++c)
    arguments.push_back(n.castTo(loopBody->getArgument(1 + c),
                                 body.getArgument(2 + c).getType()));
  n.b.inlineBlockBefore(&body, loopBody, loopBody->end(), arguments);
  n.b.setInsertionPoint(terminator);
  Value keepGoing =
      next ? n.constBool(*next)
           : n.create<AtenBoolTensorOp>(n.b.getType<Torch::BoolType>(),
                                        terminator->getOperand(0));
  SmallVector<Value> nextValues;
  for (unsigned c = 0; c < numCarried; ++c)
    nextValues.push_back(n.castTo(terminator->getOperand(1 + c), carried[c]));
  for (unsigned o = 0; o < k; ++o)
    nextValues.push_back(
        writeSlice(n, loopBody->getArgument(1 + numCarried + o),
                   terminator->getOperand(1 + numCarried + o), 0, i));
  n.b.create<PrimLoopConditionOp>(n.loc, keepGoing, nextValues);
  n.b.eraseOp(terminator);
  n.b.setInsertionPoint(n.op);
  return n.replace(loop.getResults());
}

const OnnxConversion kControlFlowConversions[] = {
    {"If", 1, ifOp},
    {"Loop", 1, loop},
    {"Scan", 9, scan},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::controlFlowConversions() {
  return kControlFlowConversions;
}
