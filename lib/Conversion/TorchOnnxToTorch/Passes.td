//===- Passes.td - ONNX operators to Torch ops ------------*- tablegen -*-===//

#ifndef TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES
#define TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTorchOnnxToTorch : Pass<"convert-torch-onnx-to-torch", "func::FuncOp"> {
  let summary = "Converts the ONNX importer's onnx.* operators to Torch ops";
  let description = [{
    Each `torch.operator "onnx.<Op>"` becomes Torch ops: the one ATen op
    that means the same wherever there is one (Gemm is addmm, LayerNormalization
    layer_norm), which the middle end (torch-decompose-complex-ops) breaks
    down as it does for FX, else the core ATen ops that compute it. The
    conversion is chosen by the opset the function records in
    `torch.onnx_meta.opset_versions`: where ONNX changed an op's meaning,
    each version has its own. Operands that ONNX passes as tensors but Torch
    wants as Python values (axes, shapes, pads) must be constants, or be
    implied by the result's static type.

    Each op family's table is one pattern of MLIR's dialect-conversion
    driver, with every `onnx.*` operator illegal; a sub-graph's nodes convert
    before the node holding them. Every op with no conversion (an unknown op,
    another domain's, an opset newer than the conversions know) is reported
    at the op before any converts; then a conversion that cannot convert its
    op (a form not converted) reports why at the op, the driver rolls back,
    and the pass fails.
  }];
  let dependentDialects = ["Torch::TorchDialect"];
}

#endif // TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES
