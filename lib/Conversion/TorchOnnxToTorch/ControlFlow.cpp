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

const OnnxConversion kConversions[] = {
    {"If", 1, ifOp},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::controlFlowConversions() {
  return kConversions;
}
