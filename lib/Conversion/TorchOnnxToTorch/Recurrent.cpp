//===- Recurrent.cpp - RNN, GRU, LSTM -------------------------------------===//
//
// ONNX's recurrent layers, each direction a `torch.prim.Loop` over the
// sequence (then `scf.for`): a step selects X[t], computes every gate at once
// as X[t]·Wᵀ + H·Rᵀ + biases (aten.mm against weights transposed once, before
// the loop), applies the activations, and carries the hidden state (and the
// LSTM's cell state) and Y, whose slice t it writes with slice_scatter. The
// sequence length and batch may be known only at run time. A bidirectional
// layer runs the reverse direction as a second loop and stacks the two.
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

enum class CellKind { RNN, GRU, LSTM };

/// An activation function as the layer's attributes give it.
struct CellActivation {
  std::string name; // as ONNX spells it: "Sigmoid", "LeakyRelu", ...
  double alpha, beta;
};

/// ONNX's defaults for the activations' alpha and beta, and whether a
/// function takes them (activation_alpha and activation_beta are consumed,
/// in order, by the functions that take them).
struct ActivationInfo {
  const char *name;
  std::optional<double> alpha, beta;
};
const ActivationInfo kActivations[] = {
    {"Sigmoid", {}, {}},
    {"Tanh", {}, {}},
    {"Relu", {}, {}},
    {"Softsign", {}, {}},
    {"Softplus", {}, {}},
    {"LeakyRelu", 0.01, {}},
    {"ThresholdedRelu", 1.0, {}},
    {"Elu", 1.0, {}},
    {"HardSigmoid", 0.2, 0.5},
    {"Affine", 1.0, 0.0},
    {"ScaledTanh", 1.0, 1.0},
};

/// What a layer's attributes and operands say, checked, and the values the
/// steps read.
struct RecurrentLayer {
  RecurrentLayer(OnnxNode &n, CellKind kind) : n(n), kind(kind) {}

  OnnxNode &n;
  CellKind kind;
  int64_t hidden = 0;
  int64_t numDirections = 1;
  bool reverseOnly = false;
  bool batchFirst = false; // layout 1
  std::optional<double> clip;
  bool inputForget = false;       // LSTM: f = 1 - i
  bool linearBeforeReset = false; // GRU: r · (H·Rhᵀ + Rbh)
  Type dtype;
  // Per direction: f[, g[, h]].
  SmallVector<SmallVector<CellActivation>> activations;

  Value x;         // [T, B, I], whatever the layout
  Value lengths;   // sequence_lens, or null
  Value t, b;      // !torch.int: the sequence length and the batch
  int64_t staticT; // or kUnknownSize
  int64_t staticB; // or kUnknownSize
  int64_t inputSize;

  int64_t gateCount() const {
    return kind == CellKind::RNN ? 1 : kind == CellKind::GRU ? 3 : 4;
  }
  unsigned activationCount() const {
    return kind == CellKind::RNN ? 1 : kind == CellKind::GRU ? 2 : 3;
  }

  ValueTensorType type(ArrayRef<int64_t> sizes) {
    return n.tensorType(sizes, dtype);
  }
  /// `v`'s `index` along `dim`; its type drops that dimension.
  Value select(Value v, int64_t dim, Value index) {
    auto sizes = llvm::to_vector(cast<ValueTensorType>(v.getType()).getSizes());
    sizes.erase(sizes.begin() + dim);
    return n.create<AtenSelectIntOp>(type(sizes), v, n.constInt(dim), index);
  }
  /// `v`'s [begin, end) along its last dimension.
  Value columns(Value v, int64_t begin, int64_t end) {
    auto sizes = llvm::to_vector(cast<ValueTensorType>(v.getType()).getSizes());
    int64_t dim = sizes.size() - 1;
    sizes.back() = end - begin;
    return n.create<AtenSliceTensorOp>(type(sizes), v, n.constInt(dim),
                                       n.constInt(begin), n.constInt(end),
                                       n.constInt(1));
  }
  Value transpose(Value v, int64_t d0, int64_t d1) {
    auto sizes = llvm::to_vector(cast<ValueTensorType>(v.getType()).getSizes());
    std::swap(sizes[d0], sizes[d1]);
    return n.create<AtenTransposeIntOp>(type(sizes), v, n.constInt(d0),
                                        n.constInt(d1));
  }
  Value add(Value a, Value c) {
    // The result has the first operand's shape ([B, k] plus [k]).
    return n.create<AtenAddTensorOp>(a.getType(), a, c, n.constFloat(1.0));
  }
  Value sub(Value a, Value c) {
    return n.create<AtenSubTensorOp>(a.getType(), a, c, n.constFloat(1.0));
  }
  Value mul(Value a, Value c) { // as add: a's shape
    return n.create<AtenMulTensorOp>(a.getType(), a, c);
  }
  Value mm(Value a, Value c) {
    auto as = cast<ValueTensorType>(a.getType()).getSizes();
    auto cs = cast<ValueTensorType>(c.getType()).getSizes();
    return n.create<AtenMmOp>(type({as[0], cs[1]}), a, c);
  }
  Value zeros(ArrayRef<Value> sizes, ArrayRef<int64_t> staticSizes) {
    return n.create<AtenZerosOp>(type(staticSizes), n.sizeList(sizes),
                                 n.constInt(*scalarTypeCode(dtype)), n.none(),
                                 n.none(), n.none());
  }

  LogicalResult read();
  LogicalResult readActivations();
  Value activate(const CellActivation &a, Value v);
  Value clipped(Value v) {
    if (!clip)
      return v;
    return n.create<AtenClampOp>(v.getType(), v, n.constFloat(-*clip),
                                 n.constFloat(*clip));
  }
  /// One direction's loop: Y [T, B, H], the last H and (LSTM) the last C.
  SmallVector<Value> direction(unsigned d, bool reverse);
  LogicalResult convert();
};

