"""`program.run_decompositions(table)`, without the per-call cost of every
CompositeImplicitAutograd op PyTorch has.

PyTorch's `ExportedProgram.run_decompositions` retraces the program with a
Python kernel registered on each of its ~500 CompositeImplicitAutograd (CIA)
ops, whether the program can reach the op or not: each op is decomposed by
the table's entry for it, or kept whole if the table has none. It collects
those ops from the dispatcher first. Both are redone on every call, and for a
small program they are most of the call (about three quarters of
fx.compile of `x + 1`; bench/decompositions.py prints the figures).

`run_decompositions` here hands PyTorch's retrace (the same private function
`run_decompositions` calls) only the CIA ops whose treatment can differ from
what the dispatcher does with no Python kernel registered, which is to run
the op's own CIA kernel:
- the CIA ops the program calls (its sub-graphs' included): each is kept or
  decomposed as the table says;
- the table's CIA ops whose entry is a Python decomposition, not the op's
  own kernel (PyTorch's table maps most CIA ops to their own kernel);
- every CIA op the table leaves out: it is kept whole wherever it turns up,
  and PyTorch's own kernels emit CIA ops even with an empty table
  (hardshrink's emits where.ScalarSelf).
A CIA op outside these is in the table, mapped to its own kernel, which is
what the dispatcher runs when no Python kernel is registered. So the result
is the program `run_decompositions` makes; test/fx's decompose_test.py
compares the two on programs of every kind. The saving is in fx's default
table, which maps every CIA op to a decomposition (a tenth of them
registered); an empty table keeps all of them.

Registering a kernel is itself slow in PyTorch: its `py_impl`, called 22
times per op, builds typing aliases on every call, and with all ~500 ops
registered that was about two thirds of a run_decompositions with an empty
table. During the retrace `_CiaRegistration` below stands in for PyTorch's
registration: it puts the same kernels under the same dispatch keys,
writing each op's kernel table directly, and leaves each op as PyTorch's
does. Where this PyTorch lacks any of the private functions, this calls
`run_decompositions`.
"""

import contextlib
import functools
import inspect
import operator

import torch

__all__ = ["run_decompositions"]


def run_decompositions(program, table):
    """`program.run_decompositions(table)` (a new ExportedProgram), with only
    the CIA ops that matter registered (see above)."""
    internals = _internals()
    if internals is None or program.graph_signature.backward_signature is not None:
        return program.run_decompositions(table)
    _as_strided_reads_storage(program)
    decompose_program, preserve_marker, outside_fake_mode, registration = internals
    if hasattr(table, "materialize"):  # torch.export.default_decompositions()'s kind
        table = table.materialize()
    table = dict(table)
    cia_ops = _CiaOps.current()
    called = {op for op in _called_ops(program) if cia_ops.is_cia(op)}
    in_table = {op for op in table if cia_ops.is_cia(op)}
    to_cia = {}
    for op in in_table:  # the rest stays in `table`, applied after the retrace
        entry = table.pop(op)
        if op in called or not _is_own_kernel(entry):
            to_cia[op] = entry
    for op in cia_ops.all() - in_table:
        to_cia[op] = preserve_marker  # kept whole
    # As run_decompositions runs, whatever mode the caller is in.
    with outside_fake_mode(), registration.standing_in():
        return decompose_program(program, cia_to_decomp=to_cia, python_decomp_table=table,
                                 joint_loss_index=None, decompose_custom_triton_ops=False)


