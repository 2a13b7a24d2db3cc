//===- Passes.td - Conversions out of the Torch dialect ---------*- tablegen -*-===//

#ifndef TORCH_MLIR_CONVERSION_PASSES
#define TORCH_MLIR_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTorchToLinalg : Pass<"convert-torch-to-linalg", "func::FuncOp"> {
  let summary = "Lowers ATen tensor ops to linalg, tensor, scf, arith, math and complex";
  let description = [{
    Each ATen op on value tensors of known rank and dtype becomes builtin
    tensor IR: elementwise ops (with broadcasting and the result's dtype as
    PyTorch promoted it) and reductions as `linalg.generic`; matmuls and
    convolutions as named linalg ops; views, slices and concatenation as
    `tensor` ops; writes through indices (scatter, index_put) and sorts as
    `scf.for` loops; Fourier transforms as DFT reductions on `complex`
    elements. Python scalars and int lists come from `torch.constant.*`
    and `torch.prim.ListConstruct`; sizes that are not constant are converted
    values (`torch_c.to_i64`).

    An op it cannot lower stays, unchanged: the pipeline's contract check
    names it. Where sizes known only at run time must agree (operands that
    broadcast, a matmul's inner sizes, a view's element count), a
    `cf.assert` checks them; a dynamic size of 1 does not stretch (as in
    upstream's lowering, broadcasting is decided at compile time).
  }];
  let dependentDialects = [
    "arith::ArithDialect", "cf::ControlFlowDialect", "complex::ComplexDialect", "linalg::LinalgDialect",
    "math::MathDialect", "scf::SCFDialect", "tensor::TensorDialect",
    "TorchConversion::TorchConversionDialect"];
}

def ConvertTorchToTosa : Pass<"convert-torch-to-tosa", "func::FuncOp"> {
  let summary = "Lowers ATen tensor ops to TOSA";
  let description = [{
    Each ATen op on value tensors of known rank and dtype that has a TOSA
    form becomes TOSA ops (the pre-1.0 spec LLVM 19 implements): operands
    cast to the element type the op computes in and reshaped to the
    result's rank (TOSA broadcasts only between equal ranks); Python
    scalars, dims, sizes, windows and paddings must be constants. Ops TOSA
    lacks are composed of others (sqrt, gelu, log2, division, strided
    slices as gathers). Convolutions and pooling run in TOSA's NHWC layout,
    transposed in and out.

    An op it cannot lower stays, unchanged, for the contract check
    (torch-verify-tosa-backend-contract) to name; convert-torch-to-linalg
    may lower it. One op per ATen op name (lib/Conversion/TorchToTosa).
    Tensor `arith.constant`s (which TOSA's canonicalizations make) become
    `tosa.const`.
  }];
  let dependentDialects = ["tosa::TosaDialect",
                           "TorchConversion::TorchConversionDialect"];
}

def ConvertTorchToSCF : Pass<"convert-torch-to-scf", "func::FuncOp"> {
  let summary = "Lowers torch.prim.If to scf.if, torch.prim.Loop to scf.for or scf.while";
  let description = [{
    `torch.prim.If` (what `torch.cond` imports as) becomes `scf.if` on an
    `i1`, its results and yields of builtin types. A `torch.prim.Loop` whose
    initial and continue conditions are both `torch.constant.bool true` (what
    ONNX's Scan converts to) becomes `scf.for` from 0 to its trip count; any
    other becomes `scf.while`, carrying the iteration number, running while
    that is below the trip count and the condition holds.
  }];
  let dependentDialects = [
    "scf::SCFDialect", "arith::ArithDialect",
    "TorchConversion::TorchConversionDialect"];
}

def ConvertTorchToArith : Pass<"convert-torch-to-arith", "func::FuncOp"> {
  let summary = "Lowers Torch constants and scalar arithmetic to arith";
  let description = [{
    `torch.constant.int/float/bool` and `torch.vtensor.literal` become
    `arith.constant`; arithmetic and comparisons on `!torch.int`,
    `!torch.float` and `!torch.bool` become arith ops on i64, f64 and i1.
    Python semantics: `//` and `%` on ints round toward negative infinity.
    `aten._assert_scalar` becomes `cf.assert` that its value is nonzero.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "cf::ControlFlowDialect", "tensor::TensorDialect",
    "TorchConversion::TorchConversionDialect"];
}

#endif // TORCH_MLIR_CONVERSION_PASSES