LogicalResult RecurrentLayer::read() {
  ValueTensorType xType = n.operandType(0), wType = n.operandType(1),
                  rType = n.operandType(2);
  if (!xType || !wType || !rType || xType.getSizes().size() != 3 ||
      wType.getSizes().size() != 3 || rType.getSizes().size() != 3)
    return n.fail("X, W and R must be tensors of rank 3 and known dtype");
  dtype = xType.getDtype();
  if (!isa<mlir::FloatType>(dtype) || !scalarTypeCode(dtype))
    return n.fail("X must be a floating-point tensor");
  StringRef direction = n.stringAttr("direction", "forward");
  if (direction == "bidirectional")
    numDirections = 2;
  else if (direction == "reverse")
    reverseOnly = true;
  else if (direction != "forward")
    return n.fail("direction '" + direction +
                  "' is not forward, reverse or bidirectional");
  int64_t layout = n.intAttr("layout", 0);
  if (layout != 0 && layout != 1)
    return n.fail("layout must be 0 or 1, not " + Twine(layout));
  batchFirst = layout == 1;
  if (n.attr("clip"))
    clip = n.floatAttr("clip", 0.0);
  inputForget = n.intAttr("input_forget", 0) != 0;
  linearBeforeReset = n.intAttr("linear_before_reset", 0) != 0;

  int64_t gates = gateCount();
  std::optional<int64_t> h = n.intAttr("hidden_size");
  if (!h) {
    int64_t rows = rType.getSizes()[1];
    if (rows == kUnknownSize)
      return n.fail("hidden_size is not given and R's shape does not say it");
    h = rows / gates;
  }
  hidden = *h;
  ArrayRef<int64_t> ws = wType.getSizes(), rs = rType.getSizes();
  inputSize = xType.getSizes()[2];
  auto mismatch = [](int64_t size, int64_t want) {
    return size != kUnknownSize && size != want;
  };
  if (hidden < 1 || mismatch(ws[0], numDirections) ||
      mismatch(ws[1], gates * hidden) || mismatch(rs[0], numDirections) ||
      mismatch(rs[1], gates * hidden) || mismatch(rs[2], hidden) ||
      (inputSize != kUnknownSize && mismatch(ws[2], inputSize)))
    return n.fail("W [" + Twine(ws[0]) + ", " + Twine(ws[1]) + ", " +
                  Twine(ws[2]) + "] and R [" + Twine(rs[0]) + ", " +
                  Twine(rs[1]) + ", " + Twine(rs[2]) +
                  "] do not fit hidden_size " + Twine(hidden) + ", " +
                  Twine(numDirections) + " direction(s) and X's input size " +
                  Twine(inputSize) + " (unknown sizes are -1)");
  if (inputSize == kUnknownSize)
    inputSize = ws[2];
  for (unsigned i : {3u, 5u, 6u, 7u})
    if (n.operand(i) && !n.operandType(i))
      return n.fail("operand " + Twine(i) + " has no known rank and dtype");
  if (ValueTensorType bias = n.operandType(3);
      bias && (bias.getSizes().size() != 2 ||
               mismatch(bias.getSizes()[1], 2 * gates * hidden)))
    return n.fail("B must be [num_directions, " + Twine(2 * gates * hidden) +
                  "]");
  if (n.operand(7) && kind != CellKind::LSTM)
    return n.fail("only LSTM takes peepholes");
  if (ValueTensorType p = n.operandType(7);
      p && (p.getSizes().size() != 2 || mismatch(p.getSizes()[1], 3 * hidden)))
    return n.fail("P must be [num_directions, " + Twine(3 * hidden) + "]");

  // Everything is checked before any op is built.
  staticT = xType.getSizes()[batchFirst ? 1 : 0];
  staticB = xType.getSizes()[batchFirst ? 0 : 1];
  lengths = n.operand(4);
  if (lengths) {
    // Lengths all equal to T say nothing; a mask handles others, forward.
    auto given = n.constantInts(4);
    if (given && staticT != kUnknownSize &&
        llvm::all_of(*given, [&](int64_t l) { return l == staticT; }))
      lengths = nullptr;
    else if (numDirections == 2 || reverseOnly)
      return n.fail("sequence_lens other than the sequence length are "
                    "converted for the forward direction only");
  }
  if (failed(readActivations()))
    return failure();

  x = batchFirst ? transpose(n.operand(0), 0, 1) : n.operand(0);
  t = n.sizeOf(x, 0);
  b = n.sizeOf(x, 1);
  return success();
}

LogicalResult RecurrentLayer::readActivations() {
  unsigned count = activationCount();
  SmallVector<StringRef> names;
  if (auto list = dyn_cast_or_null<ArrayAttr>(n.attr("activations"))) {
    for (Attribute a : list) {
      auto s = dyn_cast<StringAttr>(a);
      if (!s)
        return n.fail("activations must be strings");
      names.push_back(s.getValue());
    }
    if (names.size() == count && numDirections == 2)
      names.append(SmallVector<StringRef>(names)); // both directions alike
    if (names.size() != count * numDirections)
      return n.fail("activations names " + Twine(names.size()) +
                    " functions; expected " + Twine(count * numDirections));
  } else {
    for (unsigned d = 0; d < numDirections; ++d) {
      if (kind == CellKind::RNN)
        names.push_back("Tanh");
      else
        names.push_back("Sigmoid");
      if (kind != CellKind::RNN)
        names.push_back("Tanh");
      if (kind == CellKind::LSTM)
        names.push_back("Tanh");
    }
  }
  auto floats = [&](StringRef name) {
    SmallVector<double> values;
    if (auto list = dyn_cast_or_null<ArrayAttr>(n.attr(name)))
      for (Attribute a : list)
        if (auto f = dyn_cast<FloatAttr>(a))
          values.push_back(f.getValueAsDouble());
    return values;
  };
  SmallVector<double> alphas = floats("activation_alpha"),
                      betas = floats("activation_beta");
  unsigned nextAlpha = 0, nextBeta = 0;
  activations.resize(numDirections);
  for (unsigned i = 0; i < names.size(); ++i) {
    StringRef name = names[i];
    const ActivationInfo *info =
        llvm::find_if(kActivations, [&](const ActivationInfo &a) {
          return name.equals_insensitive(a.name);
        });
    if (info == std::end(kActivations))
      return n.fail("activation '" + name + "' is not one ONNX defines");
    CellActivation a{info->name, 0.0, 0.0};
    if (info->alpha)
      a.alpha = nextAlpha < alphas.size() ? alphas[nextAlpha++] : *info->alpha;
    if (info->beta)
      a.beta = nextBeta < betas.size() ? betas[nextBeta++] : *info->beta;
    activations[i / count].push_back(a);
  }
  return success();
}

Value RecurrentLayer::activate(const CellActivation &a, Value v) {
  Type ty = v.getType();
  StringRef name = a.name;
  if (name == "Sigmoid")
    return n.create<AtenSigmoidOp>(ty, v);
  if (name == "Tanh")
    return n.create<AtenTanhOp>(ty, v);
  if (name == "Relu")
    return n.create<AtenReluOp>(ty, v);
  if (name == "LeakyRelu")
    return n.create<AtenLeakyReluOp>(ty, v, n.constFloat(a.alpha));
  if (name == "Softplus")
    return n.create<AtenSoftplusOp>(ty, v, n.constFloat(1.0),
                                    n.constFloat(20.0));
  if (name == "Elu")
    return n.create<AtenEluOp>(ty, v, n.constFloat(a.alpha), n.constFloat(1.0),
                               n.constFloat(1.0));
  if (name == "Softsign") {
    Value magnitude = n.create<AtenAbsOp>(ty, v);
    Value denominator = n.create<AtenAddScalarOp>(
        ty, magnitude, n.constFloat(1.0), n.constFloat(1.0));
    return n.create<AtenDivTensorOp>(ty, v, denominator);
  }
  if (name == "ThresholdedRelu") {
    auto mask =
        n.tensorType(cast<ValueTensorType>(ty).getSizes(), n.b.getI1Type());
    Value above = n.create<AtenGtScalarOp>(mask, v, n.constFloat(a.alpha));
    return n.create<AtenWhereScalarOtherOp>(ty, above, v, n.constFloat(0.0));
  }
  auto affine = [&](Value u, double scale, double shift) {
    Value scaled = n.create<AtenMulScalarOp>(ty, u, n.constFloat(scale));
    return shift == 0.0
               ? scaled
               : n.create<AtenAddScalarOp>(ty, scaled, n.constFloat(shift),
                                           n.constFloat(1.0));
  };
  if (name == "Affine")
    return affine(v, a.alpha, a.beta);
  if (name == "HardSigmoid")
    return n.create<AtenClampOp>(ty, affine(v, a.alpha, a.beta),
                                 n.constFloat(0.0), n.constFloat(1.0));
  // ScaledTanh: alpha · tanh(beta · v).
  return affine(n.create<AtenTanhOp>(ty, affine(v, a.beta, 0.0)), a.alpha, 0.0);
}

SmallVector<Value> RecurrentLayer::direction(unsigned d, bool reverse) {
  int64_t gates = gateCount(), gh = gates * hidden;
  Value index = n.constInt(d);
  ArrayRef<CellActivation> acts = activations[d];
  // Weights transposed once: [I, G·H] and [H, G·H].
  Value w = transpose(select(n.operand(1), 0, index), 0, 1);
  Value r = transpose(select(n.operand(2), 0, index), 0, 1);
  Value wb, rb;
  if (n.operand(3)) {
    Value bias = select(n.operand(3), 0, index);
    wb = columns(bias, 0, gh);
    rb = columns(bias, gh, 2 * gh);
  }
  // Initial states, [D, B, H] (layout 0) or [B, D, H] (layout 1).
  auto initial = [&](unsigned i) -> Value {
    if (!n.operand(i))
      return zeros({b, n.constInt(hidden)}, {staticB, hidden});
    return select(n.operand(i), batchFirst ? 1 : 0, index);
  };
  ValueTensorType stateType = type({staticB, hidden});
  auto asState = [&](Value v) { return n.castTo(v, stateType); };
  SmallVector<Value> inits = {asState(initial(5))};
  if (kind == CellKind::LSTM)
    inits.push_back(asState(initial(6)));
  ValueTensorType yType = type({staticT, staticB, hidden});
  inits.push_back(
      zeros({t, b, n.constInt(hidden)}, {staticT, staticB, hidden}));
  Value peepholes = n.operand(7) ? select(n.operand(7), 0, index) : Value();

  SmallVector<Type> carried;
  for (Value v : inits)
    carried.push_back(v.getType());
  Value trueValue = n.constBool(true);
  OpBuilder::InsertionGuard guard(n.b); // back before the node on return
  auto [loop, body] = n.makeLoop(t, trueValue, inits, carried);

  Value step = body->getArgument(0);
  Type intType = n.b.getType<Torch::IntType>();
  if (reverse)
    step = n.create<AtenSubIntOp>(
        intType, n.create<AtenSubIntOp>(intType, t, n.constInt(1)), step);
  Value h = body->getArgument(1);
  Value c = kind == CellKind::LSTM ? body->getArgument(2) : Value();
  Value y = body->getArguments().back();

  Value xw = mm(select(x, 0, step), w);
  if (wb)
    xw = add(xw, wb);
  Value hr = mm(h, r);
  if (rb)
    hr = add(hr, rb);
  auto gate = [&](Value v, int64_t k) {
    return columns(v, k * hidden, (k + 1) * hidden);
  };
  auto peephole = [&](int64_t k, Value state) {
    return mul(state, columns(peepholes, k * hidden, (k + 1) * hidden));
  };
  Value nextH, nextC;
  switch (kind) {
  case CellKind::RNN:
    nextH = activate(acts[0], clipped(add(xw, hr)));
    break;
  case CellKind::GRU: {
    // Gates z, r, h.
    Value z = activate(acts[0], clipped(add(gate(xw, 0), gate(hr, 0))));
    Value reset = activate(acts[0], clipped(add(gate(xw, 1), gate(hr, 1))));
    Value recurrent;
    if (linearBeforeReset) {
      recurrent = mul(reset, gate(hr, 2));
    } else {
      recurrent = mm(mul(reset, h), columns(r, 2 * hidden, 3 * hidden));
      if (rb)
        recurrent = add(recurrent, columns(rb, 2 * hidden, 3 * hidden));
    }
    Value candidate = activate(acts[1], clipped(add(gate(xw, 2), recurrent)));
    // (1 - z) · candidate + z · H = candidate + z · (H - candidate)
    nextH = add(candidate, mul(z, sub(h, candidate)));
    break;
  }
  case CellKind::LSTM: {
    // Gates i, o, f, c; peepholes i, o, f.
    Value pre = add(xw, hr);
    Value in = gate(pre, 0), out = gate(pre, 1), forget = gate(pre, 2);
    if (peepholes) {
      in = add(in, peephole(0, c));
      forget = add(forget, peephole(2, c));
    }
    Value i = activate(acts[0], clipped(in));
    Value f = inputForget ? n.create<AtenRsubScalarOp>(i.getType(), i,
                                                       n.constFloat(1.0),
                                                       n.constFloat(1.0))
                          : activate(acts[0], clipped(forget));
    Value candidate = activate(acts[1], clipped(gate(pre, 3)));
    nextC = add(mul(f, c), mul(i, candidate));
    if (peepholes)
      out = add(out, peephole(1, nextC));
    nextH = mul(activate(acts[0], clipped(out)), activate(acts[2], nextC));
    break;
  }
  }
  Value yRow = nextH;
  if (lengths) {
    // Steps past a sequence's length keep its states and leave Y zero.
    auto lengthsType = cast<ValueTensorType>(lengths.getType());
    Value running = n.create<AtenGtScalarOp>(
        n.tensorType(lengthsType.getSizes(), n.b.getI1Type()), lengths, step);
    Value mask = n.create<AtenUnsqueezeOp>(
        n.tensorType({lengthsType.getSizes()[0], 1}, n.b.getI1Type()), running,
        n.constInt(1));
    nextH = n.create<AtenWhereSelfOp>(stateType, mask, nextH, h);
    if (nextC)
      nextC = n.create<AtenWhereSelfOp>(stateType, mask, nextC, c);
    yRow = n.create<AtenWhereScalarOtherOp>(stateType, mask, yRow,
                                            n.constFloat(0.0));
  }
  Value row = n.create<AtenUnsqueezeOp>(type({1, staticB, hidden}),
                                        asState(yRow), n.constInt(0));
  Value end = n.create<AtenAddIntOp>(intType, step, n.constInt(1));
  Value nextY = n.create<AtenSliceScatterOp>(yType, y, row, n.constInt(0), step,
                                             end, n.constInt(1));
  SmallVector<Value> next = {asState(nextH)};
  if (kind == CellKind::LSTM)
    next.push_back(asState(nextC));
  next.push_back(nextY);
  n.b.create<PrimLoopConditionOp>(n.loc, trueValue, next);

  // Y, the last H, the last C.
  SmallVector<Value> results = {loop.getResults().back(), loop.getResult(0)};
  if (kind == CellKind::LSTM)
    results.push_back(loop.getResult(1));
  return results;
}

