//===- Passes.td - ONNX operators to Torch ops ------------*- tablegen -*-===//

#ifndef TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES
#define TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTorchOnnxToTorch : Pass<"convert-torch-onnx-to-torch", "func::FuncOp"> {
  let summary = "Converts the ONNX importer's onnx.* operators to Torch ops";
  let description = [{
    Each `torch.operator "onnx.<Op>"` becomes the core ATen ops that compute
    it (the ops `convert-torch-to-linalg` lowers), chosen by the opset the
    function records in `torch.onnx_meta.opset_versions`: where ONNX changed
    an op's meaning, each version has its own conversion. Operands that ONNX
    passes as tensors but Torch wants as Python values (axes, shapes, pads)
    must be constants, or be implied by the result's static type.

    It is an error, at the op, to meet an op with no conversion, an op of
    another domain, an opset newer than the conversions know, or a form of an
    op that is not converted (each error says which). All are reported; the
    pass then fails.
  }];
  let dependentDialects = ["Torch::TorchDialect"];
}

#endif // TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES
