//===- ValueSemantics.cpp - Mutable tensors to value tensors --------------===//
//
// torch-adjust-calling-conventions, torch-reduce-op-variants and
// torch-maximize-value-semantics: IR of `!torch.tensor`s (mutable, aliased,
// written in place) to IR of `!torch.vtensor`s, which the backend contract
// needs. Passes.td says what each does and when it leaves a tensor mutable.
//
// The model: a mutable tensor made by `torch.copy.to_tensor` is a fresh
// buffer; `torch.copy.to_vtensor` reads it, `torch.overwrite.tensor.contents`
// writes it, and a view op (TorchAliasing.inc, generated from the registry's
// `Tensor(a)` annotations) makes another name for part of it. Within one
// block, the buffer's contents at each point are a value: reads become that
// value (a view read rebuilt on it), writes replace it (a write through a
// view scatters into it).
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/Torch/Transforms/RefineTypes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::torch::Torch {
#define GEN_PASS_DEF_ADJUSTCALLINGCONVENTIONS
#define GEN_PASS_DEF_REDUCEOPVARIANTS
#define GEN_PASS_DEF_MAXIMIZEVALUESEMANTICS
#include "Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch::Torch

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;

namespace {

// --- what an op is
// ------------------------------------------------------------

/// What the registry's schemas say about aliasing (TorchAliasing.inc): the
/// operand each view op's result is a view of, and the ops that write an
/// operand, by op name ("aten.view").
struct Aliasing {
  llvm::StringMap<unsigned> viewSources;
  llvm::StringSet<> mutating;
};

const Aliasing &aliasing() {
  static const Aliasing table = [] {
    Aliasing t;
#define TORCH_VIEW_OP(NAME, SOURCE) t.viewSources[NAME] = SOURCE;
#define TORCH_MUTATING_OP(NAME) t.mutating.insert(NAME);
#include "Dialect/Torch/IR/TorchAliasing.inc"
#undef TORCH_VIEW_OP
#undef TORCH_MUTATING_OP
    return t;
  }();
  return table;
}

/// `op`'s name without the dialect's prefix ("aten.view"), or "" for an op
/// that is not the dialect's.
StringRef schemaName(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return name.consume_front("torch.") ? name : StringRef();
}

bool isMutating(Operation *op) {
  return aliasing().mutating.contains(schemaName(op));
}

/// The operand `op`'s result is a view of, if `op` is a view op (a static
/// info cast counts: it renames the whole tensor).
std::optional<unsigned> viewSource(Operation *op) {
  if (isa<TensorStaticInfoCastOp>(op))
    return 0;
  auto it = aliasing().viewSources.find(schemaName(op));
  if (op->getNumResults() != 1 || it == aliasing().viewSources.end())
    return std::nullopt;
  return it->second;
}

/// The name of the op `op` is the in-place variant of ("torch.aten.add.Tensor"
/// for "torch.aten.add_.Tensor"), or "" if it is not an in-place variant (an
/// op writing an operand, named with one trailing `_`).
std::string valueVariantName(Operation *op) {
  if (!isMutating(op))
    return "";
  StringRef full = op->getName().getStringRef();
  SmallVector<StringRef, 4> parts;
  full.split(parts, '.');
  if (parts.size() < 3 || parts[0] != "torch" ||
      (parts[1] != "aten" && parts[1] != "prims"))
    return "";
  StringRef name = parts[2];
  if (!name.ends_with("_") || (name.starts_with("__") && name.ends_with("__")))
    return "";
  parts[2] = name.drop_back();
  // The one in-place variant whose value op has another overload name.
  if (full == "torch.aten.bernoulli_.float")
    return "torch.aten.bernoulli.p";
  return llvm::join(parts, ".");
}

/// Ops ReduceOpVariants gives value operands and results: the registry's
/// ATen and prims ops that neither write nor alias their operands.
bool isValueSemanticOp(Operation *op) {
  StringRef name = schemaName(op);
  // A list's element is the tensor itself, not a copy.
  if (name.starts_with("aten.__getitem__"))
    return false;
  return (name.starts_with("aten.") || name.starts_with("prims.")) &&
         !viewSource(op) && !isMutating(op);
}

bool isNonValueTensor(Type type) { return isa<NonValueTensorType>(type); }

/// `type` with value semantics where it holds mutable tensors: a tensor, a
/// list or an optional of them. Null if it holds none.
Type withValueSemantics(Type type) {
  if (auto t = dyn_cast<NonValueTensorType>(type))
    return t.getWithValueSemantics();
  if (auto list = dyn_cast<Torch::ListType>(type))
    if (Type inner = withValueSemantics(list.getContainedType()))
      return Torch::ListType::get(inner);
  if (auto optional = dyn_cast<OptionalType>(type))
    if (Type inner = withValueSemantics(optional.getContainedType()))
      return OptionalType::get(inner);
  return nullptr;
}

/// A value-semantic version of operand `v` (a mutable tensor, a list made by
/// prim.ListConstruct or an optional made by torch.derefine of them), built
/// before `op`; null if `v` is held some other way.
Value valueOperand(Value v, Operation *op, OpBuilder &builder) {
  Type type = withValueSemantics(v.getType());
  if (!type)
    return v;
  builder.setInsertionPoint(op);
  Location loc = op->getLoc();
  if (isNonValueTensor(v.getType()))
    return builder.create<CopyToValueTensorOp>(loc, type, v);
  if (auto list = v.getDefiningOp<PrimListConstructOp>()) {
    SmallVector<Value> elements;
    for (Value e : list.getElements()) {
      Value ve = valueOperand(e, op, builder);
      if (!ve)
        return nullptr;
      elements.push_back(ve);
    }
    return builder.create<PrimListConstructOp>(loc, type, elements);
  }
  if (auto derefine = v.getDefiningOp<DerefineOp>()) {
    Value inner = valueOperand(derefine.getOperand(), op, builder);
    return inner ? builder.create<DerefineOp>(loc, type, inner) : nullptr;
  }
  return nullptr;
}

/// Erases `op` if it is a list or optional made for operands that nothing
/// else uses any more.
void eraseIfDeadWrapper(Operation *op) {
  if (op && isa<PrimListConstructOp, DerefineOp>(op) && op->use_empty())
    op->erase();
}

// --- torch-reduce-op-variants -----------------------------------------------

/// `op` built again as `name` with value-semantic `operands` and
/// `resultTypes`, or null (nothing left behind) if it would not verify.
Operation *rebuilt(Operation *op, StringRef name, ValueRange operands,
                   TypeRange resultTypes, OpBuilder &builder) {
  builder.setInsertionPoint(op);
  return createIfValid(builder, op->getLoc(), name, operands, resultTypes,
                       op->getAttrs());
}

/// Erases the operands `made` that `op`'s rewrite made and left unused.
void eraseUnused(ArrayRef<Value> made, Operation *op) {
  for (Value v : made)
    if (Operation *def = v.getDefiningOp();
        def && def->use_empty() && !llvm::is_contained(op->getOperands(), v))
      def->erase();
}

/// Value-semantic operands for `op`, or nullopt (nothing left behind) if one
/// is held in a way the pass cannot follow.
std::optional<SmallVector<Value>> valueOperands(Operation *op,
                                                OpBuilder &builder) {
  SmallVector<Value> operands;
  for (Value v : op->getOperands()) {
    Value vv = valueOperand(v, op, builder);
    if (!vv) {
      eraseUnused(operands, op);
      return std::nullopt;
    }
    operands.push_back(vv);
  }
  return operands;
}

/// `aten.foo_(self, ...)` as `aten.foo(self, ...)` whose result overwrites
/// `self`; uses of the op's result become uses of `self`.
LogicalResult reduceInPlace(Operation *op, StringRef valueName,
                            OpBuilder &builder) {
  if (op->getNumResults() != 1 || op->getNumOperands() == 0)
    return failure();
  auto self = dyn_cast<TypedValue<NonValueTensorType>>(op->getOperand(0));
  if (!self)
    return failure();
  // unsqueeze_ and its kind change the tensor's shape, not its contents.
  std::optional<RegisteredOperationName> registered =
      RegisteredOperationName::lookup(valueName, op->getContext());
  if (!registered ||
      aliasing().viewSources.count(valueName.drop_front(strlen("torch."))))
    return failure();
  std::optional<SmallVector<Value>> operands = valueOperands(op, builder);
  if (!operands)
    return failure();
  // The result keeps self's dtype whatever the operands promote to (PyTorch
  // computes in the promoted dtype, then casts): unless every tensor operand
  // has self's dtype, the value op's result is left for torch-refine-types
  // and cast back by type_as.
  ValueTensorType selfType = self.getType().getWithValueSemantics();
  bool sameDtype =
      selfType.hasDtype() && llvm::all_of(*operands, [&](Value v) {
        auto t = dyn_cast<ValueTensorType>(v.getType());
        return !t || (t.hasDtype() && t.getDtype() == selfType.getDtype());
      });
  Type resultType =
      sameDtype ? selfType
                : ValueTensorType::get(op->getContext(),
                                       selfType.getOptionalSizes(), Type());
  Operation *value = rebuilt(op, valueName, *operands, {resultType}, builder);
  if (!value) {
    eraseUnused(*operands, op);
    return failure();
  }
  Value result = value->getResult(0);
  TorchBuilder b(builder, op->getLoc());
  builder.setInsertionPoint(op);
  if (!sameDtype)
    result = b.create<AtenTypeAsOp>(selfType, result, (*operands)[0]);
  builder.create<OverwriteTensorContentsOp>(op->getLoc(), result, self);
  op->getResult(0).replaceAllUsesWith(
      b.castTo(self, op->getResult(0).getType()));
  op->erase();
  return success();
}

/// A value-semantic op on mutable tensors given value operands and results
/// (each result copied into a fresh mutable tensor for its users).
LogicalResult reduceToValues(Operation *op, OpBuilder &builder) {
  bool mutableResult = llvm::any_of(op->getResultTypes(), [](Type t) {
    return withValueSemantics(t) != nullptr;
  });
  bool mutableOperand = llvm::any_of(op->getOperandTypes(), [](Type t) {
    return withValueSemantics(t) != nullptr;
  });
  if (!mutableResult && !mutableOperand)
    return success();
  SmallVector<Type> resultTypes;
  for (Type t : op->getResultTypes()) {
    if (!withValueSemantics(t))
      resultTypes.push_back(t);
    else if (auto tensor = dyn_cast<NonValueTensorType>(t))
      resultTypes.push_back(tensor.getWithValueSemantics());
    else
      return failure(); // A list of mutable tensors: its users would alias.
  }
  std::optional<SmallVector<Value>> operands = valueOperands(op, builder);
  if (!operands)
    return failure();
  Operation *value = rebuilt(op, op->getName().getStringRef(), *operands,
                             resultTypes, builder);
  if (!value) {
    eraseUnused(*operands, op);
    return failure();
  }
  builder.setInsertionPointAfter(value);
  for (auto [old, made] : llvm::zip(op->getResults(), value->getResults())) {
    Value replacement = made;
    if (auto tensor = dyn_cast<NonValueTensorType>(old.getType()))
      replacement =
          builder.create<CopyToNonValueTensorOp>(op->getLoc(), tensor, made);
    old.replaceAllUsesWith(replacement);
  }
  SmallVector<Operation *> wrappers;
  for (Value v : op->getOperands())
    wrappers.push_back(v.getDefiningOp());
  op->erase();
  for (Operation *w : wrappers)
    eraseIfDeadWrapper(w);
  return success();
}

class ReduceOpVariantsPass
    : public Torch::impl::ReduceOpVariantsBase<ReduceOpVariantsPass> {
public:
  using ReduceOpVariantsBase::ReduceOpVariantsBase;

  void runOnOperation() override {
    if (!extraLibrary.empty()) {
      getOperation().emitError()
          << "extra-library is not supported: upstream's option splices "
             "shape and dtype functions written in Python into its library, "
             "and our rules (torch-refine-types) are C++";
      return signalPassFailure();
    }
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) { ops.push_back(op); });
    OpBuilder builder(&getContext());
    for (Operation *op : ops) {
      if (std::string name = valueVariantName(op); !name.empty())
        (void)reduceInPlace(op, name, builder);
      else if (isValueSemanticOp(op))
        (void)reduceToValues(op, builder);
    }
  }
};

// --- torch-maximize-value-semantics
// -------------------------------------------

/// One fresh mutable tensor (`torch.copy.to_tensor`) and the names of it and
/// its parts that views make, all used in its block only.
struct Buffer {
  CopyToNonValueTensorOp origin;
  SmallVector<Operation *> views; // In program order.
  /// Each view's result (and the buffer itself) is a member.
  llvm::SmallDenseSet<Value> members;
};

/// The ops through which a write to a view reaches its source.
bool canWriteThrough(Operation *view) {
  if (isa<TensorStaticInfoCastOp, AtenAliasOp, AtenDetachOp, PrimsViewOfOp,
          AtenSelectIntOp, AtenSliceTensorOp, AtenTransposeIntOp,
          AtenUnsqueezeOp>(view))
    return true;
  if (auto permute = dyn_cast<AtenPermuteOp>(view))
    return constantInts(permute.getDims()).has_value();
  // Reshaping views: the source's rank says what to view the write back as.
  if (isa<AtenViewOp, AtenSqueezeOp, AtenSqueezeDimOp, AtenUnflattenIntOp,
          PrimsSqueezeOp, PrimsSplitDimOp>(view))
    return cast<BaseTensorType>(view->getOperand(0).getType()).hasSizes();
  return false;
}

/// Whether every use of `origin`'s tensor and its views is one this pass
/// follows; fills `buffer` if so.
bool analyze(CopyToNonValueTensorOp origin, Buffer &buffer) {
  Block *block = origin->getBlock();
  buffer.origin = origin;
  buffer.members.insert(origin.getResult());
  SmallVector<Value> worklist = {origin.getResult()};
  while (!worklist.empty()) {
    Value member = worklist.pop_back_val();
    for (OpOperand &use : member.getUses()) {
      Operation *user = use.getOwner();
      if (user->getBlock() != block)
        return false;
      if (isa<CopyToValueTensorOp>(user))
        continue;
      if (auto write = dyn_cast<OverwriteTensorContentsOp>(user)) {
        if (use.getOperandNumber() != 1)
          return false;
        // A write through views reaches the buffer if each view passes it.
        for (Value m = member; m != origin.getResult();) {
          Operation *view = m.getDefiningOp();
          if (!canWriteThrough(view))
            return false;
          m = view->getOperand(*viewSource(view));
        }
        continue;
      }
      std::optional<unsigned> source = viewSource(user);
      if (!source || *source != use.getOperandNumber() ||
          !isNonValueTensor(user->getResult(0).getType()))
        return false;
      buffer.views.push_back(user);
      buffer.members.insert(user->getResult(0));
      worklist.push_back(user->getResult(0));
    }
  }
  llvm::sort(buffer.views,
             [](Operation *a, Operation *c) { return a->isBeforeInBlock(c); });
  return true;
}

/// Rewrites one analyzed buffer: its contents are a value at each point.
class BufferRewriter {
public:
  BufferRewriter(Buffer &buffer, OpBuilder &builder)
      : buffer(buffer), builder(builder), contents(buffer.origin.getOperand()) {
  }

  void run() {
    Block *block = buffer.origin->getBlock();
    SmallVector<Operation *> users;
    for (Operation &op : llvm::make_range(
             std::next(buffer.origin->getIterator()), block->end()))
      if (llvm::any_of(op.getOperands(),
                       [&](Value v) { return buffer.members.contains(v); }))
        users.push_back(&op);
    for (Operation *op : users) {
      builder.setInsertionPoint(op);
      if (auto read = dyn_cast<CopyToValueTensorOp>(op)) {
        replaceRead(read, valueOf(read.getOperand()));
        read->erase();
      } else if (auto write = dyn_cast<OverwriteTensorContentsOp>(op)) {
        writeTo(write.getOverwritten(), write.getValue());
        write->erase();
      }
    }
    for (Operation *view : llvm::reverse(buffer.views))
      view->erase();
    buffer.origin->erase();
  }

private:
  /// `read`'s uses read `value` instead: as it is where it knows at least
  /// what the read's type says and the user takes a refined type (the
  /// casts of the calling conventions and of other producers would
  /// otherwise hide sizes and dtypes from torch-refine-types), else cast.
  void replaceRead(CopyToValueTensorOp read, Value value) {
    TorchBuilder b(builder, read.getLoc());
    bool refined = isValidSubtype(value.getType(), read.getType());
    Value cast;
    for (OpOperand &use : llvm::make_early_inc_range(read->getUses())) {
      if (refined && acceptsRefinedType(use)) {
        use.set(value);
        continue;
      }
      if (!cast)
        cast = b.castTo(value, read.getType());
      use.set(cast);
    }
  }

  /// `member`'s contents now, built at the insertion point. A static info
  /// cast of a member is the member itself (the most its value knows).
  Value valueOf(Value member) {
    if (member == buffer.origin.getResult())
      return contents;
    Operation *view = member.getDefiningOp();
    unsigned source = *viewSource(view);
    if (isa<TensorStaticInfoCastOp>(view))
      return valueOf(view->getOperand(source));
    IRMapping mapping;
    mapping.map(view->getOperand(source), valueOf(view->getOperand(source)));
    Operation *made = builder.clone(*view, mapping);
    made->getResult(0).setType(
        cast<NonValueTensorType>(member.getType()).getWithValueSemantics());
    return made->getResult(0);
  }

  /// `member`'s contents become `value`: the buffer's become what holds it.
  void writeTo(Value member, Value value) {
    if (member == buffer.origin.getResult()) {
      contents = value;
      return;
    }
    Operation *view = member.getDefiningOp();
    Value source = view->getOperand(*viewSource(view));
    writeTo(source, unview(view, valueOf(source), value));
  }

  /// The source of `view` holding `old` everywhere but where the view sees,
  /// which holds `written`.
  Value unview(Operation *view, Value old, Value written) {
    TorchBuilder b(builder, view->getLoc());
    Type type = old.getType();
    if (auto select = dyn_cast<AtenSelectIntOp>(view))
      return b.create<AtenSelectScatterOp>(type, old, written, select.getDim(),
                                           select.getIndex());
    if (auto slice = dyn_cast<AtenSliceTensorOp>(view))
      return b.create<AtenSliceScatterOp>(type, old, written, slice.getDim(),
                                          slice.getStart(), slice.getEnd(),
                                          slice.getStep());
    if (auto transpose = dyn_cast<AtenTransposeIntOp>(view))
      return b.create<AtenTransposeIntOp>(type, written, transpose.getDim0(),
                                          transpose.getDim1());
    if (auto unsqueeze = dyn_cast<AtenUnsqueezeOp>(view))
      return b.create<AtenSqueezeDimOp>(type, written, unsqueeze.getDim());
    if (auto permute = dyn_cast<AtenPermuteOp>(view)) {
      SmallVector<int64_t> dims = *constantInts(permute.getDims());
      int64_t rank = dims.size();
      SmallVector<int64_t> inverse(rank);
      for (int64_t i = 0; i < rank; ++i)
        inverse[(dims[i] % rank + rank) % rank] = i;
      return b.create<AtenPermuteOp>(type, written, b.intList(inverse));
    }
    if (isa<TensorStaticInfoCastOp>(view))
      return written;
    if (isa<AtenAliasOp, AtenDetachOp, PrimsViewOfOp>(view))
      return b.castTo(written, type);
    // A reshaping view: the write viewed as the source's shape (its rank
    // known from its type in the IR, which canWriteThrough checked).
    int64_t rank =
        cast<BaseTensorType>(view->getOperand(0).getType()).getSizes().size();
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < rank; ++d)
      sizes.push_back(b.sizeOf(old, d));
    return b.create<AtenViewOp>(type, written, b.sizeList(sizes));
  }

  Buffer &buffer;
  OpBuilder &builder;
  Value contents;
};

class MaximizeValueSemanticsPass
    : public Torch::impl::MaximizeValueSemanticsBase<
          MaximizeValueSemanticsPass> {
public:
  void runOnOperation() override {
    SmallVector<CopyToNonValueTensorOp> origins;
    getOperation().walk(
        [&](CopyToNonValueTensorOp op) { origins.push_back(op); });
    OpBuilder builder(&getContext());
    for (CopyToNonValueTensorOp origin : origins) {
      Buffer buffer;
      if (analyze(origin, buffer))
        BufferRewriter(buffer, builder).run();
    }
  }
};

// --- torch-adjust-calling-conventions
// -----------------------------------------

/// The first op in `func` that writes the tensor `t` (or a view of it): an
/// in-place op or torch.overwrite.tensor.contents.
Operation *firstWriter(Value t) {
  SmallVector<Value> worklist = {t};
  llvm::SmallDenseSet<Value> seen;
  Operation *first = nullptr;
  auto note = [&](Operation *op) {
    if (!first ||
        (op->getBlock() == first->getBlock() && op->isBeforeInBlock(first)))
      first = op;
  };
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (isa<OverwriteTensorContentsOp>(user) && use.getOperandNumber() == 1)
        note(user);
      else if (!valueVariantName(user).empty() && use.getOperandNumber() == 0)
        note(user);
      else if (std::optional<unsigned> s = viewSource(user);
               s && *s == use.getOperandNumber())
        worklist.push_back(user->getResult(0));
    }
  }
  return first;
}

class AdjustCallingConventionsPass
    : public Torch::impl::AdjustCallingConventionsBase<
          AdjustCallingConventionsPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder builder(&getContext());
    llvm::DenseSet<StringAttr> changed;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      FunctionType before = func.getFunctionType();
      if (failed(adjustArguments(func, builder)))
        return signalPassFailure();
      adjustResults(func, builder);
      if (func.getFunctionType() != before)
        changed.insert(func.getSymNameAttr());
    }
    module.walk([&](func::CallOp call) {
      if (changed.contains(call.getCalleeAttr().getAttr()))
        adjustCall(call, module, builder);
    });
  }

private:
  /// Each mutable-tensor argument as a value tensor (its `torch.type_bound`
  /// where it has one), copied into a fresh mutable tensor for the body.
  LogicalResult adjustArguments(func::FuncOp func, OpBuilder &builder) {
    Block &entry = func.getBody().front();
    SmallVector<Type> inputs(func.getArgumentTypes());
    for (unsigned i = 0; i < func.getNumArguments(); ++i) {
      auto type = dyn_cast<NonValueTensorType>(inputs[i]);
      if (!type)
        continue;
      BlockArgument arg = entry.getArgument(i);
      if (Operation *writer = firstWriter(arg)) {
        InFlightDiagnostic d =
            writer->emitError()
            << "writes argument #" << i << " of @" << func.getSymName()
            << " in place, and a value-semantic backend cannot write to its "
               "caller's tensor: return the new value instead (torch_mlir.fx "
               "imports with mutations=\"results\")";
        d.attachNote(func.getLoc()) << "the function";
        return failure();
      }
      Type bound = type.getWithValueSemantics();
      if (auto attr = func.getArgAttrOfType<TypeAttr>(i, "torch.type_bound")) {
        if (!isa<ValueTensorType>(attr.getValue()))
          return func.emitError() << "argument #" << i << "'s torch.type_bound "
                                  << attr << " is not a !torch.vtensor type";
        bound = attr.getValue();
        func.removeArgAttr(i, "torch.type_bound");
      }
      arg.setType(bound);
      inputs[i] = bound;
      builder.setInsertionPointToStart(&entry);
      TorchBuilder b(builder, func.getLoc());
      auto copied = builder.create<CopyToNonValueTensorOp>(
          func.getLoc(),
          cast<ValueTensorType>(bound).getWithoutValueSemantics(), arg);
      Value asBefore = b.castTo(copied, type);
      arg.replaceAllUsesExcept(asBefore, copied);
    }
    func.setFunctionType(
        FunctionType::get(func.getContext(), inputs, func.getResultTypes()));
    return success();
  }

  /// Each mutable-tensor result as the value tensor it holds when returned.
  void adjustResults(func::FuncOp func, OpBuilder &builder) {
    SmallVector<Type> results(func.getResultTypes());
    bool any = false;
    for (Type &t : results)
      if (auto tensor = dyn_cast<NonValueTensorType>(t)) {
        t = tensor.getWithValueSemantics();
        any = true;
      }
    if (!any)
      return;
    func.walk([&](func::ReturnOp ret) {
      builder.setInsertionPoint(ret);
      for (OpOperand &operand : ret->getOpOperands())
        if (auto tensor = dyn_cast<NonValueTensorType>(operand.get().getType()))
          operand.set(builder.create<CopyToValueTensorOp>(
              ret.getLoc(), tensor.getWithValueSemantics(), operand.get()));
    });
    func.setFunctionType(
        FunctionType::get(func.getContext(), func.getArgumentTypes(), results));
  }

  /// A call to an adjusted function: value operands in, fresh mutable
  /// tensors out, as its users had them.
  void adjustCall(func::CallOp call, ModuleOp module, OpBuilder &builder) {
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCalleeAttr());
    FunctionType type = callee.getFunctionType();
    builder.setInsertionPoint(call);
    TorchBuilder b(builder, call.getLoc());
    SmallVector<Value> operands;
    for (auto [v, t] : llvm::zip(call.getOperands(), type.getInputs())) {
      Value operand = v;
      if (auto tensor = dyn_cast<NonValueTensorType>(v.getType());
          tensor && isa<ValueTensorType>(t))
        operand = builder.create<CopyToValueTensorOp>(
            call.getLoc(), tensor.getWithValueSemantics(), v);
      operands.push_back(b.castTo(operand, t));
    }
    auto made = builder.create<func::CallOp>(call.getLoc(), callee, operands);
    builder.setInsertionPointAfter(made);
    for (auto [old, now] : llvm::zip(call.getResults(), made.getResults())) {
      Value replacement = now;
      if (auto tensor = dyn_cast<NonValueTensorType>(old.getType()))
        replacement = b.castTo(
            builder.create<CopyToNonValueTensorOp>(
                call.getLoc(),
                cast<ValueTensorType>(now.getType()).getWithoutValueSemantics(),
                now),
            tensor);
      old.replaceAllUsesWith(replacement);
    }
    call->erase();
  }
};

} // namespace