@functools.lru_cache(maxsize=1)
def _internals():
    """(PyTorch's retrace function, its keep-this-op marker, the context
    run_decompositions runs it in, our _CiaRegistration), or None if this
    PyTorch does not have them as run_decompositions uses them."""
    try:
        from torch._export.utils import _special_op_to_preserve_cia
        from torch._subclasses.fake_tensor import unset_fake_temporarily
        from torch.export.exported_program import _decompose_exported_program
    except ImportError:
        return None
    wanted = {"cia_to_decomp", "python_decomp_table", "joint_loss_index",
              "decompose_custom_triton_ops"}
    if not wanted <= set(inspect.signature(_decompose_exported_program).parameters):
        return None
    registration = _CiaRegistration.for_this_pytorch()
    if registration is None:
        return None
    return (_decompose_exported_program, _special_op_to_preserve_cia, unset_fake_temporarily,
            registration)


class _CiaRegistration:
    """PyTorch's `_override_composite_implicit_decomp(cia_to_decomp)`, the
    context its retrace registers the CIA ops' kernels in, done without
    `py_impl`. Per op, for the retrace:
    - each autograd key of PyTorch's list with no kernel gets one that
      defers autograd's error (autograd_not_implemented);
    - the CIA key gets the table's entry, in place of any kernel there;
    - each backend key of PyTorch's list with no kernel gets the op's
      original CIA decomposition, for constant propagation under autograd;
    - an op with no fake-tensor rule gets one that runs that original
      decomposition under the fake mode.
    Afterwards each op's kernel table is what it was, its dispatch cache is
    emptied and its fake-tensor rule deregistered, as PyTorch leaves it
    (a rule registered before, as aten.item has, goes too)."""

    def __init__(self, module, fake_impls):
        self._module = module  # torch.export.exported_program
        self._autograd_keys = tuple(module._AUTOGRAD_ALIAS_BACKEND_KEYS_TO_OVERRIDE)
        self._backend_keys = tuple(module._BACKEND_KEYS_TO_OVERRIDE)
        self._original_decomposition = module._get_decomp_for_cia
        self._autograd_not_implemented = module.autograd_not_implemented
        self._has_fake_rule = fake_impls._is_op_registered_to_fake_rule
        self._register_fake_rule = fake_impls.register_op_impl
        self._deregister_fake_rule = fake_impls._deregister_op_impl

    @classmethod
    def for_this_pytorch(cls):
        """None unless this PyTorch's retrace looks its registration up
        where standing_in() replaces it, with the helpers it uses."""
        try:
            import torch.export.exported_program as module
            from torch._subclasses import fake_impls
            function = module._override_composite_implicit_decomp
            registration = cls(module, fake_impls)
        except (ImportError, AttributeError):
            return None
        if list(inspect.signature(function).parameters) != ["cia_ops_to_callable"]:
            return None
        return registration

    @contextlib.contextmanager
    def standing_in(self):
        """PyTorch's retrace uses this registration while inside."""
        original = self._module._override_composite_implicit_decomp
        self._module._override_composite_implicit_decomp = self.registered
        try:
            yield
        finally:
            self._module._override_composite_implicit_decomp = original

    @contextlib.contextmanager
    def registered(self, cia_ops_to_callable):
        cia_key = torch._C.DispatchKey.CompositeImplicitAutograd
        saved = {}
        try:
            for op, entry in cia_ops_to_callable.items():
                kernels = op.py_kernels
                saved[op] = kernels.copy()
                missing = [key for key in self._autograd_keys if key not in kernels]
                if missing:
                    deferred = self._autograd_not_implemented(op, deferred_error=True)
                    kernels.update(dict.fromkeys(missing, deferred))
                # Looked up before the table's entry replaces it.
                original = self._original_decomposition(op)
                kernels[cia_key] = entry
                if not self._has_fake_rule(op):
                    self._register_fake_rule(op)(functools.partial(_run_under_fake_mode, original))
                for key in self._backend_keys:
                    kernels.setdefault(key, original)
                op._dispatch_cache.clear()
            yield
        finally:
            for op, kernels in saved.items():
                op.py_kernels.clear()
                op.py_kernels.update(kernels)
                op._dispatch_cache.clear()
                self._deregister_fake_rule(op)


def _run_under_fake_mode(original, fake_mode, op, *args, **kwargs):
    """The fake-tensor rule of a registered CIA op: its original
    decomposition, run under the fake mode (so that a kernel that branches on
    the device sees fake tensors, not the meta device)."""
    with fake_mode:
        return original(*args, **kwargs)


def _as_strided_reads_storage(program):
    """Points each `as_strided` at the tensor that owns the storage it reads.

    as_strided reads its input's storage, not its input: applied to a view
    (a slice, an `_unsafe_view`, a split's piece, ...) it may read elements
    the view does not hold. The retrace functionalizes views away, so a
    decomposition sees only the view's values; here, while the exported
    program's values still share storage as eager's do, each as_strided whose
    input is a view takes the first tensor of the view chain instead (what
    owns the storage: an op's fresh result or an input), with the view's
    storage offset made explicit. In eager the two read the same elements.
    Rewrites the program's graphs in place; the program computes the same."""
    from torch.multiprocessing.reductions import StorageWeakRef

    def storage(node):
        value = node.meta.get("val") if isinstance(node, torch.fx.Node) else None
        return StorageWeakRef(value.untyped_storage()) if isinstance(value, torch.Tensor) else None

    def owner(node):
        key = storage(node)
        while key is not None and node.op == "call_function":
            sources = list(node.all_input_nodes)
            if node.target is operator.getitem:  # a piece of split, unbind, ...
                sources = [s for n in sources for s in n.all_input_nodes]
            same = [n for n in sources if storage(n) == key]
            if not same:
                break
            node = same[0]
        return node

    for module in program.graph_module.modules():
        if not isinstance(module, torch.fx.GraphModule):
            continue
        changed = False
        for node in module.graph.nodes:
            if node.op != "call_function" or node.target is not torch.ops.aten.as_strided.default:
                continue
            source = node.args[0]
            root = owner(source)
            if root is source:
                continue
            args = list(node.args) + [None] * (4 - len(node.args))
            offset = node.kwargs.get("storage_offset", args[3])
            if offset is None:
                offset = source.meta["val"].storage_offset()
            node.args = (root, args[1], args[2], offset)
            node.kwargs = {}
            changed = True
        if changed:
            module.recompile()


def _is_own_kernel(entry):
    """Whether a table entry is the op's own CIA kernel (what
    torch.export.default_decompositions maps most CIA ops to)."""
    return (isinstance(entry, functools.partial)
            and getattr(entry.func, "__name__", "") == "_special_op_to_decompose_cia")


def _called_ops(program):
    """The OpOverloads the program's graphs call."""
    ops = set()
    for module in program.graph_module.modules():
        if isinstance(module, torch.fx.GraphModule):
            for node in module.graph.nodes:
                if node.op == "call_function" and isinstance(node.target, torch._ops.OpOverload):
                    ops.add(node.target)
    return ops


class _CiaOps:
    """The CIA ops run_decompositions would register, kept while the
    dispatcher's CIA registrations and op namespaces stay the same (a custom
    op registered later makes a new one)."""

    _cached = None

    def __init__(self, key):
        self.key = key
        self._all = None
        self._is_cia = {}

    @classmethod
    def current(cls):
        key = (len(torch._C._dispatch_get_registrations_for_dispatch_key(
            "CompositeImplicitAutograd")), len(torch.ops._dir))
        if cls._cached is None or cls._cached.key != key:
            cls._cached = cls(key)
        return cls._cached

    def all(self):
        if self._all is None:
            from torch._export.utils import _collect_all_valid_cia_ops
            self._all = frozenset(_collect_all_valid_cia_ops())
        return self._all

    def is_cia(self, op):
        """Whether `op` is a CIA op run_decompositions may keep or
        decompose (functional, with a kernel)."""
        found = self._is_cia.get(op)
        if found is None:
            from torch._export.utils import _is_preservable_cia_op
            found = self._is_cia[op] = bool(_is_preservable_cia_op(op))
        return found
