"""What torch_mlir.fx.compile returns: an exported program, run by the
reference backend, called like the model.

    compiled = fx.compile(model, x)
    y = compiled(x2)            # torch tensors in, torch tensors out, as eager

Arguments are flattened the way torch.export flattened the example ones
(tensors, and the Python scalars and lists it specialized). A tensor argument
must have the example's dtype and rank, and its static dimensions; a
specialized scalar must equal the example's value (the program was traced with
it). Results come back in eager's structure (tuples, lists, dicts), as torch
tensors with eager's dtypes.
"""

import numpy as np
import torch
import torch.utils._pytree as pytree
from torch.export.graph_signature import InputKind, OutputKind

from torch_mlir.refbackend import RefBackend

__all__ = ["CompiledProgram"]


def _to_numpy(tensor):
    tensor = tensor.detach().cpu().contiguous()
    if tensor.dtype == torch.bfloat16:
        return tensor.view(torch.int16).numpy()
    return tensor.numpy()


def _to_torch(array, dtype):
    if dtype == torch.bfloat16:
        return torch.from_numpy(np.asarray(array, order="C").view(np.int16)).view(torch.bfloat16)
    if dtype == torch.uint8:
        return torch.from_numpy(np.asarray(array, order="C").view(np.uint8))
    return torch.from_numpy(np.asarray(array, order="C")).to(dtype)


def _tensor_dtype(output):
    """The dtype of an output node argument that is a tensor, else None."""
    val = getattr(output, "meta", {}).get("val")
    return val.dtype if isinstance(val, torch.Tensor) else None


class CompiledProgram:
    def __init__(self, program, module, function="main"):
        self.program = program
        self.function = function
        signature = program.module_call_graph[0].signature
        self._in_spec, self._out_spec = signature.in_spec, signature.out_spec
        graph_signature = program.graph_signature
        if any(s.kind != OutputKind.USER_OUTPUT for s in graph_signature.output_specs):
            raise NotImplementedError(
                "fx.compile: programs that mutate buffers or inputs are not supported yet")
        placeholders = {n.name: n for n in program.graph.nodes if n.op == "placeholder"}
        self._inputs = []  # per flat user input: ("tensor", example) or ("scalar", value)
        for spec in graph_signature.input_specs:
            if spec.kind != InputKind.USER_INPUT:
                continue
            val = placeholders[spec.arg.name].meta.get("val") if spec.arg.name in placeholders else None
            if isinstance(val, torch.Tensor):
                self._inputs.append(("tensor", val))
            else:
                self._inputs.append(("scalar", getattr(spec.arg, "value", val)))
        output_node = next(n for n in program.graph.nodes if n.op == "output")
        self._output_dtypes = [_tensor_dtype(out) for out in output_node.args[0]]
        backend = RefBackend()
        self._invoker = backend.load(backend.compile(module))
        self._arguments = self._invoker.signature(function).arguments

    def __call__(self, *args, **kwargs):
        flat, spec = pytree.tree_flatten((args, kwargs))
        if spec != self._in_spec:
            raise ValueError(f"fx.compile: arguments do not match the example's structure:\n"
                             f"  expected {self._in_spec}\n  got      {spec}")
        values = []
        for index, (arg, (kind, example)) in enumerate(zip(flat, self._inputs)):
            if kind == "tensor":
                if not isinstance(arg, torch.Tensor):
                    raise ValueError(f"fx.compile: input {index} must be a tensor, got {type(arg).__name__}")
                if arg.dtype != example.dtype:
                    raise ValueError(f"fx.compile: input {index} must be {example.dtype}, got {arg.dtype}")
                values.append(_to_numpy(arg))
            elif arg != example:
                raise ValueError(f"fx.compile: input {index} was specialized to {example!r} when "
                                 f"the program was exported; got {arg!r}. Compile again for it.")
            elif isinstance(arg, (bool, int, float)):
                # A specialized Python scalar the importer kept as an argument.
                values.append(arg)
        if len(values) != len(self._arguments):
            raise ValueError(f"fx.compile: the compiled function takes {len(self._arguments)} "
                             f"argument(s), the call gives {len(values)}")
        results = self._invoker.invoke(self.function, *values)
        if len(self._output_dtypes) == 1:
            results = (results,)
        elif results is None:
            results = ()
        outputs = [_to_torch(r, dtype) if dtype is not None else r
                   for r, dtype in zip(results, self._output_dtypes)]
        return pytree.tree_unflatten(outputs, self._out_spec)
