"""What torch_mlir.fx.compile returns: an exported program, run by the
reference backend, called like the model.

    compiled = fx.compile(model, x)
    y = compiled(x2)            # torch tensors in, torch tensors out, as eager

Arguments are flattened the way torch.export flattened the example ones
(tensors, ints exported dynamic, and the Python scalars and lists it
specialized). A tensor argument must have the example's dtype and rank, and
its static dimensions; its dynamic ones must lie in the range export gave them
and agree wherever export tied them together (one `Dim` in two places, or
derived from another, like `2 * n`): the compiled code relies on both, as
eager's checks would. A specialized scalar must equal the example's value (the
program was traced with it). Results come back in eager's structure (tuples,
lists, dicts), as torch tensors with eager's dtypes.

Inference only: results never require grad and carry no autograd history,
whatever the parameters' requires_grad (eager's would). A tensor argument that
requires grad while grad mode is on is a ValueError saying so, rather than a
result silently cut off from autograd; under torch.no_grad() it is taken as
values.

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

from torch_mlir import dtypes
from torch_mlir.named_dims import NamedDims
from torch_mlir.extras.fx_importer import range_bound
from torch_mlir.compiled_function import CompiledFunction
from torch_mlir.refbackend import BackendOptions

__all__ = ["CompiledProgram"]


def _to_numpy(tensor):
    """A tensor's values as the reference backend takes them
    (torch_mlir.dtypes): floats numpy lacks (bfloat16, float8) as their bits."""
    tensor = tensor.detach().cpu().contiguous()
    carrier = dtypes.carrier(_element(tensor.dtype))
    if tensor.dtype.is_floating_point and carrier is not None and carrier.kind in "iu":
        return tensor.view(_SIGNED[carrier.itemsize]).numpy().view(carrier)
    return dtypes.to_carrier(tensor.numpy())  # unsigned integers as signless ones


def _to_torch(array, dtype):
    """A result array (its carrier dtype) as a tensor of `dtype`, the same bytes."""
    array = np.asarray(array, order="C")  # (ascontiguousarray makes 0-d arrays 1-d)
    if dtype.is_floating_point and array.dtype.kind in "iu":  # bits of bfloat16, float8
        return torch.from_numpy(array.view(f"i{array.dtype.itemsize}")).view(dtype)
    values = dtypes.numpy_dtype(dtypes.by_torch(dtype))
    if values is not None and values != array.dtype and values.itemsize == array.dtype.itemsize:
        array = array.view(values)  # unsigned integers come back signless
    return torch.from_numpy(array).to(dtype)


_SIGNED = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


def _element(dtype):
    row = dtypes.by_torch(dtype)
    if row is None:
        raise ValueError(f"fx.compile: tensors of {dtype} cannot be passed to compiled code")
    return row.element


def _dynamic_dims(index, example):
    """(input index, dim, sympy expression) for each dynamic dim of `example`."""
    return [(index, dim, size.node.expr) for dim, size in enumerate(example.shape)
            if isinstance(size, torch.SymInt)]


class _DimensionCheck:
    """The dynamic dimensions of the user inputs, as export saw them: sizes
    bound to one symbol must be equal and inside its range (NamedDims), and
    a dim export derived from others (`2 * s0`) must have the derived size."""

    def __init__(self, dims, ranges):
        self._named = NamedDims(
            [(i, d, e) for i, d, e in dims if e.is_Symbol],
            {symbol: (range_bound(r.lower), range_bound(r.upper)) for symbol, r in ranges.items()},
            prefix="fx.compile: ")
        self._derived = [(i, d, e) for i, d, e in dims if not e.is_Symbol]

    def __call__(self, shapes):
        """Raises ValueError for the first dim that breaks a constraint;
        `shapes` maps an input index to its shape."""
        values = self._named.bind(shapes)
        for index, dim, expr in self._derived:
            expected = expr.subs(values)
            if expected.free_symbols:
                continue  # depends on a size no input shows alone
            if int(expected) != shapes[index][dim]:
                raise ValueError(
                    f"fx.compile: input {index} dimension {dim} must be {int(expected)} "
                    f"(exported as {expr}), got {shapes[index][dim]}")


def _tensor_dtype(output):
    """The dtype of an output node argument that is a tensor, else None."""
    val = getattr(output, "meta", {}).get("val")
    return val.dtype if isinstance(val, torch.Tensor) else None


class CompiledProgram:
    def __init__(self, program, module, function="main", state=None, options=None):
        """`module` was imported from `program` with mutations="results";
        `state` is the nn.Module whose buffers the program reads and writes;
        `options` are the reference backend's (a BackendOptions; None: its
        defaults, with torch.initial_seed() as the seed)."""
        self.program = program
        self.function = function
        self._state = state
        signature = program.module_call_graph[0].signature
        self._in_spec, self._out_spec = signature.in_spec, signature.out_spec
        graph_signature = program.graph_signature
        placeholders = {n.name: n for n in program.graph.nodes if n.op == "placeholder"}
        self._inputs = []  # per flat user input: ("tensor", example) or ("scalar", value)
        user_input_index = {}  # placeholder name -> flat user input index
        dynamic_dims = []
        for spec in graph_signature.input_specs:
            if spec.kind != InputKind.USER_INPUT:
                continue
            user_input_index[spec.arg.name] = len(self._inputs)
            val = placeholders[spec.arg.name].meta.get("val") if spec.arg.name in placeholders else None
            if isinstance(val, torch.Tensor):
                dynamic_dims += _dynamic_dims(len(self._inputs), val)
                self._inputs.append(("tensor", val))
            elif isinstance(val, torch.SymInt):
                # A dynamic int input (a size Dynamo passes, an int marked
                # Dim.DYNAMIC): an argument of every call.
                self._inputs.append(("int", val))
            else:
                self._inputs.append(("scalar", getattr(spec.arg, "value", val)))
        self._check_dims = (_DimensionCheck(dynamic_dims, program.range_constraints)
                            if dynamic_dims else None)
        # A call of positional tensors only, where the example was that too,
        # needs no pytree flattening; one tensor out needs no unflattening.
        _, plain = pytree.tree_flatten((tuple(range(len(self._inputs))), {}))
        self._plain_arity = len(self._inputs) if plain == self._in_spec else None
        marker = object()
        self._one_leaf_out = (self._out_spec.num_leaves == 1
                              and pytree.tree_unflatten([marker], self._out_spec) is marker)
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
        if options is None:
            options = BackendOptions(seed=torch.initial_seed())
        self._function = CompiledFunction(module, options, function=function)

    def __call__(self, *args, **kwargs):
        if (not kwargs and len(args) == self._plain_arity
                and all(type(arg) is torch.Tensor for arg in args)):
            flat = list(args)
        else:
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
                if arg.requires_grad and torch.is_grad_enabled():
                    raise ValueError(
                        f"fx.compile: input {index} requires grad, and the compiled function is "
                        "inference only: its results would not require grad, as eager's do. "
                        "Call it under torch.no_grad() (or pass x.detach()) to take values only")
                values.append(_to_numpy(arg))
            elif kind == "int":
                if isinstance(arg, bool) or not isinstance(arg, int):
                    raise ValueError(f"fx.compile: input {index} must be an int, got "
                                     f"{type(arg).__name__}")
                values.append(arg)
            elif arg != example:
                raise ValueError(f"fx.compile: input {index} was specialized to {example!r} when "
                                 f"the program was exported; got {arg!r}. Compile again for it.")
            elif isinstance(arg, (bool, int, float)):
                # A specialized Python scalar the importer kept as an argument.
                values.append(arg)
        if self._check_dims is not None:
            self._check_dims({index: tuple(arg.shape) for index, arg in enumerate(flat)
                              if isinstance(arg, torch.Tensor)})
        buffers = [self._buffer(target) for target in self._buffer_arguments]
        values += [_to_numpy(buffer) for buffer in buffers]
        try:
            results = self._function(*values)
        except ValueError as error:
            raise ValueError(f"fx.compile: {error}") from None
        results = [_to_torch(r, dtype) if dtype is not None else r
                   for r, dtype in zip(results, self._output_dtypes + self._mutation_dtypes)]
        outputs, new_values = results[:len(self._output_dtypes)], results[len(self._output_dtypes):]
        if self._mutations:
            self._write_back(flat, new_values)
        if self._one_leaf_out:
            return outputs[0]
        return pytree.tree_unflatten(outputs, self._out_spec)

    def _write_back(self, flat, new_values):
        """Copies the new values of mutated buffers and inputs into them."""
        with torch.no_grad():
            for (kind, target), value in zip(self._mutations, new_values):
                if kind == "buffer":
                    self._buffer(target).copy_(value)
                else:
                    flat[target].copy_(value)

    def _buffer(self, target):
        """The buffer named `target`: the module's, else the program's."""
        if self._state is not None:
            return self._state.get_buffer(target)
        return self.program.state_dict[target]
