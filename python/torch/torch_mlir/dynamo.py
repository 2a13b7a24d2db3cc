"""A torch.compile backend: the graphs Dynamo captures, run by torch-mlir.

    import torch
    compiled = torch.compile(model, backend="torch_mlir")          # by name
    compiled = torch.compile(model, backend="torch_mlir", dynamic=True,
                             options={"fallback": "error", "threads": 2})

    from torch_mlir.dynamo import TorchMlirBackend                  # or an object
    backend = TorchMlirBackend(opt_level=3)
    compiled = torch.compile(model, backend=backend)
    compiled(x); print(backend.fallbacks)

The name "torch_mlir" is registered with Dynamo by the wheel's entry point
(group `torch_dynamo_backends`) and again when this module is imported.

Each graph Dynamo hands over is compiled the first time it is called, with
that call's arguments as the example: exported with torch.export (every size
Dynamo kept symbolic, and every size argument it made, exported dynamic),
decomposed, lowered to linalg-on-tensors and JIT-compiled by the reference
backend, as torch_mlir.fx.compile does. Dynamo's guards decide when a graph is
compiled again (new static sizes, `dynamic=True`, automatic dynamic shapes on
a second size).

A graph that cannot be compiled (an op with no lowering, a construct export
refuses) runs in eager PyTorch instead, with one warning naming the cause; the
backend counts them (`compiled_graphs`, `fallbacks`). `fallback="error"`
raises instead.

Training: a graph called in grad mode with an input that requires grad (a
model's parameters, unless under torch.no_grad() or torch.inference_mode())
goes through AOTAutograd, which splits it into a forward and a backward
graph of ATen ops (decomposed by the same table); each is compiled as above
at its first call, so `loss.backward()` runs compiled code too. Such a graph
is compiled for the sizes of its first call and again for new sizes (no
dynamic sizes in training yet), and one whose unspecialized Python floats
Dynamo passes as tensors (`dynamic=True` with a BatchNorm's `momentum`)
runs in eager, with the warning.
"""

import warnings

import torch

from torch_mlir import fx as _fx

__all__ = ["TorchMlirBackend", "backend"]

# torch.compile(..., options={...}) keys: TorchMlirBackend's own parameters.
_OPTIONS = ("decomposition_table", "backend_legal_ops", "opt_level", "seed", "vectorize",
            "threads", "fallback")


class TorchMlirBackend:
    """A Dynamo backend (`torch.compile(model, backend=TorchMlirBackend(...))`).

    `decomposition_table` and `backend_legal_ops` are fx.compile's (None: our
    default table); `opt_level`, `seed`, `vectorize` and `threads` are the
    reference backend's (torch_mlir.refbackend.BackendOptions). `fallback` is
    "eager" (a graph that does not compile runs in PyTorch, with a warning)
    or "error" (its error is raised from the call).

    After use, `compiled_graphs` counts the graphs compiled and `fallbacks`
    lists `(graph number, reason)` for each that ran in eager instead.
    """

    def __init__(self, *, decomposition_table=None, backend_legal_ops=(), opt_level=2,
                 seed=None, vectorize=True, threads=None, fallback="eager"):
        if fallback not in ("eager", "error"):
            raise ValueError(f"fallback must be 'eager' or 'error', not {fallback!r}")
        self.options = dict(decomposition_table=decomposition_table,
                            backend_legal_ops=tuple(backend_legal_ops), opt_level=opt_level,
                            seed=seed, vectorize=vectorize, threads=threads)
        self.fallback = fallback
        self.graphs = 0
        self.compiled_graphs = 0
        self.fallbacks = []
        # Wrong option values fail here, not at the first call.
        _fx._legal_op_names(self.options["backend_legal_ops"])

    @property
    def __name__(self):  # torch.compile names a backend object by this
        return "torch_mlir"

    def __call__(self, graph_module, example_inputs, options=None, mode=None):
        """Dynamo's call: a callable running `graph_module`, compiled at its first
        call. `options` are torch.compile's (TorchMlirBackend's parameters by
        name, for this compilation); `mode` has no meaning here."""
        if mode not in (None, "default"):
            raise ValueError(f"torch_mlir backend: mode={mode!r}: this backend has no modes; "
                             f"use options= ({', '.join(_OPTIONS)})")
        backend = self._with(options) if options else self
        self.graphs += 1
        return _Graph(backend, self, self.graphs, graph_module)

    def _with(self, options):
        unknown = [key for key in options if key not in _OPTIONS]
        if unknown:
            raise TypeError(f"torch_mlir backend: unknown option {unknown[0]!r}; the options "
                            f"are {', '.join(_OPTIONS)}")
        merged = dict(self.options, fallback=self.fallback)
        merged.update(options)
        return TorchMlirBackend(**merged)

    def reset(self):
        """Forgets the counts (torch._dynamo.reset() calls this)."""
        self.graphs = 0
        self.compiled_graphs = 0
        self.fallbacks = []


