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

Buffers and inputs the program writes are written back as eager would: the
compiled function takes each mutated buffer's current value (from `state`,
the module, else the program's state dict) and returns its new value, which
is copied into the buffer; a mutated input tensor gets its new value copied
in place.
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
    def __init__(self, program, module, function="main", state=None):
        """`module` was imported from `program` with mutations="results";
        `state` is the nn.Module whose buffers the program reads and writes."""
        self.program = program
        self.function = function
        self._state = state
        signature = program.module_call_graph[0].signature
        self._in_spec, self._out_spec = signature.in_spec, signature.out_spec
        graph_signature = program.graph_signature
        placeholders = {n.name: n for n in program.graph.nodes if n.op == "placeholder"}
        self._inputs = []  # per flat user input: ("tensor", example) or ("scalar", value)
        user_input_index = {}  # placeholder name -> flat user input index
        for spec in graph_signature.input_specs:
            if spec.kind != InputKind.USER_INPUT:
                continue
            user_input_index[spec.arg.name] = len(self._inputs)
            val = placeholders[spec.arg.name].meta.get("val") if spec.arg.name in placeholders else None
            if isinstance(val, torch.Tensor):
                self._inputs.append(("tensor", val))
            else:
                self._inputs.append(("scalar", getattr(spec.arg, "value", val)))
        # Mutations, in output-spec order (the order of the extra results):
        # ("buffer", fqn) or ("input", flat user input index).
        self._mutations = []
        buffer_of = {s.arg.name: s.target for s in graph_signature.input_specs
                     if s.kind == InputKind.BUFFER}
        for spec in graph_signature.output_specs:
            if spec.kind == OutputKind.BUFFER_MUTATION:
                self._mutations.append(("buffer", spec.target))
            elif spec.kind == OutputKind.USER_INPUT_MUTATION:
                self._mutations.append(("input", user_input_index[spec.target]))
            elif spec.kind != OutputKind.USER_OUTPUT:
                raise NotImplementedError(f"fx.compile: output kind {spec.kind.name}")
        # The mutated buffers are arguments after the user inputs, in the
        # order of their placeholders (the importer's order).
        mutated_buffers = {target for kind, target in self._mutations if kind == "buffer"}
        self._buffer_arguments = [buffer_of[s.arg.name] for s in graph_signature.input_specs
                                  if s.kind == InputKind.BUFFER
                                  and buffer_of[s.arg.name] in mutated_buffers]
        output_node = next(n for n in program.graph.nodes if n.op == "output")
        outputs = list(output_node.args[0])
        kinds = [s.kind for s in graph_signature.output_specs]
        self._output_dtypes = [_tensor_dtype(out) for out, kind in zip(outputs, kinds)
                               if kind == OutputKind.USER_OUTPUT]
        self._mutation_dtypes = [_tensor_dtype(out) for out, kind in zip(outputs, kinds)
                                 if kind != OutputKind.USER_OUTPUT]
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
        buffers = [self._buffer(target) for target in self._buffer_arguments]
        values += [_to_numpy(buffer) for buffer in buffers]
        if len(values) != len(self._arguments):
            raise ValueError(f"fx.compile: the compiled function takes {len(self._arguments)} "
                             f"argument(s), the call gives {len(values)}")
        results = self._invoker.invoke(self.function, *values)
        count = len(self._output_dtypes) + len(self._mutation_dtypes)
        if count == 1:
            results = (results,)
        elif results is None:
            results = ()
        results = [_to_torch(r, dtype) if dtype is not None else r
                   for r, dtype in zip(results, self._output_dtypes + self._mutation_dtypes)]
        outputs, new_values = results[:len(self._output_dtypes)], results[len(self._output_dtypes):]
        with torch.no_grad():
            for (kind, target), value in zip(self._mutations, new_values):
                if kind == "buffer":
                    self._buffer(target).copy_(value)
                else:
                    flat[target].copy_(value)
        return pytree.tree_unflatten(outputs, self._out_spec)

    def _buffer(self, target):
        """The buffer named `target`: the module's, else the program's."""
        if self._state is not None:
            return self._state.get_buffer(target)
        return self.program.state_dict[target]
