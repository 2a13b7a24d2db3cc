//===- Detection.cpp - NonMaxSuppression ----------------------------------===//
//
// NonMaxSuppression per (batch, class), both static: the boxes' pairwise
// suppression as one [N, N] boolean (IoU above the threshold, with ONNX's
// reference's rules for empty and degenerate boxes), the boxes sorted by
// score (descending; ties by index), then a `torch.prim.Loop` over them that
// carries which are selected and how many: a box is selected when its score
// passes, fewer than max_output_boxes_per_class are, and no selected box
// suppresses it. The selected positions (aten.nonzero) name the rows of the
// result, [batch, class, box], concatenated over (batch, class).
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

/// Elementwise helpers on tensors of one shape.
struct Arith {
  OnnxNode &n;
  Value add(Value a, Value b, ValueTensorType t) {
    return n.create<AtenAddTensorOp>(t, a, b, n.constInt(1));
  }
  Value sub(Value a, Value b, ValueTensorType t) {
    return n.create<AtenSubTensorOp>(t, a, b, n.constInt(1));
  }
  Value mul(Value a, Value b, ValueTensorType t) {
    return n.create<AtenMulTensorOp>(t, a, b);
  }
  Value min(Value a, Value b, ValueTensorType t) {
    return n.create<AtenMinimumOp>(t, a, b);
  }
  Value max(Value a, Value b, ValueTensorType t) {
    return n.create<AtenMaximumOp>(t, a, b);
  }
  Value gtS(Value a, double c, ValueTensorType mask) {
    return n.create<AtenGtScalarOp>(mask, a, n.constFloat(c));
  }
  Value both(Value a, Value b, ValueTensorType mask) {
    return n.create<AtenLogicalAndOp>(mask, a, b);
  }
};

/// The [N, N] suppression of `boxes` ([N, 4]): box i and j overlap with an
/// IoU above `threshold` (a tensor of one element).
Value suppression(OnnxNode &n, Value boxes, int64_t count, bool centers,
                  Value threshold, Type dtype) {
  Arith a{n};
  ValueTensorType column = n.tensorType({count}, dtype);
  ValueTensorType square = n.tensorType({count, count}, dtype);
  ValueTensorType mask = n.tensorType({count, count}, n.b.getI1Type());
  auto coordinate = [&](int64_t k) {
    return n.create<AtenSelectIntOp>(column, boxes, n.constInt(1),
                                     n.constInt(k));
  };
  // Each box's extent along x and y, low and high.
  Value xLow, xHigh, yLow, yHigh;
  if (centers) {
    Value x = coordinate(0), y = coordinate(1);
    Value halfW =
        n.create<AtenMulScalarOp>(column, coordinate(2), n.constFloat(0.5));
    Value halfH =
        n.create<AtenMulScalarOp>(column, coordinate(3), n.constFloat(0.5));
    xLow = a.sub(x, halfW, column);
    xHigh = a.add(x, halfW, column);
    yLow = a.sub(y, halfH, column);
    yHigh = a.add(y, halfH, column);
  } else {
    // [y1, x1, y2, x2], either corner first.
    Value y1 = coordinate(0), x1 = coordinate(1), y2 = coordinate(2),
          x2 = coordinate(3);
    xLow = a.min(x1, x2, column);
    xHigh = a.max(x1, x2, column);
    yLow = a.min(y1, y2, column);
    yHigh = a.max(y1, y2, column);
  }
  // As rows ([N, 1], box i) and columns ([1, N], box j).
  auto rows = [&](Value v) {
    return n.create<AtenUnsqueezeOp>(n.tensorType({count, 1}, dtype), v,
                                     n.constInt(1));
  };
  auto cols = [&](Value v) {
    return n.create<AtenUnsqueezeOp>(n.tensorType({1, count}, dtype), v,
                                     n.constInt(0));
  };
  Value width = a.sub(a.min(rows(xHigh), cols(xHigh), square),
                      a.max(rows(xLow), cols(xLow), square), square);
  Value height = a.sub(a.min(rows(yHigh), cols(yHigh), square),
                       a.max(rows(yLow), cols(yLow), square), square);
  Value area =
      a.mul(a.sub(xHigh, xLow, column), a.sub(yHigh, yLow, column), column);
  Value inter = a.mul(width, height, square);
  Value areas = a.add(rows(area), cols(area), square);
  Value unionArea = a.sub(areas, inter, square);
  Value iou = n.create<AtenDivTensorOp>(square, inter, unionArea);
  // No suppression where the boxes do not overlap, or either is empty.
  Value overlap =
      a.both(a.both(a.gtS(width, 0, mask), a.gtS(height, 0, mask), mask),
             a.gtS(unionArea, 0, mask), mask);
  ValueTensorType areaMask = n.tensorType({count}, n.b.getI1Type());
  Value solid = a.gtS(area, 0, areaMask);
  Value solidPair = a.both(
      n.create<AtenUnsqueezeOp>(n.tensorType({count, 1}, n.b.getI1Type()),
                                solid, n.constInt(1)),
      n.create<AtenUnsqueezeOp>(n.tensorType({1, count}, n.b.getI1Type()),
                                solid, n.constInt(0)),
      mask);
  Value above = n.create<AtenGtTensorOp>(mask, iou, threshold);
  return a.both(a.both(overlap, solidPair, mask), above, mask);
}