class _Graph:
    """One Dynamo graph: compiled at its first call, then called; or eager.

    Python floats Dynamo leaves unspecialized (`dynamic=True` makes a module's
    `eps` or `momentum` a 0-d tensor input the graph reads with `.item()`)
    are compiled in as constants, since export cannot trace a branch on an
    unknown float; a call with other values compiles again for them."""

    def __init__(self, backend, counter, number, graph_module):
        self._backend = backend  # whose options compile it
        self._counter = counter  # whose counts it adds to
        self._number = number
        self._graph_module = graph_module
        placeholders = [n for n in graph_module.graph.nodes if n.op == "placeholder"]
        self._floats = [i for i, n in enumerate(placeholders) if _is_unspecialized_float(n)]
        self._runs = {}  # the floats' values -> the compiled (or eager) callable

    def __call__(self, *args):
        training = torch.is_grad_enabled() and any(
            isinstance(a, torch.Tensor) and a.requires_grad for a in args)
        key = (training, tuple(args[i].item() for i in self._floats))
        if training:
            key += (tuple(tuple(a.shape) if isinstance(a, torch.Tensor) else a
                          for a in args),)
        run = self._runs.get(key)
        if run is None:
            run = self._runs[key] = self._compile(args, training)
        return run(*args)

    def _compile(self, args, training):
        try:
            if training:
                if self._floats:
                    raise _Unsupported(
                        "training a graph whose Python floats Dynamo passes as tensors "
                        "(dynamic=True made a module's float attribute an input): AOTAutograd "
                        "would trace their .item()")
                compiled = _compile_training(self._graph_module, args, self._backend.options)
            else:
                compiled = _compile_graph(self._graph_module, args, self._floats,
                                          self._backend.options)
        except Exception as error:  # noqa: BLE001 - every cause is reported or raised
            if self._backend.fallback == "error" and not isinstance(error, _Unsupported):
                raise
            if self._backend.fallback == "error":
                raise RuntimeError(f"torch_mlir backend: {error}") from None
            reason = _first_line(error)
            self._counter.fallbacks.append((self._number, reason))
            warnings.warn(f"torch_mlir backend: graph {self._number} runs in eager PyTorch: "
                          f"{reason}", RuntimeWarning, stacklevel=3)
            return self._graph_module.forward
        self._counter.compiled_graphs += 1
        return compiled


class _Unsupported(Exception):
    """What the backend does not compile, by design rather than by a failure."""


class _Positional(torch.nn.Module):
    """A Dynamo graph module called with its inputs positionally, as Dynamo
    calls it (torch.export then sees one flat tuple of inputs), but for the
    inputs fixed as constants (position -> 0-d tensor), which it adds."""

    def __init__(self, graph_module, fixed):
        super().__init__()
        self.graph = graph_module
        self.fixed = fixed

    def forward(self, *args):
        args = list(args)
        for index in sorted(self.fixed):
            value = self.fixed[index]
            args.insert(index, torch.tensor(value.item(), dtype=value.dtype))
        return self.graph(*args)


def _compile_graph(graph_module, args, floats, options):
    """fx.compile of `graph_module` on `args`, its symbolic sizes dynamic and
    the inputs at `floats` constants; a callable taking every input."""
    placeholders = [n for n in graph_module.graph.nodes if n.op == "placeholder"]
    fixed = {i: args[i].detach().clone() for i in floats}
    dynamic = tuple(_dynamic_spec(n.meta.get("example_value"))
                    for i, n in enumerate(placeholders) if i not in fixed)
    example = tuple(a.detach() if isinstance(a, torch.Tensor) else a
                    for i, a in enumerate(args) if i not in fixed)
    # A graph with no inputs (torch.arange(5), torch.randint(...)) has no
    # sizes to make dynamic: export takes no entry for its empty *args.
    compiled = _fx.compile(_Positional(graph_module, fixed), *example,
                           dynamic_shapes=(dynamic,) if example else None, **options)
    if not fixed:
        return compiled
    return lambda *args: compiled(*(a for i, a in enumerate(args) if i not in fixed))


def _compile_training(graph_module, args, options):
    """`graph_module` through AOTAutograd: its forward and backward graphs
    (ATen, functional, decomposed by our table) each compiled at their first
    call. A callable taking every input; its results carry autograd history."""
    from torch._dynamo.backends.common import fake_tensor_unsupported
    from torch._functorch.aot_autograd import aot_module_simplified

    table = _fx._table(options["decomposition_table"], options["backend_legal_ops"])

    # AOTAutograd hands over fake tensors; real ones of their sizes and dtypes
    # are the example fx.compile exports with. Both graphs compile here (for
    # static sizes AOTAutograd compiles the backward at once), so a failure
    # is this graph's fallback to eager, not an error at backward().
    @fake_tensor_unsupported
    def compiler(gm, example_inputs):
        return _AtenGraph(gm, example_inputs, options)

    return aot_module_simplified(graph_module, list(args), fw_compiler=compiler,
                                 bw_compiler=compiler, decompositions=table)


class _AtenGraph:
    """An AOTAutograd forward or backward graph, compiled by fx.compile with
    `example_inputs`; called as AOTAutograd calls its compiled graphs (one
    list of inputs, which it empties). The backward graph's None results (the
    gradients of inputs that need none) are put back around the compiled
    graph's tensors."""

    _boxed_call = True

    def __init__(self, graph_module, example_inputs, options):
        output = next(n for n in graph_module.graph.nodes if n.op == "output")
        results = output.args[0]
        self._results = len(results)
        self._tensors = [i for i, r in enumerate(results) if r is not None]
        options = dict(options)
        options.pop("decomposition_table")  # AOTAutograd applied it
        example = [a.detach() if isinstance(a, torch.Tensor) else a for a in example_inputs]
        with torch.no_grad():
            self._compiled = _fx.compile(_TensorResults(graph_module, self._tensors),
                                         *example, decomposition_table={}, **options)

    def __call__(self, boxed):
        args = list(boxed)
        boxed.clear()  # the inputs are freed as soon as the graph is done with them
        tensors = self._compiled(*args)
        if not isinstance(tensors, (tuple, list)):
            tensors = (tensors,)
        results = [None] * self._results
        for i, t in zip(self._tensors, tensors):
            results[i] = t
        return results


class _TensorResults(torch.nn.Module):
    """A graph module returning only its results at `indices` (not None)."""

    def __init__(self, graph_module, indices):
        super().__init__()
        self.graph = graph_module
        self.indices = indices

    def forward(self, *args):
        results = self.graph(*args)
        return tuple(results[i] for i in self.indices)


def _is_unspecialized_float(placeholder):
    """Whether Dynamo passes this input as a 0-d tensor standing for a Python
    float (its GraphArg says so)."""
    grapharg = placeholder.meta.get("grapharg")
    return bool(getattr(grapharg, "pass_arg_as_tensor", False))


def _dynamic_spec(value):
    """torch.export's dynamic_shapes entry for a placeholder Dynamo traced as
    `value`: its symbolic sizes (or itself, a size argument) dynamic."""
    dim = torch.export.Dim.DYNAMIC
    if isinstance(value, torch.SymInt):
        return dim if value.node.expr.free_symbols else None
    if isinstance(value, torch.Tensor):
        return {i: dim for i, size in enumerate(value.shape)
                if isinstance(size, torch.SymInt) and size.node.expr.free_symbols} or None
    return None


def _first_line(error):
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}"


backend = TorchMlirBackend()


def _register():
    """Registers `backend` as "torch_mlir", unless the wheel's entry point is
    what Dynamo found (it then loads this module and registers it itself)."""
    from torch._dynamo.backends import registry

    if ("torch_mlir" not in registry._COMPILER_FNS
            and registry._BACKENDS.get("torch_mlir") is None):
        registry.register_backend(backend, name="torch_mlir")


_register()
