"""ONNX models into torch-mlir's Torch dialect, with no PyTorch.

    from torch_mlir import onnx as tm_onnx
    module = tm_onnx.import_model("model.onnx")   # a torch_mlir.ir.Module
    model = tm_onnx.compile("model.onnx")         # run by the reference backend
    outputs = model(x=array)                      # {output name: numpy array}

Needs the `onnx` package: `pip install 'torch-mlir-core[onnx]'`. The command
`torch-mlir-import-onnx` (python -m torch_mlir.tools.import_onnx) does the
same from a shell. See importer.py for what the module holds, compiler.py for
the lowering (convert-torch-onnx-to-torch, then linalg-on-tensors).
"""

from .compiler import CompiledModel, compile, lower
from .importer import OnnxImportError, import_model

__all__ = ["CompiledModel", "OnnxImportError", "compile", "import_model", "lower"]
