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
    tril_indices and triu_indices, view_as_complex, shifts by a number, and
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

#endif // TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES
