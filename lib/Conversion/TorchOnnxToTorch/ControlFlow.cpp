//===- ControlFlow.cpp - If
//------------------------------------------------===//
//
// ONNX's If holds its branches as sub-graphs, which the importer made the
// op's regions (else_branch, then then_branch: attribute-name order), each
// ended by `torch.operator_terminator`. It becomes `torch.prim.If` on the
// condition's one element; convert-torch-to-scf takes that to `scf.if`.
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
    auto type = dyn_cast<ValueTensorType>(result.getType());
    if (!type || !type.hasSizes() || !type.hasDtype())
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
  newIf.getThenRegion().takeBody(n.op->getRegion(1));
  newIf.getElseRegion().takeBody(n.op->getRegion(0));
  for (Region *branch : {&newIf.getThenRegion(), &newIf.getElseRegion()}) {
    Operation *terminator = branch->front().getTerminator();
    OpBuilder b(terminator);
    SmallVector<Value> yielded;
    for (auto [value, type] :
         llvm::zip(terminator->getOperands(), resultTypes)) {
      // A branch may know more of the shape than the If's output does.
      if (value.getType() != type)
        value = b.create<TensorStaticInfoCastOp>(n.loc, type, value);
      yielded.push_back(value);
    }
    b.create<PrimIfYieldOp>(terminator->getLoc(), yielded);
    terminator->erase();
  }
  return n.replace(newIf.getResults());
}

/// A `!torch.vtensor` type of known rank and dtype, or null.
ValueTensorType rankedType(Type type) {
  auto t = dyn_cast<ValueTensorType>(type);
  return t && t.hasSizes() && t.hasDtype() ? t : nullptr;
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
    ValueTensorType t = rankedType(n.op->getResult(i).getType());
    if (!t || (i >= numStates &&
               (!t.areAllSizesKnown() || !n.dtypeCode(t.getDtype()))))
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
    if (!rankedType(body.getArgument(numStates + j).getType()))
      return n.fail("the body's slice of scan input " + Twine(j) +
                    " has no known rank and dtype");
  }
  for (unsigned o = 0; o < k; ++o) {
    if (!rankedType(terminator->getOperand(numStates + o).getType()))
      return n.fail("the body's slice of scan output " + Twine(o) +
                    " has no known rank and dtype");
    int64_t rank =
        cast<ValueTensorType>(carried[numStates + o]).getSizes().size();
    int64_t &axis = (*outAxes)[o];
    axis = axis < 0 ? axis + rank : axis;
    if (axis < 0 || axis >= rank)
      return n.fail("scan output " + Twine(o) + "'s axis is out of range");
  }

  auto castTo = [&](Value v, Type type) -> Value {
    return v.getType() == type
               ? v
               : n.b.create<TensorStaticInfoCastOp>(n.loc, type, v);
  };
  Value trueValue = n.constBool(true);
  SmallVector<Value> inits;
  for (unsigned i = 0; i < numStates; ++i)
    inits.push_back(castTo(n.operand(i), carried[i]));
  for (unsigned o = 0; o < k; ++o) {
    auto t = cast<ValueTensorType>(carried[numStates + o]);
    inits.push_back(n.create<AtenZerosOp>(
        t, n.intList(t.getSizes()), n.constInt(*n.dtypeCode(t.getDtype())),
        n.none(), n.none(), n.none()));
  }
  auto loop = n.b.create<PrimLoopOp>(n.loc, carried, n.constInt(*length),
                                     trueValue, inits);
  SmallVector<Type> argTypes = {n.b.getType<Torch::IntType>()};
  argTypes.append(carried.begin(), carried.end());
  SmallVector<Location> argLocs(argTypes.size(), n.loc);
  Block *loopBody = n.b.createBlock(&loop.getRegion(), {}, argTypes, argLocs);
  // Slice i (or T-1-i, reversed) of each scan input, then the body's ops.
  Value i = loopBody->getArgument(0);
  Value reversed; // T-1-i, for a reversed direction
  if (llvm::is_contained(*inDirections, 1) ||
      llvm::is_contained(*outDirections, 1))
    reversed = n.create<AtenSubIntOp>(n.b.getType<Torch::IntType>(),
                                      n.constInt(*length - 1), i);
  for (unsigned s = 0; s < numStates; ++s)
    body.getArgument(s).replaceAllUsesWith(
        castTo(loopBody->getArgument(1 + s), body.getArgument(s).getType()));
  for (unsigned j = 0; j < m; ++j) {
    BlockArgument slice = body.getArgument(numStates + j);
    slice.replaceAllUsesWith(n.create<AtenSelectIntOp>(
        slice.getType(), n.operand(numStates + j), n.constInt((*inAxes)[j]),
        (*inDirections)[j] ? reversed : i));
  }
  loopBody->getOperations().splice(loopBody->end(), body.getOperations());
  n.b.setInsertionPoint(terminator);
  SmallVector<Value> next;
  for (unsigned s = 0; s < numStates; ++s)
    next.push_back(castTo(terminator->getOperand(s), carried[s]));
  for (unsigned o = 0; o < k; ++o) {
    Value slice = terminator->getOperand(numStates + o);
    auto sliceType = cast<ValueTensorType>(slice.getType());
    int64_t axis = (*outAxes)[o];
    SmallVector<int64_t> sizes(sliceType.getSizes());
    sizes.insert(sizes.begin() + axis, 1);
    Value row = n.create<AtenUnsqueezeOp>(
        n.tensorType(sizes, sliceType.getDtype()), slice, n.constInt(axis));
    Value at = (*outDirections)[o] ? reversed : i;
    Value end = n.create<AtenAddIntOp>(n.b.getType<Torch::IntType>(), at,
                                       n.constInt(1));
    next.push_back(n.create<AtenSliceScatterOp>(
        carried[numStates + o], loopBody->getArgument(1 + numStates + o), row,
        n.constInt(axis), at, end, n.constInt(1)));
  }
  n.b.create<PrimLoopConditionOp>(n.loc, trueValue, next);
  terminator->erase();
  n.b.setInsertionPoint(n.op);
  return n.replace(loop.getResults());
}

const OnnxConversion kConversions[] = {
    {"If", 1, ifOp},
    {"Scan", 9, scan},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::controlFlowConversions() {
  return kConversions;
}