LogicalResult RecurrentLayer::convert() {
  if (failed(read()))
    return failure();
  SmallVector<SmallVector<Value>> perDirection;
  for (unsigned d = 0; d < numDirections; ++d)
    perDirection.push_back(direction(d, reverseOnly || d == 1));

  // Stacks each direction's value `which` along `dim` (a new one).
  auto stack = [&](unsigned which, int64_t dim) {
    SmallVector<Value> parts;
    SmallVector<int64_t> sizes;
    for (auto &values : perDirection) {
      auto vs = llvm::to_vector(
          cast<ValueTensorType>(values[which].getType()).getSizes());
      vs.insert(vs.begin() + dim, 1);
      parts.push_back(
          n.create<AtenUnsqueezeOp>(type(vs), values[which], n.constInt(dim)));
      sizes = vs;
    }
    sizes[dim] = numDirections;
    if (parts.size() == 1)
      return parts[0];
    return n.create<AtenCatOp>(type(sizes), n.list(parts[0].getType(), parts),
                               n.constInt(dim));
  };
  SmallVector<Value> outputs;
  for (unsigned i = 0; i < n.numResults(); ++i) {
    if (isa<Torch::NoneType>(n.op->getResult(i).getType()) ||
        i >= perDirection[0].size()) {
      outputs.push_back(nullptr);
      continue;
    }
    if (i == 0) {
      Value y = stack(0, 1); // [T, D, B, H]
      if (batchFirst) {
        y = n.create<AtenPermuteOp>(
            type({staticB, staticT, numDirections, hidden}), y,
            n.intList({2, 0, 1, 3}));
      }
      outputs.push_back(y);
      continue;
    }
    Value state = stack(i, 0); // [D, B, H]
    outputs.push_back(batchFirst ? transpose(state, 0, 1) : state);
  }
  return n.replace(outputs);
}

LogicalResult rnn(OnnxNode &n) {
  return RecurrentLayer(n, CellKind::RNN).convert();
}
LogicalResult gru(OnnxNode &n) {
  return RecurrentLayer(n, CellKind::GRU).convert();
}
LogicalResult lstm(OnnxNode &n) {
  return RecurrentLayer(n, CellKind::LSTM).convert();
}

const OnnxConversion kRecurrentConversions[] = {
    {"RNN", 7, rnn},
    {"GRU", 7, gru},
    {"LSTM", 7, lstm},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::recurrentConversions() {
  return kRecurrentConversions;
}