/// NonMaxSuppression (opset 10 on): boxes [B, N, 4], scores [B, C, N],
/// then max_output_boxes_per_class, iou_threshold and score_threshold, each
/// optional. B, C and N static.
LogicalResult nonMaxSuppression(OnnxNode &n) {
  ValueTensorType boxes = n.operandType(0), scores = n.operandType(1),
                  out = n.resultType();
  if (!boxes || !scores || !out || boxes.getSizes().size() != 3 ||
      scores.getSizes().size() != 3 || boxes.getSizes()[2] != 4 ||
      llvm::is_contained(boxes.getSizes(), kUnknownSize) ||
      llvm::is_contained(scores.getSizes(), kUnknownSize))
    return n.fail("boxes [B, N, 4] and scores [B, C, N] must have static "
                  "shapes");
  int64_t batches = boxes.getSizes()[0], count = boxes.getSizes()[1],
          classes = scores.getSizes()[1];
  if (scores.getSizes()[0] != batches || scores.getSizes()[2] != count)
    return n.fail("scores must be [B, C, N] of the boxes' B and N");
  if (!isa<mlir::FloatType>(boxes.getDtype()))
    return n.fail("the boxes must be floats");
  bool centers = n.intAttr("center_point_box", 0);
  Type dtype = n.computeType(boxes.getDtype());
  MLIRContext *ctx = n.b.getContext();
  auto si64 = IntegerType::get(ctx, 64, IntegerType::Signed);
  Type i1 = n.b.getI1Type();

  // The limits, as the graph gives them (absent: 0 boxes, IoU 0, no score
  // threshold).
  Value maxOutput = n.operand(2) ? n.intOf(2) : n.constInt(0);
  if (!maxOutput)
    return n.fail("max_output_boxes_per_class must hold one integer");
  auto scalarOperand = [&](unsigned i) -> Value {
    if (!n.operand(i))
      return nullptr;
    ValueTensorType t = n.operandType(i);
    if (!t || !isa<mlir::FloatType>(t.getDtype()))
      return nullptr;
    return n.create<AtenReshapeOp>(n.tensorType({1}, dtype),
                                   n.convert(n.operand(i), dtype),
                                   n.intList({1}));
  };
  Value iouThreshold = scalarOperand(3);
  if (!iouThreshold)
    iouThreshold = n.create<AtenZerosOp>(
        n.tensorType({1}, dtype), n.intList({1}),
        n.constInt(*scalarTypeCode(dtype)), n.none(), n.none(), n.none());
  Value scoreThreshold = scalarOperand(4);
  if ((n.operand(3) && !n.operandType(3)) || (n.operand(4) && !scoreThreshold))
    return n.fail("the thresholds must be float tensors of one element");

  Value allBoxes = n.convert(n.operand(0), dtype);
  Value allScores = n.convert(n.operand(1), dtype);
  ValueTensorType vector = n.tensorType({count}, dtype);
  ValueTensorType flags = n.tensorType({count}, si64);
  ValueTensorType scalar = n.tensorType({}, si64);
  ValueTensorType boolScalar = n.tensorType({}, i1);
  ValueTensorType rowsType = n.tensorType({kUnknownSize, 3}, si64);
  SmallVector<Value> pieces;
  // What every (batch, class) loop starts from: no box selected, none
  // counted; and the positions, to mark the one an iteration selects.
  Value zeros = n.create<AtenZerosOp>(flags, n.intList({count}), n.constInt(4),
                                      n.none(), n.none(), n.none());
  Value none = n.create<AtenZerosOp>(scalar, n.intList({}), n.constInt(4),
                                     n.none(), n.none(), n.none());
  Value positions = n.create<AtenArangeOp>(
      flags, n.constInt(count), n.constInt(4), n.none(), n.none(), n.none());
  for (int64_t b = 0; b < batches; ++b) {
    Value batchBoxes =
        n.create<AtenSelectIntOp>(n.tensorType({count, 4}, dtype), allBoxes,
                                  n.constInt(0), n.constInt(b));
    Value suppressed =
        suppression(n, batchBoxes, count, centers, iouThreshold, dtype);
    Value batchScores =
        n.create<AtenSelectIntOp>(n.tensorType({classes, count}, dtype),
                                  allScores, n.constInt(0), n.constInt(b));
    for (int64_t c = 0; c < classes; ++c) {
      Value classScores = n.create<AtenSelectIntOp>(
          vector, batchScores, n.constInt(0), n.constInt(c));
      // By score, descending; the sort is stable, so ties keep index order.
      auto sort =
          n.b.create<AtenSortOp>(n.loc, TypeRange{vector, flags}, classScores,
                                 n.constInt(0), n.constBool(true));
      Value sorted = sort.getResult(0), order = sort.getResult(1);
      ValueTensorType squareMask = n.tensorType({count, count}, i1);
      Value pairs = n.create<AtenIndexSelectOp>(
          squareMask,
          n.create<AtenIndexSelectOp>(squareMask, suppressed, n.constInt(0),
                                      order),
          n.constInt(1), order);
      Value passes;
      if (scoreThreshold)
        passes = n.create<AtenGtTensorOp>(n.tensorType({count}, i1), sorted,
                                          scoreThreshold);
      SmallVector<Type> carried = {flags, scalar};
      auto [loop, body] = [&] {
        OpBuilder::InsertionGuard guard(n.b);
        return n.makeLoop(n.constInt(count), n.constBool(true),
                          ValueRange{zeros, none}, carried);
      }();
      {
        OpBuilder::InsertionGuard guard(n.b);
        n.b.setInsertionPointToStart(body);
        Value k = body->getArgument(0);
        Value selected = body->getArgument(1), taken = body->getArgument(2);
        // Suppressed by a box already selected?
        Value row = n.create<AtenSelectIntOp>(n.tensorType({count}, i1), pairs,
                                              n.constInt(0), k);
        Value hits =
            n.create<AtenMulTensorOp>(flags, n.convert(row, si64), selected);
        Value hit = n.create<AtenAnyOp>(boolScalar, hits);
        Value ok = n.create<AtenLogicalNotOp>(boolScalar, hit);
        Value room = n.create<AtenLtScalarOp>(boolScalar, taken, maxOutput);
        ok = n.create<AtenLogicalAndOp>(boolScalar, ok, room);
        if (passes) {
          Value pass =
              n.create<AtenSelectIntOp>(boolScalar, passes, n.constInt(0), k);
          ok = n.create<AtenLogicalAndOp>(boolScalar, ok, pass);
        }
        Value pick = n.convert(ok, si64);
        Value here =
            n.create<AtenEqScalarOp>(n.tensorType({count}, i1), positions, k);
        Value mark =
            n.create<AtenMulTensorOp>(flags, n.convert(here, si64), pick);
        Value nextSelected =
            n.create<AtenAddTensorOp>(flags, selected, mark, n.constInt(1));
        Value nextTaken =
            n.create<AtenAddTensorOp>(scalar, taken, pick, n.constInt(1));
        n.b.create<PrimLoopConditionOp>(n.loc, n.constBool(true),
                                        ValueRange{nextSelected, nextTaken});
      }
      // The selected positions in score order, then their boxes' indices.
      Value where = n.create<AtenNonzeroOp>(
          n.tensorType({kUnknownSize, 1}, si64), loop.getResult(0));
      Value at = n.create<AtenSelectIntOp>(n.tensorType({kUnknownSize}, si64),
                                           where, n.constInt(1), n.constInt(0));
      Value box = n.create<AtenIndexSelectOp>(
          n.tensorType({kUnknownSize}, si64), order, n.constInt(0), at);
      ValueTensorType column = n.tensorType({kUnknownSize, 1}, si64);
      Value boxColumn = n.create<AtenUnsqueezeOp>(column, box, n.constInt(1));
      auto constantColumn = [&](int64_t v) {
        Value zero =
            n.create<AtenMulScalarOp>(column, boxColumn, n.constInt(0));
        return n.create<AtenAddScalarOp>(column, zero, n.constInt(v),
                                         n.constInt(1));
      };
      pieces.push_back(n.create<AtenCatOp>(
          rowsType,
          n.list(ValueTensorType::get(ctx),
                 {constantColumn(b), constantColumn(c), boxColumn}),
          n.constInt(1)));
    }
  }
  Value all = pieces.size() == 1
                  ? pieces.front()
                  : n.create<AtenCatOp>(
                        rowsType,
                        n.list(ValueTensorType::get(ctx, std::nullopt, nullptr),
                               pieces),
                        n.constInt(0));
  return n.replace(n.castTo(all, out));
}

const OnnxConversion kDetectionConversions[] = {
    {"NonMaxSuppression", 10, nonMaxSuppression},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::detectionConversions() {
  return kDetectionConversions;
}
