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
    lowers. Today: softmax.int, _softmax, log_softmax.int and _log_softmax
    (the max subtracted first, so large inputs do not overflow); linear
    (matmul by the transposed weight, plus the bias) and matmul (mm, bmm of
    the broadcast batch, 1-D operands as a row or a column); conv1d/2d/3d
    and conv_transpose1d/2d/3d (convolution); var, std and var_mean
    (centered first); adaptive_avg_pool2d to 1 x 1 (a mean); fft_fft,
    fft_ifft and fft_rfft (_fft_r2c, _fft_c2c); relu6, hardsigmoid,
    hardswish, square, frac, mish, selu and celu (by hardtanh, elu,
    softplus, ...); floor_divide and outer; layer_norm, and batch_norm outside training; and index_put with a
    boolean mask beside integer indices (the mask's nonzero positions as
    integer indices).

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

#endif // TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES
