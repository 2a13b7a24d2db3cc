//===- Passes.td - Torch-dialect passes -------------------------*- tablegen -*-===//

#ifndef TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES
#define TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def ScalarizeShapes : Pass<"torch-scalarize-shapes", "func::FuncOp"> {
  let summary = "Reads shape computations done on tensors as !torch.int "
                "arithmetic on aten.size.int, and folds what is static";
  let description = [{
    Exported ONNX models compute shapes as tensors: Shape, then Gather,
    Slice, Concat, Unsqueeze, Cast and integer Add/Sub/Mul on the result,
    and a Reshape, Expand, ConstantOfShape or Slice reads its elements
    (convert-torch-onnx-to-torch writes `aten.Int.Tensor` of
    `aten.select.int` for each). This pass replaces each such
    `aten.Int.Tensor` whose element it can trace back through
    `aten._shape_as_tensor`, `vtensor.literal`, `prim.NumToTensor.Scalar`,
    `select.int`, `index_select`, `slice.Tensor`, `cat`, reshapes and integer
    casts, add/sub/mul, and `where(eq(a, b), x, y)` (the exporters' Expand
    writes one), by the same value computed on `!torch.int`s:
    `aten.size.int` of the tensor measured, constants, and `aten.add.int`
    & co. Folding (and a - a = 0, a * 0 = 0, a * 1 = a, a + 0 = a) then
    makes the sizes of static dimensions constants, and
    the shape tensors, no longer read, go (canonicalization). FX programs
    get the same for what their SymInt nodes read from tensors.

    Nothing else changes: a value it cannot trace stays as it was.
  }];
  let dependentDialects = ["Torch::TorchDialect"];
}

def DecomposeComplexOps : Pass<"torch-decompose-complex-ops", "func::FuncOp"> {
  let summary = "Rewrites ATen ops the lowerings do not take whole into "
                "simpler ATen ops, except those the backend keeps";
  let description = [{
    The middle end's decompositions, in the Torch dialect, so that IR that
    no PyTorch decomposition table has reduced (an empty table, another
    producer, the torch-free core wheel) reaches ops convert-torch-to-linalg
    lowers. The patterns live in one file per kind of op:
    Decompose{Nn,Elementwise,LinearAlgebra,Reductions,DataMovement,Sorting,
    Spectral,Random,Backward}.cpp. Every front end runs it: the FX road's
    torchdynamo-export-to-torch-backend-pipeline and the ONNX road's
    torch-onnx-to-torch-backend-pipeline. Among them: softmax and
    log_softmax (max subtracted first), linear, matmul, baddbmm, bilinear
    and einsum (diagonals of repeated letters; two operands of static shape
    as one bmm, others as a broadcast product and sums); conv*d (also with
    padding "same"/"valid"), conv_transpose*d and conv_tbc (convolution),
    grouped convolutions the lowering does not take (one per group);
    layer_norm, group_norm, instance_norm, batch_norm outside training,
    scaled_dot_product_attention (causal, boolean and additive masks),
    adaptive pooling whose output divides the input (avg_pool,
    max_pool_with_indices); var, std, var_mean (centered first), logsumexp,
    logcumsumexp, linalg_vector_norm; argsort, kthvalue (a stable sort),
    bucketize; split, split_with_sizes and unbind (a slice or select per
    unpacked piece), stack, repeat, pad (constant, reflect, replicate,
    circular), constant_pad_nd with crops, flip, roll, tril, triu, eye,
    linspace, _index_put_impl, scatter with reduce=; fft_fft, fft_ifft,
    fft_rfft; relu6, hardsigmoid, hardswish, mish, selu, celu, prelu, rrelu
    outside training, log_sigmoid, round with decimals; and index_put with a
    boolean mask beside integer indices; masked_select, one_hot,
    tril_indices and triu_indices, view_as_complex, shifts by a number,
    select_scatter (a slice_scatter of one index), zero (a fill), and
    PyTorch's prims (convert_element_type, squeeze, collapse, split_dim,
    view_of), upsample_nearest2d.vec and upsample_bilinear2d.vec (separable
    gathers and blends). Operators the registry lacks are matched by name
    (PT2E's quantized_decomposed quantize/dequantize, fft_irfft, fft_rfft2,
    fft_irfft2, median.dim, searchsorted.Tensor, histc, cdist,
    _cdist_forward, index_add, scatter.value_reduce, _assert_async,
    _native_batch_norm_legit_no_training).

    `legal-ops` names ops ("aten.softmax.int") a backend has its own
    kernels for: they stay whole. An op whose operand's rank or dtype is not
    known, or whose arguments are not constants the pattern needs, also
    stays (and reaches the backend contract check, which names it).
  }];
  let options = [
    ListOption<"legalOps", "legal-ops", "std::string",
               "Ops to keep whole, as aten.<name>.<overload>">,
  ];
  let dependentDialects = ["Torch::TorchDialect"];
}

def RaiseOperators : Pass<"torch-raise-operators", "func::FuncOp"> {
  let summary = "Makes each torch.operator the dialect has an op for that op";
  let description = [{
    `torch.operator "aten._fft_r2c"(...)` becomes `torch.aten._fft_r2c`
    when the dialect registers that name and the op verifies with the
    operator's operands and result types; anything else stays as it was.
    Our importer writes the ops upstream torch-mlir's dialect lacks as
    operators, so that upstream's tools read our IR; this pass, first in our
    pipelines, gives the lowerings their typed ops back. IR from other
    producers that names registered ops generically gets the same.
  }];
  let dependentDialects = ["Torch::TorchDialect"];
}

def RefineTypes : Pass<"torch-refine-types", "func::FuncOp"> {
  let summary = "Gives tensors without sizes or a dtype the ones their ops "
                "imply";
  let description = [{
    Torch IR from older upstream, hand-written tests or other producers may
    type a tensor as `!torch.vtensor` (or `!torch.vtensor<*,f32>`): no sizes,
    no dtype. The lowerings read rank and dtype from result types, so this
    pass computes them from the operands' types and constant arguments, one
    rule per family of ops: elementwise ops broadcast and promote as
    PyTorch's result_type does (tensors with dims, then 0-d tensors, then
    Python scalars; true division and unary float ops in float; comparisons
    in bool), reductions drop or keep their dims and give si64 for integer
    sums, views and data movement (view and reshape with -1, expand,
    flatten, squeeze, unsqueeze, transpose, permute, select, slice, narrow,
    cat, stack, index_select, gather, index.Tensor, embedding, pads, the
    pieces of split, chunk and unbind), products (mm, bmm, matmul, linear,
    addmm, einsum), constructors (`dtype=`, else PyTorch's default: f32, or the
    fill value's or bounds' kind), convolutions and pools (the window
    arithmetic, ceil_mode included), normalizations, attention, losses and
    interpolation, and `prim.If` (what both branches agree on).

    A type is only ever added to: sizes where it had none, a dtype where
    it had none. A size is `?` where a rule cannot tell it (an operand's
    size or a size argument is not a constant). The rules run in program
    order until nothing changes. A refined value used by something that
    must keep its declared type (a function's return, a branch's yield)
    reaches it through `torch.tensor_static_info_cast`, except a public
    function's results declared as `!torch.vtensor`: the function's type
    takes the refined ones (upstream's refine-public-return). Ops with no
    rule keep their types; the backend contract check names them.
  }];
  let dependentDialects = ["Torch::TorchDialect"];
}

def AdjustCallingConventions
    : Pass<"torch-adjust-calling-conventions", "ModuleOp"> {
  let summary = "Gives functions value-tensor arguments and results";
  let description = [{
    A function argument typed `!torch.tensor` (a mutable tensor, as
    TorchScript-era upstream and other producers write them) becomes the
    `!torch.vtensor` of its `torch.type_bound` attribute, or of its own
    sizes and dtype where it has none; the body reads it through a fresh
    copy (`torch.copy.to_tensor`), which torch-maximize-value-semantics
    then removes. A `!torch.tensor` result is returned as the value it
    holds (`torch.copy.to_vtensor`). Calls to a changed function pass and
    receive values the same way.

    An argument the function writes (an in-place op or
    `torch.overwrite.tensor.contents` on it or a view of it) is an error at
    the write: a value-semantic backend cannot write to its caller's
    tensor, so the program must return the new value instead (torch_mlir's
    FX import does, with `mutations="results"`).
  }];
  let dependentDialects = ["Torch::TorchDialect"];
}

def ReduceOpVariants : Pass<"torch-reduce-op-variants", "func::FuncOp"> {
  let summary = "Rewrites in-place ops and ops on mutable tensors as "
                "value-semantic ops";
  let description = [{
    An in-place variant (`aten.add_.Tensor`: an op the registry's schema
    says writes its `self`, named with a trailing `_`) becomes its value
    op (`aten.add.Tensor`) on `torch.copy.to_vtensor` copies of its
    operands, whose result overwrites `self`
    (`torch.overwrite.tensor.contents`); the op's result is `self` again.
    The result keeps `self`'s dtype, as PyTorch's in-place ops do: where an
    operand's dtype differs from it or is not known, the value op's dtype
    is left to torch-refine-types and `aten.type_as` casts it back.
    `aten.bernoulli_.float` becomes `aten.bernoulli.p`. Ops whose value
    variant changes shape (`unsqueeze_`) or does not exist stay.

    Any other ATen or prims op that neither writes nor aliases its operands
    (the registry's schemas say which, TorchAliasing.inc) and holds mutable
    tensors gets value-semantic operands (`torch.copy.to_vtensor`; lists
    made by `torch.prim.ListConstruct` and optionals made by
    `torch.derefine` are made again of copies) and results (each copied into
    a fresh mutable tensor for its users). An op whose operand is a list or
    optional made some other way, or with a list of mutable tensors as a
    result, stays. View ops stay: torch-maximize-value-semantics follows
    them.

    `extra-library` (upstream's splice of value-semantics facts written in
    Python) is refused by name.
  }];
  let options = [
    Option<"extraLibrary", "extra-library", "std::string", /*default=*/"",
           "Upstream's shape-library splice; refused if set">,
  ];
  let dependentDialects = ["Torch::TorchDialect"];
}

def MaximizeValueSemantics
    : Pass<"torch-maximize-value-semantics", "func::FuncOp"> {
  let summary = "Replaces fresh mutable tensors by the values they hold";
  let description = [{
    For each fresh mutable tensor (`torch.copy.to_tensor`), whose uses and
    whose views' uses are all in its own block: follows its contents in
    program order. A read (`torch.copy.to_vtensor`) becomes the value it
    holds at that point; a read of a view becomes the view op applied to
    that value there, so a view sees writes made after it was taken. A
    write (`torch.overwrite.tensor.contents`) replaces the value; a write to
    a view scatters into it: through `select.int` (`select_scatter`),
    `slice.Tensor` (`slice_scatter`), `transpose.int`, `permute` with
    constant dims, `unsqueeze`, the reshaping views of a source of known
    rank (viewed back to its sizes), and aliases and casts. The copy, its
    views and its reads and writes then go.

    A tensor with any other use (a call, a return, an op in a nested
    region, a write through another kind of view, an op that writes it in
    place) stays mutable; the backend contract check names it.
  }];
  let dependentDialects = ["Torch::TorchDialect"];
}

def LowerToBackendContract
    : Pass<"torch-lower-to-backend-contract", "ModuleOp"> {
  let summary = "Refines types and decomposes until the module satisfies "
                "the Torch backend contract";
  let description = [{
    Runs torch-refine-types, torch-decompose-complex-ops and canonicalize,
    in that order, until every function satisfies the backend contract or
    `max-iterations` runs have not made it: each decomposition can give
    new ops whose types the next refinement completes. The contract: every
    tensor a function holds (arguments, results of ops, in nested regions
    too) is a value tensor (`!torch.vtensor`) with known rank and dtype;
    lists and optionals of tensors count as their elements do.

    On failure the error is at the first op, in program order, whose
    result breaks the contract, and names the result, its type, what is
    missing (rank, dtype, value semantics) and why: the op has no
    refinement rule, or its rule needs an operand's type or a constant
    argument that is not known.

    `extra-library` (upstream's splice of shape and dtype functions written
    in Python) has no meaning here: the rules are C++, and a non-empty
    value is refused by name.
  }];
  let options = [
    Option<"maxIterations", "max-iterations", "int", /*default=*/"10",
           "How many rounds of refinement and decomposition to run at most">,
    Option<"decompose", "decompose", "bool", /*default=*/"true",
           "Run torch-decompose-complex-ops each round">,
    Option<"shapeDtypeRefine", "shape-dtype-refine", "bool",
           /*default=*/"true", "Run torch-refine-types each round">,
    ListOption<"backendLegalOps", "backend-legal-ops", "std::string",
               "Ops to keep whole, as aten.<name>.<overload>">,
    Option<"extraLibrary", "extra-library", "std::string", /*default=*/"",
           "Upstream's shape-library splice; refused if set">,
  ];
  let dependentDialects = ["Torch::TorchDialect", "func::FuncDialect"];
}

def VerifyBackendContractNoDecompositions
    : Pass<"torch-verify-backend-contract-no-decompositions", "ModuleOp"> {
  let summary = "Checks the Torch backend contract, changing nothing";
  let description = [{
    The check torch-lower-to-backend-contract ends with, alone: fails at
    the first tensor with unknown rank or dtype, or without value
    semantics, with the same error.
  }];
}

#endif // TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES
