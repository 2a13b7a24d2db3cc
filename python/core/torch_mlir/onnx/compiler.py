"""ONNX models run by the reference backend, from numpy, with no PyTorch.

    from torch_mlir import onnx as tm_onnx
    model = tm_onnx.compile("model.onnx")
    outputs = model(x=np.ones((2, 3), np.float32))   # {output name: array}

`compile` imports the model (torch_mlir.onnx.import_model), converts it to
Torch ops (`torch-onnx-to-torch-backend-pipeline`), lowers that to
linalg-on-tensors (`torch-backend-to-linalg-on-tensors-backend-pipeline`) and
JIT-compiles it with torch_mlir.refbackend.
"""

import os

import numpy as np

from .. import dtypes, ir
from ..compiler_utils import LoweringError, OutputType, lower_to, tosa_to_linalg
from ..named_dims import NamedDims
from ..compiled_function import CompiledFunction
from ..refbackend import BackendOptions
from . import importer as _importer
from .importer import import_model

__all__ = ["CompiledModel", "compile", "lower", "LoweringError"]


def lower(module, output_type="linalg-on-tensors"):
    """Lowers an imported module in place to `output_type` (an OutputType or
    its string: "torch", "linalg-on-tensors" or "tosa"). Raises LoweringError with
    MLIR's diagnostics (each op that could not be converted, at its ONNX
    node's name)."""
    if OutputType.get(output_type) == OutputType.RAW:
        raise ValueError("output_type 'raw' is what import_model returns; lower makes "
                         "'torch', 'linalg-on-tensors' or 'tosa'")
    return lower_to(module, "onnx", output_type)


def compile(model, *, opset=None, base_dir=None, check=True, opt_level=2, seed=None,
            vectorize=True, threads=None, output_type="linalg-on-tensors"):
    """Imports, lowers and JIT-compiles an ONNX model (a ModelProto or a
    path). Returns a CompiledModel. Raises OnnxImportError if the model cannot
    be imported, LoweringError (a CompileError) if it cannot be lowered.
    `opt_level`, `seed` (None: 0), `vectorize` and `threads` are the reference
    backend's, as fx.compile takes them (torch_mlir.refbackend.BackendOptions).
    `output_type` is the road there: "linalg-on-tensors" (the default) or
    "tosa" (lowered to TOSA and validated, then by MLIR's TOSA lowering to
    linalg-on-tensors)."""
    output_type = OutputType.get(output_type)
    if output_type not in (OutputType.LINALG_ON_TENSORS, OutputType.TOSA):
        raise ValueError(f"compile: output_type {output_type.value!r} does not run; the "
                         "reference backend runs 'linalg-on-tensors' or 'tosa'")
    options = BackendOptions(opt_level, 0 if seed is None else seed, vectorize, threads)
    _importer._require_onnx()
    if isinstance(model, bytes):
        model = os.fsdecode(model)
    # A truncated or non-ONNX file is an OnnxImportError naming it.
    proto = _importer._load(model, base_dir)[0]
    context = ir.Context()
    module = import_model(model, opset=opset, context=context, check=check,
                          base_dir=base_dir)
    lower(module, output_type)
    if output_type == OutputType.TOSA:
        tosa_to_linalg(module)
    return CompiledModel(proto.graph, module, options)


def _numpy_dtype(type_proto):
    """The numpy (or ml_dtypes) dtype of a graph input's or output's tensor
    type (torch_mlir.dtypes), or None."""
    if type_proto.WhichOneof("value") != "tensor_type":
        return None
    return dtypes.values_dtype(dtypes.by_onnx(type_proto.tensor_type.elem_type))


class CompiledModel:
    """`model(*arrays, **named_arrays)` runs the graph and returns a dict of its
    outputs by name. Inputs go by position or by their graph names; each is
    checked (count, rank, static sizes, dtype, and that the dimensions the
    model names alike, `dim_param`s such as "batch", have one size) before
    anything runs, and a wrong one is a ValueError naming it. A model with
    named or unknown dimensions is compiled once for every size; what the
    compiled code can only check as it runs (operands that must broadcast, a
    reshape's element count) is a ValueError too."""

    def __init__(self, graph, module, options=None):
        """`graph`: the model's GraphProto; `module`: it imported and lowered
        to the linalg-on-tensors contract; `options`: the reference
        backend's (a BackendOptions; None: its defaults)."""
        initializers = {t.name for t in graph.initializer}
        inputs = [i for i in graph.input if i.name not in initializers]
        self.input_names = [i.name for i in inputs]
        self.output_names = [o.name for o in graph.output]
        self._input_dtypes = [_numpy_dtype(i.type) for i in inputs]
        self._named_dims = NamedDims((repr(i.name), axis, param) for i in inputs
                                     for axis, param in _dim_params(i.type).items())
        self._output_dtypes = [_numpy_dtype(o.type) for o in graph.output]
        self._function = CompiledFunction(
            module, options, labels=[f"input {name!r}" for name in self.input_names])

    def __call__(self, *args, **kwargs):
        if len(args) > len(self.input_names):
            raise ValueError(f"the model takes {len(self.input_names)} input(s) "
                             f"({', '.join(self.input_names)}), {len(args)} given")
        values = dict(zip(self.input_names, args))
        for name, value in kwargs.items():
            if name not in self.input_names:
                raise ValueError(f"the model has no input {name!r} "
                                 f"(its inputs: {', '.join(self.input_names)})")
            if name in values:
                raise ValueError(f"input {name!r} given twice")
            values[name] = value
        missing = [n for n in self.input_names if n not in values]
        if missing:
            raise ValueError(f"missing input(s): {', '.join(missing)}")
        ordered = []
        for name, dtype in zip(self.input_names, self._input_dtypes):
            value = values[name]
            if not isinstance(value, np.ndarray):
                raise ValueError(f"input {name!r}: expected a numpy array, "
                                 f"got {type(value).__name__}")
            if dtype is not None and value.dtype != dtype:
                raise ValueError(f"input {name!r}: expected dtype {dtype}, got {value.dtype}")
            ordered.append(dtypes.to_carrier(value))  # the same bytes, as compiled code takes them
        self._named_dims.bind({repr(name): values[name].shape for name in self.input_names})
        results = self._function(*ordered)
        outputs = {}
        for name, dtype, array in zip(self.output_names, self._output_dtypes, results):
            outputs[name] = dtypes.from_carrier(array, dtype) if dtype is not None else array
        return outputs


def _dim_params(type_proto):
    """{axis: name} of a graph input's dimensions the model named
    (importer.model_dim_name)."""
    if type_proto.WhichOneof("value") != "tensor_type" or \
            not type_proto.tensor_type.HasField("shape"):
        return {}
    names = enumerate(map(_importer.model_dim_name, type_proto.tensor_type.shape.dim))
    return {axis: name for axis, name in names if name}

