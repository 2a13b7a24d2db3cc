"""torch-mlir: MLIR's Python API under `torch_mlir`, the Torch dialects, and
the front ends (torch_mlir.onnx here; torch_mlir.fx from the torch-mlir wheel).

The core wheel's package init. It imports none of the package's modules, so
`import torch_mlir.ir` costs what it did, and it lets the torch-mlir wheel's modules be found even
when the two wheels are unpacked into different directories on sys.path.

Upstream torch-mlir's TorchScript entry points (`torch_mlir.compile`,
`torch_mlir.torchscript`, `TensorPlaceholder`) are not in this package: asking
for one raises an ImportError that names what replaced it, rather than
Python's bare "no attribute".
"""

import importlib.abc
import importlib.util
import pkgutil
import sys

__path__ = pkgutil.extend_path(__path__, __name__)

_TORCH_EXPORT = (
    "torch.export: torch_mlir.fx.export_and_import(model, *example_args, "
    "output_type=...) imports a PyTorch model, torch_mlir.fx.compile(model, "
    "*example_args) compiles and runs it (both from the torch-mlir wheel); "
    "dynamic dimensions are torch.export's dynamic_shapes with torch.export.Dim. "
    "ONNX models: torch_mlir.onnx.import_model and torch_mlir.onnx.compile")

_REMOVED = {
    "compile": "torch_mlir.compile (upstream's TorchScript compiler) is not in this "
               "package; it was replaced by " + _TORCH_EXPORT,
    "torchscript": "torch_mlir.torchscript (upstream's TorchScript front end) is not in "
                   "this package; it was replaced by " + _TORCH_EXPORT,
    "TensorPlaceholder": "torch_mlir.TensorPlaceholder (upstream's TorchScript-era input "
                         "description) is not in this package; it was replaced by "
                         + _TORCH_EXPORT,
}


def __getattr__(name):
    # An ImportError, not an AttributeError: `from torch_mlir import compile`
    # turns an AttributeError into "cannot import name", losing the message.
    if name in _REMOVED:
        raise ImportError(_REMOVED[name], name=f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _RemovedModuleLoader(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Makes `import torch_mlir.torchscript` (and `from torch_mlir.torchscript
    import ...`) raise the ImportError above. Last on sys.meta_path, so it
    answers only for a module no installed file provides."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname == f"{__name__}.torchscript":
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        raise ImportError(_REMOVED["torchscript"], name=module.__name__)


if not any(type(f).__name__ == "_RemovedModuleLoader" for f in sys.meta_path):
    sys.meta_path.append(_RemovedModuleLoader())
