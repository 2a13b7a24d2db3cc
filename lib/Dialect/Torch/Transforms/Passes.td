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

#endif // TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES
