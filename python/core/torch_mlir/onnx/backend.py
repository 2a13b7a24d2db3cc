"""A stock ONNX backend (onnx.backend.base.Backend) over torch_mlir.onnx.compile,
so ONNX's own test machinery (onnx.backend.test.BackendTest) can drive it.

    from torch_mlir.onnx.backend import Backend
    rep = Backend.prepare(model)            # imported, lowered, JIT-compiled
    outputs = rep.run([x, y])               # outputs in graph order, by name too

CPU only: the reference backend runs on the host.
"""

import numpy as np

from . import importer as _importer
from .compiler import compile as _compile

try:
    from onnx.backend.base import Backend as _OnnxBackend
    from onnx.backend.base import BackendRep as _OnnxBackendRep
    from onnx.backend.base import namedtupledict
except ImportError:  # no [onnx] extra: the module imports, prepare() says why not
    _OnnxBackend = _OnnxBackendRep = object
    namedtupledict = None

__all__ = ["Backend", "BackendRep"]


class BackendRep(_OnnxBackendRep):
    """A compiled model; `run(inputs)` takes the inputs in graph order (a list,
    or one array) and returns the outputs as a namedtuple-like in graph order."""

    def __init__(self, compiled):
        self.compiled = compiled

    def run(self, inputs, **kwargs):
        if isinstance(inputs, np.ndarray):
            inputs = [inputs]
        results = self.compiled(*[np.asarray(x) for x in inputs])
        names = self.compiled.output_names
        return namedtupledict("Outputs", names)(*[results[n] for n in names])


class Backend(_OnnxBackend):
    @classmethod
    def supports_device(cls, device):
        return device == "CPU"

    @classmethod
    def is_compatible(cls, model, device="CPU", **kwargs):
        return cls.supports_device(device)

    @classmethod
    def prepare(cls, model, device="CPU", **kwargs):
        """Compiles `model`; kwargs go to torch_mlir.onnx.compile (opset,
        opt_level). Raises OnnxImportError or CompileError naming what fails."""
        _importer._require_onnx()
        if not cls.supports_device(device):
            raise ValueError(f"torch_mlir.onnx runs on CPU only, not {device!r}")
        super().prepare(model, device, **kwargs)  # ONNX's checker
        return BackendRep(_compile(model, **kwargs))

    @classmethod
    def run_model(cls, model, inputs, device="CPU", **kwargs):
        return cls.prepare(model, device, **kwargs).run(inputs)

    @classmethod
    def run_node(cls, node, inputs, device="CPU", outputs_info=None, **kwargs):
        raise NotImplementedError("run a one-node model with run_model instead")
