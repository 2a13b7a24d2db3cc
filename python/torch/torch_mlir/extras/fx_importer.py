"""Imports a `torch.export.ExportedProgram`, or a functional aten-level
`torch.fx.GraphModule` (make_fx's, AOTAutograd's), into a Torch-dialect
`func.func`.

Written from PyTorch's public export data model: the FX graph of an
ExportedProgram (placeholder / call_function / get_attr / output nodes, each
with its FakeTensor or Python value in `node.meta["val"]`), its graph
signature (which placeholder is a user input, a parameter, a buffer or a
constant, and which outputs write a buffer or an input back), and the schema
of every OpOverload.

Mapping, in brief:
  - an OpOverload `ns::name.overload` becomes the Torch op `torch.ns.name.overload`
    when the dialect registers it, else `torch.operator "ns.name.overload"`;
    every schema argument becomes an operand (scalars, lists, None, dtypes,
    devices, layouts and memory formats as Torch constants);
  - tensor types come from the FakeTensors: `!torch.vtensor<[2,?],f32>`, with
    `?` for every symbolic size;
  - parameters, buffers and lifted constants are function arguments or
    `torch.vtensor.literal`s holding the real data, as the caller chooses,
    or whatever FxImporterHooks make of them (a compiler's globals);
  - a GraphModule has no graph signature: its placeholders are the
    arguments, its outputs the results, its get_attr tensors literals;
  - a mutated buffer or user input is, with `mutations="overwrite"`, a
    `!torch.tensor` argument, read through `torch.copy.to_vtensor` and written
    back by `torch.overwrite.tensor.contents` before the return; with
    `mutations="results"`, a value-tensor argument whose new value the
    function returns after the user outputs (what a backend contract of value
    tensors can hold; the caller writes it back);
  - `torch.cond` becomes `torch.prim.If` with a region per branch;
  - with `import_symbolic_shape_expressions=True`, each size symbol of the
    program's range constraints becomes a `torch.symbolic_int` (its name and
    range) at the top of the function, and each tensor with symbolic sizes
    (arguments and results) gets a `torch.bind_symbolic_shape` stating them
    as an affine map of those symbols (sizes affine maps cannot state, and
    unbacked symbols, are left unstated);
  - locations come from the nodes' stack traces, named by the node.

Anything else raises `FxImportError`, naming the node and its target.
"""

import ctypes
import dataclasses
import functools
import math
import operator
import os
import re

import torch
import torch.fx
from torch.export import ExportedProgram
from torch.export.graph_signature import InputKind, OutputKind
from torch._subclasses.fake_tensor import unset_fake_temporarily

from torch_mlir import decompose as _decompose
from torch_mlir import dtypes, ir
from torch_mlir.dialects import func as func_dialect
from torch_mlir.dialects import torch as torch_dialect

__all__ = ["FxImportError", "FxImporter", "FxImporterHooks", "GraphNodeImporter",
           "InputInfo", "RefTracker"]


class FxImportError(Exception):
    """A node or program the importer cannot represent in the Torch dialect."""


# --- facts about PyTorch's enumerations ---------------------------------------------

# (Torch-dialect element type, c10::ScalarType code) per torch dtype this torch
# has (torch_mlir.dtypes).
_DTYPES = {getattr(torch, d.torch): (d.element, d.scalar_type)
           for d in dtypes.TABLE if isinstance(getattr(torch, d.torch, None), torch.dtype)}
_LAYOUTS = {torch.strided: 0, torch.sparse_coo: 1}
_MEMORY_FORMATS = {
    torch.contiguous_format: 0,
    torch.preserve_format: 1,
    torch.channels_last: 2,
    torch.channels_last_3d: 3,
}

# Python operators on SymInts/SymBools (dynamic shapes) -> Torch scalar ops.
_SYM_OPERATORS = {
    operator.add: "add", operator.sub: "sub", operator.mul: "mul",
    operator.floordiv: "floordiv", operator.mod: "remainder", operator.truediv: "div",
    operator.eq: "eq", operator.ne: "ne", operator.lt: "lt", operator.le: "le",
    operator.gt: "gt", operator.ge: "ge",
}
# Python's conversions of symbolic numbers -> the Torch op doing the same.
_SYM_CONVERSIONS = {torch.sym_float: "torch.aten.Float.Scalar", torch.sym_int: "torch.aten.Int.float",
                    math.ceil: "torch.aten.ceil.float"}
# Choices between symbolic numbers: min, max, and `a if c else b`, each a
# torch.prim.If (on the comparison for min and max).
_SYM_CHOICES = {torch.sym_min: "lt", torch.sym_max: "gt", torch.sym_ite: None}
# A 0-d tensor's element as a Python number (aten._local_scalar_dense, which
# `tensor.item()` exports as), by its Python type.
_SCALAR_OF_TENSOR = {"float": "Float.Tensor", "int": "Int.Tensor", "bool": "Bool.Tensor"}
# aten ops on symbolic sizes -> the Torch op computing the same int.
# Ops our Torch dialect defines that upstream torch-mlir's does not. The
# importer writes them as `torch.operator "aten.…"`, so that upstream's tools
# (and IREE's torch input) read what we write; torch-raise-operators makes
# them typed ops again at the start of our pipelines. //test/interop keeps
# this set equal to our registry's ops that upstream's dialect lacks.
BEYOND_UPSTREAM = frozenset({
    "torch.aten._conj",
    "torch.aten._fft_c2c",
    "torch.aten._fft_c2r",
    "torch.aten._fft_r2c",
    "torch.aten.angle",
    "torch.aten.empty_permuted",
    "torch.aten.sort.stable",
})

_SYM_ATEN = {
    "aten::sym_size.int": "torch.aten.size.int",
    "aten::sym_numel": "torch.aten.numel",
}

_TORCH_DIR = os.path.dirname(torch.__file__) + os.sep
# Constant kind -> (op, result type, its `value` attribute from the Python value).
_CONSTANT_OPS = {
    "none": ("torch.constant.none", "!torch.none", None),
    "int": ("torch.constant.int", "!torch.int",
            lambda v: ir.IntegerAttr.get(ir.IntegerType.get_signless(64), int(v))),
    "float": ("torch.constant.float", "!torch.float", lambda v: ir.FloatAttr.get_f64(float(v))),
    "bool": ("torch.constant.bool", "!torch.bool", lambda v: ir.BoolAttr.get(bool(v))),
    "str": ("torch.constant.str", "!torch.str", ir.StringAttr.get),
    "device": ("torch.constant.device", "!torch.Device", ir.StringAttr.get),
}

_STACK_FRAME = re.compile(r'File "([^"]+)", line (\d+), in ')


def _dtype_info(dtype, node=None):
    try:
        return _DTYPES[dtype]
    except KeyError:
        where = f" (node {node.name})" if node is not None else ""
        raise FxImportError(f"dtype {dtype}{where} has no Torch-dialect element type") from None


_INT64_MAX = 2**63 - 1


def range_bound(value):
    """A bound of a torch.export range (a sympy number) as a Python int, or
    None when it is unbounded (torch's int_oo is not an Integer)."""
    return int(value) if value.is_Integer else None


class _NotAffine(Exception):
    """A size expression an affine map cannot state."""


def _affine(expr, positions):
    """A sympy size expression as an affine expression of symbols (`positions`
    gives each sympy symbol's position), or _NotAffine."""
    if isinstance(expr, int) or getattr(expr, "is_Integer", False):
        return ir.AffineConstantExpr.get(int(expr))
    if getattr(expr, "is_Symbol", False):
        return ir.AffineSymbolExpr.get(positions[expr])
    name = type(expr).__name__
    args = [_affine(arg, positions) for arg in expr.args]
    if name == "Add":
        combine = ir.AffineAddExpr.get
    elif name == "Mul":
        combine = ir.AffineMulExpr.get
    elif name == "FloorDiv":
        combine = ir.AffineFloorDivExpr.get
    elif name == "CeilDiv":
        combine = ir.AffineCeilDivExpr.get
    elif name in ("Mod", "PythonMod"):
        combine = ir.AffineModExpr.get
    elif name == "Pow" and getattr(expr.args[1], "is_Integer", False) and int(expr.args[1]) > 0:
        return functools.reduce(ir.AffineMulExpr.get, [args[0]] * int(expr.args[1]))
    else:
        raise _NotAffine(name)
    return functools.reduce(combine, args)


# --- hooks ------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class InputInfo:
    """What a hook is told about a parameter, buffer or lifted constant of an
    ExportedProgram whose value it may provide (upstream's fields).

    `program` is the ExportedProgram; `input_spec` its graph signature's
    InputSpec for the value (`.kind`, `.target` such as "linear.weight");
    `node` the placeholder; `ir_type` the `!torch.vtensor` type the value
    must have. `store_producer_node` names the node computing a mutated
    buffer's new value (see FxImporterHooks.store_produced_value), else None.
    `mutable_producer_node_name` is always None here: no input is resolved
    as a mutable `!torch.tensor`.
    """

    program: ExportedProgram
    input_spec: object
    node: torch.fx.Node
    ir_type: ir.Type
    mutable_producer_node_name: object = None
    store_producer_node: object = None


class FxImporterHooks:
    """Ways for a compiler to decide where tensor data comes from, with
    upstream's names: subclass and override any of the four. `gni` is the
    GraphNodeImporter of the function being built. Each hook runs with the
    context, a location and an insertion point in that function active, so
    `ir.Operation.create` puts ops where the value is needed; a hook
    putting an op elsewhere (a global at the top of the module) opens its
    own `ir.InsertionPoint`.
    """

    def prepare_module(self, module_op):
        """Called once with the module's operation when an FxImporter is made."""

    def resolve_literal(self, gni, literal, info):
        """The `ir.Value` to use for the tensor `literal`, or None for a
        `torch.vtensor.literal` holding its data. Called for every tensor
        the function would embed: parameters, buffers and lifted constants
        imported as literals (`info` an InputInfo) and tensors of get_attr
        nodes (`info` None). The value must have `literal`'s
        `!torch.vtensor` type."""
        return None

    def resolve_input(self, gni, value, info):
        """The `ir.Value` to use for a parameter or buffer of the program
        that import_program would embed (not import_frozen_program), or
        None to ask resolve_literal. `value` is its tensor, `info` an
        InputInfo; the result must have type `info.ir_type`."""
        return None

    def store_produced_value(self, gni, py_value, produced_ir_value, info):
        """Writes a buffer's new value: `produced_ir_value` (of
        `info.ir_type`) is what the program assigns to the buffer whose
        tensor is `py_value`. Called before the function returns. Without
        an override, mutated buffers are function arguments instead (see
        FxImporter.import_program), and this hook is never called."""
        raise NotImplementedError(f"no store for the mutated buffer {info.input_spec.target!r}")


def _overrides_store(hooks):
    """Whether `hooks` writes mutated buffers itself (store_produced_value)."""
    return getattr(type(hooks), "store_produced_value",
                   FxImporterHooks.store_produced_value) is not FxImporterHooks.store_produced_value


class RefTracker:
    """Remembers the elements attribute each tensor's data became, so that
    importing the same tensor again (into importers sharing this tracker
    and one context) reuses it rather than copying the data again. Holds
    every tensor it has tracked (so no id() it is keyed on is reused)."""

    def __init__(self):
        self._mappings = {}  # id(tensor) -> _RefMapping

    def track(self, referrent):
        """The mapping for `referrent`: `.value` its attribute once set,
        `.is_empty` until then."""
        mapping = self._mappings.get(id(referrent))
        if mapping is None:
            mapping = self._mappings[id(referrent)] = _RefMapping(referrent)
        return mapping


class _RefMapping:
    def __init__(self, referrent):
        self.referrent = referrent
        self.value = None

    @property
    def is_empty(self):
        return self.value is None


# --- the importer ---------------------------------------------------------------

# The dialects every imported function needs (what config_check checks).
REQUIRED_DIALECTS = ("builtin", "func", "torch")


class FxImporter:
    """Imports PyTorch programs as functions of one `torch_mlir.ir.Module`:
    ExportedPrograms (import_program, import_frozen_program), and
    functional aten-level GraphModules or Graphs, such as make_fx or
    AOTAutograd make (import_graph_module, import_stateless_graph).

    `context` and `module` say where to import (a new Context and Module
    by default; `module` alone brings its context). `hooks` (an
    FxImporterHooks) decide where tensor data comes from.
    `config_check=False` skips checking that the context has the dialects
    the functions need (the Torch dialect is registered in it either way).
    `py_attr_tracker` (a RefTracker, or upstream's) reuses the attribute a
    tensor became across imports that share it. Upstream's
    `graph_node_importer_cls` is refused: nodes are imported by one class
    here, not one to subclass.

    `params="literals"` embeds parameters, buffers and lifted constants as
    `torch.vtensor.literal`s with their data; `params="arguments"` makes them
    function arguments after the user inputs (in signature order). Mutated
    buffers are arguments too (a literal cannot be written), unless the hooks
    store them.
    """

    def __init__(self, context=None, module=None, *, hooks=None, config_check=True,
                 py_attr_tracker=None, graph_node_importer_cls=None):
        if graph_node_importer_cls is not None:
            raise TypeError("FxImporter() takes no graph_node_importer_cls: nodes are imported "
                            "by one class here, not one to subclass; hooks= (FxImporterHooks) "
                            "decide what literals, inputs and buffer stores become")
        if context is not None and module is not None and module.context != context:
            raise ValueError("FxImporter(): module= lives in another context than context=; "
                             "pass one of them")
        self.context = context or (module.context if module is not None else ir.Context())
        torch_dialect.register_dialect(self.context)
        if config_check:
            for name in REQUIRED_DIALECTS:
                try:
                    self.context.dialects[name]
                except IndexError:
                    raise RuntimeError(f"the context has no {name!r} dialect, which imported "
                                       "functions need") from None
        self.hooks = hooks or FxImporterHooks()
        missing = [name for name in ("prepare_module", "resolve_literal", "resolve_input",
                                     "store_produced_value")
                   if not callable(getattr(self.hooks, name, None))]
        if missing:
            raise TypeError(f"hooks= wants an FxImporterHooks (subclass); a "
                            f"{type(hooks).__name__} has no {', '.join(missing)}")
        self.py_attr_tracker = py_attr_tracker
        with self.context, ir.Location.unknown():
            self.module = module or ir.Module.create()
            self.hooks.prepare_module(self.module.operation)

    @property
    def module_op(self):
        """The module's operation."""
        return self.module.operation

    def import_program(self, program: ExportedProgram, *, func_name="main",
                       func_visibility=None, params="literals", decompose=True,
                       mutations="overwrite", import_symbolic_shape_expressions=False):
        """Adds `func.func @func_name` for `program` and returns its operation.

        `func_visibility` ("private", "public", "nested"; None: public) is
        the function's. With `decompose`, `program.run_decompositions({})`
        first removes in-place ops and views (functionalization) without
        decomposing others. `mutations` says how mutated buffers and
        inputs come out (see the module docstring): "overwrite" or
        "results" (extra results after the user outputs, in the order of
        the graph signature's output specs); a mutated buffer is instead
        read and written through the hooks when they override
        store_produced_value. `import_symbolic_shape_expressions` adds the
        size symbols and what they say about each tensor's sizes (see the
        module docstring). With `params="literals"`, each parameter and
        buffer is asked of hooks.resolve_input, then of
        hooks.resolve_literal (with lifted constants), then embedded.
        """
        return self._import_program(program, func_name, func_visibility, params, decompose,
                                    mutations, import_symbolic_shape_expressions, frozen=False)

    def import_frozen_program(self, program: ExportedProgram, *, func_name="main",
                              func_visibility=None, decompose=True, mutations="overwrite",
                              import_symbolic_shape_expressions=False):
        """import_program with every parameter, buffer and lifted constant a
        literal (upstream's name for that): hooks.resolve_literal may
        provide each, hooks.resolve_input is not asked. A mutated buffer
        cannot be a literal: it comes out as import_program makes it."""
        return self._import_program(program, func_name, func_visibility, "literals", decompose,
                                    mutations, import_symbolic_shape_expressions, frozen=True)

    def import_graph_module(self, gm: torch.fx.GraphModule, *, func_name="main",
                            func_visibility=None, import_symbolic_shape_expressions=False):
        """Adds `func.func @func_name` for a functional, aten-level
        GraphModule (make_fx's, AOTAutograd's) and returns its operation.
        Every placeholder is an argument, in order; the output node's
        values are the results; a get_attr tensor is a literal (or what
        hooks.resolve_literal makes of it, with `info` None).
        `import_symbolic_shape_expressions` states the sizes of tensors
        with symbolic sizes (make_fx's tracing_mode="symbolic") in the size
        symbols of the arguments, with the ranges their ShapeEnv knows."""
        if not isinstance(gm, torch.fx.GraphModule):
            raise TypeError(f"import_graph_module wants a torch.fx.GraphModule, got "
                            f"{type(gm).__name__}")
        return self._import(GraphNodeImporter(
            self, gm.graph, graph_module=gm, func_name=func_name,
            func_visibility=func_visibility, symbolic_shapes=import_symbolic_shape_expressions))

    def import_stateless_graph(self, graph: torch.fx.Graph, *, func_name="main",
                               func_visibility=None, import_symbolic_shape_expressions=False):
        """import_graph_module of a torch.fx.Graph (get_attr targets are
        looked up in its owning module, if it has one)."""
        if not isinstance(graph, torch.fx.Graph):
            raise TypeError(f"import_stateless_graph wants a torch.fx.Graph, got "
                            f"{type(graph).__name__}")
        return self._import(GraphNodeImporter(
            self, graph, graph_module=graph.owning_module, func_name=func_name,
            func_visibility=func_visibility, symbolic_shapes=import_symbolic_shape_expressions))

    def _import_program(self, program, func_name, func_visibility, params, decompose,
                        mutations, symbolic_shapes, frozen):
        if mutations not in ("overwrite", "results"):
            raise ValueError(f"mutations must be 'overwrite' or 'results', not {mutations!r}")
        if not isinstance(program, ExportedProgram):
            raise TypeError(f"import_program wants a torch.export.ExportedProgram, "
                            f"got {type(program).__name__}")
        if params not in ("literals", "arguments"):
            raise ValueError(f"params must be 'literals' or 'arguments', not {params!r}")
        if decompose:
            program = _decompose.run_decompositions(program, {})
        return self._import(GraphNodeImporter(
            self, program.graph, program=program, graph_module=program.graph_module,
            func_name=func_name, func_visibility=func_visibility, params=params,
            mutations=mutations, symbolic_shapes=symbolic_shapes, frozen=frozen))

    def _import(self, gni):
        """Runs `gni`, verifies the function it made and returns it."""
        with self.context:
            func = gni.run()
            try:
                func.verify()
            except ir.MLIRError as e:
                # The verifier's words first; one known cause after them: a
                # registered op whose schema differs from this torch's.
                raise FxImportError(
                    f"@{gni.func_name} does not verify:\n{e}\n(If an op's operands or "
                    f"results are at fault, this torch ({torch.__version__}) may not be "
                    f"the one whose op schemas the dialect was generated from.)") from None
            return func


class GraphNodeImporter:
    """The state of importing one graph into one function: its values,
    constants and types. Hooks get it as `gni` (upstream's name); what
    they may use: `fx_importer` (the FxImporter, so `gni.fx_importer.module`),
    `context`, `block` (the function's body) and
    `tensor_to_vtensor_type(tensor)`."""

    def __init__(self, fx_importer, graph, *, program=None, graph_module=None, func_name="main",
                 func_visibility=None, params="literals", mutations="overwrite",
                 symbolic_shapes=False, frozen=False):
        self.fx_importer = fx_importer
        self.context = fx_importer.context
        self.graph = graph
        self.program = program  # the ExportedProgram, None for a bare graph
        self.graph_module = graph_module  # where get_attr targets live
        self.func_name = func_name
        self.func_visibility = func_visibility
        self.params = params
        self.mutations = mutations
        self.frozen = frozen  # hooks.resolve_input is not asked
        self.values = {}  # fx.Node -> ir.Value, or a tuple of them for multi-result nodes
        self.list_items = {}  # fx.Node returning a list -> its unpacked items
        self.constants = {}  # (block, key) -> ir.Value
        self.block = None
        self.symbolic_shapes = symbolic_shapes
        self.symbols = {}  # sympy.Symbol -> its torch.symbolic_int

    # -- types --

    def type(self, text):
        return ir.Type.parse(text, self.context)

    def tensor_type_text(self, val, node=None, value_semantics=True):
        sizes = ",".join(str(d) if isinstance(d, int) else "?" for d in val.shape)
        dtype, _ = _dtype_info(val.dtype, node)
        kind = "vtensor" if value_semantics else "tensor"
        return f"!torch.{kind}<[{sizes}],{dtype}>"

    def type_of_val(self, val, node):
        """The Torch type of a node's meta["val"]."""
        if isinstance(val, torch.Tensor):
            return self.type(self.tensor_type_text(val, node))
        if isinstance(val, (bool, torch.SymBool)):
            return self.type("!torch.bool")
        if isinstance(val, (int, torch.SymInt)):
            return self.type("!torch.int")
        if isinstance(val, (float, torch.SymFloat)):
            return self.type("!torch.float")
        if val is None:
            return self.type("!torch.none")
        if isinstance(val, (list, tuple)) and all(isinstance(v, torch.Tensor) for v in val):
            return self.type("!torch.list<vtensor>")
        raise FxImportError(f"node {node.name} ({_describe(node)}): no Torch type for a "
                            f"value of type {type(val).__name__}")

    # -- emission --

    def location(self, node):
        frames = _STACK_FRAME.findall(node.meta.get("stack_trace") or "")
        if not frames:
            return ir.Location.name(node.name)
        # The innermost frame of the user's code, not of torch.nn's.
        user_frames = [f for f in frames if not f[0].startswith(_TORCH_DIR)]
        filename, line = (user_frames or frames)[-1]
        return ir.Location.name(node.name, childLoc=ir.Location.file(filename, int(line), 0))

    def create(self, name, result_types, operands, attributes=None, regions=0, loc=None):
        with ir.InsertionPoint(self.block):
            return ir.Operation.create(name, results=result_types, operands=operands,
                                       attributes=attributes or {}, regions=regions,
                                       loc=loc or ir.Location.unknown())

    def constant(self, kind, value):
        """A Torch constant of `kind` (int/float/bool/str/none/device), one per block."""
        # The Block itself (hashed and compared by the MLIR block it wraps), not
        # id() of a wrapper: a dead branch's wrapper address can be reused.
        key = (self.block, kind, type(value), value)
        if key in self.constants:
            return self.constants[key]
        name, result_type, attribute = _CONSTANT_OPS[kind]
        attributes = {"value": attribute(value)} if attribute else {}
        op = self.create(name, [self.type(result_type)], [], attributes)
        self.constants[key] = op.result
        return op.result

    def tensor_to_vtensor_type(self, tensor):
        """The `!torch.vtensor` type of `tensor`'s sizes and dtype."""
        return self.type(self.tensor_type_text(tensor))

    @property
    def _cc(self):
        # Upstream's hooks (IREE's among them) reach tensor_to_vtensor_type
        # through the importer's private type cache, `gni._cc`.
        return self

    def literal(self, tensor, name, info=None):
        """The value of `tensor`'s data: what hooks.resolve_literal makes of
        it, else a `torch.vtensor.literal` holding it."""
        loc = ir.Location.name(name)
        # AOTAutograd calls its compilers (stateless_fx_import, say) under a
        # FakeTensorMode, in which the real tensor's data cannot be read.
        with unset_fake_temporarily():
            with ir.InsertionPoint(self.block), loc:
                value = self.fx_importer.hooks.resolve_literal(self, tensor, info)
            if value is not None:
                return self.checked_hook_value("resolve_literal", name, value,
                                               self.tensor_to_vtensor_type(tensor))
            tracker = self.fx_importer.py_attr_tracker
            mapping = tracker.track(tensor) if tracker is not None else None
            if mapping is not None and not mapping.is_empty:
                attr = mapping.value
            else:
                attr = _elements_attr(tensor.detach().contiguous().cpu())
                if mapping is not None:
                    mapping.value = attr
        op = self.create("torch.vtensor.literal", [self.tensor_to_vtensor_type(tensor)], [],
                         {"value": attr}, loc=loc)
        return op.result

    def state_value(self, tensor, info):
        """The value of a parameter, buffer or lifted constant imported as
        a literal: hooks.resolve_input's (parameters and buffers, unless
        frozen), else literal()'s."""
        if not self.frozen and info.input_spec.kind in (InputKind.PARAMETER, InputKind.BUFFER):
            with ir.InsertionPoint(self.block), ir.Location.name(info.node.name):
                value = self.fx_importer.hooks.resolve_input(self, tensor, info)
            if value is not None:
                return self.checked_hook_value("resolve_input", info.node.name, value,
                                               info.ir_type)
        return self.literal(tensor, info.node.name, info)

    def checked_hook_value(self, hook, name, value, expected_type):
        if not isinstance(value, ir.Value):
            raise TypeError(f"hooks.{hook} for {name} returned a {type(value).__name__}, "
                            "not an ir.Value or None")
        if value.type != expected_type:
            raise FxImportError(f"hooks.{hook} for {name} returned a value of type "
                                f"{value.type}, where {expected_type} is needed")
        return value

    # -- the function --

    def run(self):
        """Builds the function; returns its operation."""
        graph = self.graph
        placeholders = [n for n in graph.nodes if n.op == "placeholder"]
        output_node = next(n for n in graph.nodes if n.op == "output")
        if self.program is None:
            # A bare graph: every placeholder an argument, every output a result.
            unknown = [n.name for n in placeholders if "val" not in n.meta]
            if unknown:
                raise FxImportError(
                    f"placeholder {unknown[0]} has no meta['val'] (the example value make_fx "
                    "and AOTAutograd record): import aten-level graphs, such as a Dynamo "
                    "backend gets through torch._dynamo.backends.common.aot_autograd")
            results = output_node.args[0]
            user_outputs = list(results) if isinstance(results, (list, tuple)) else [results]
            user_arguments, state_arguments, literals, mutated = placeholders, [], [], {}
        else:
            user_outputs, user_arguments, state_arguments, literals, mutated = \
                self.signature(placeholders, output_node)
        # Mutated buffers among the literals are the ones the hooks store.
        stored = {node.name: mutated.pop(node.name)  # -> output node arg writing it
                  for node, _ in literals if node.name in mutated}
        arguments = user_arguments + state_arguments
        overwrite = self.mutations == "overwrite"
        argument_types = [self.argument_type(node, node.meta.get("val"),
                                             overwrite and node.name in mutated)
                          for node in arguments]

        result_types = [self.output_type(out, output_node) for out in user_outputs]
        if not overwrite:
            result_types += [self.output_type(out, output_node) for out in mutated.values()]
        with ir.InsertionPoint(self.fx_importer.module.body), ir.Location.unknown():
            func = func_dialect.FuncOp(self.func_name, (argument_types, result_types),
                                       visibility=self.func_visibility)
            self.block = func.add_entry_block()
        if self.symbolic_shapes:
            self.import_symbols(placeholders)
        block_args = {}  # placeholder name -> its block argument
        for node, block_arg in zip(arguments, self.block.arguments):
            self.bind_shape(block_arg, node.meta.get("val"), ir.Location.name(node.name))
            block_args[node.name] = block_arg
            if node.name in mutated and overwrite:
                if node.users:
                    vtype = self.type(self.tensor_type_text(node.meta["val"], node))
                    op = self.create("torch.copy.to_vtensor", [vtype], [block_arg],
                                     loc=ir.Location.name(node.name))
                    self.values[node] = op.result
            else:
                self.values[node] = block_arg
        stores = []  # (tensor, output node arg, InputInfo)
        for node, spec in literals:
            store = stored.get(node.name)
            info = InputInfo(self.program, spec, node,
                             self.type(self.tensor_type_text(node.meta["val"], node)),
                             store_producer_node=getattr(store, "name", None))
            tensor = self.state_tensor(spec)
            if node.users:
                self.values[node] = self.state_value(tensor, info)
            if node.name in stored:
                stores.append((tensor, store, info))

        self.import_nodes(graph.nodes)

        for tensor, out, info in stores:
            value = self.operand(out)
            with ir.InsertionPoint(self.block), ir.Location.name(info.node.name):
                self.fx_importer.hooks.store_produced_value(self, tensor, value, info)
        returned = [self.operand(out) for out in user_outputs]
        for name, out in mutated.items():
            if overwrite:
                self.create("torch.overwrite.tensor.contents", [],
                            [self.operand(out), block_args[name]], loc=ir.Location.name(name))
            else:
                returned.append(self.operand(out))
        self.create("func.return", [], returned, loc=self.location(output_node))
        return func.operation

    def signature(self, placeholders, output_node):
        """What the program's graph signature makes of its placeholders and
        outputs: (user outputs, user-input placeholders, state placeholders
        that are arguments, (placeholder, InputSpec) of state imported as
        literals, {mutated placeholder name: output node arg writing it})."""
        sig = self.program.graph_signature
        specs = {spec.arg.name: spec for spec in sig.input_specs}
        mutated = {}  # placeholder name -> output node arg writing it back
        outputs = list(output_node.args[0])
        user_outputs = []
        for spec, out in zip(sig.output_specs, outputs):
            if spec.kind == OutputKind.USER_OUTPUT:
                user_outputs.append(out)
            elif spec.kind == OutputKind.BUFFER_MUTATION:
                mutated[_placeholder_for_buffer(sig, spec.target)] = out
            elif spec.kind == OutputKind.USER_INPUT_MUTATION:
                mutated[spec.target] = out
            else:
                raise FxImportError(f"output {spec.arg.name}: output kind {spec.kind.name} "
                                    "is not supported")

        # Arguments: user inputs first, then lifted state (and mutated buffers).
        user_arguments, state_arguments, literals = [], [], []
        store = _overrides_store(self.fx_importer.hooks)
        for node in placeholders:
            spec = specs[node.name]
            if spec.kind == InputKind.USER_INPUT:
                user_arguments.append(node)
            elif spec.kind in (InputKind.PARAMETER, InputKind.BUFFER,
                               InputKind.CONSTANT_TENSOR):
                written = node.name in mutated and not (store and spec.kind == InputKind.BUFFER)
                if self.params == "literals" and not written:
                    literals.append((node, spec))
                else:
                    state_arguments.append(node)
            else:
                raise FxImportError(f"placeholder {node.name}: input kind {spec.kind.name} "
                                    "is not supported")
        return user_outputs, user_arguments, state_arguments, literals, mutated

    def argument_type(self, node, val, mutable):
        if isinstance(val, torch.Tensor):
            return self.type(self.tensor_type_text(val, node, value_semantics=not mutable))
        if mutable:
            raise FxImportError(f"placeholder {node.name}: a mutated non-tensor input")
        return self.type_of_val(val, node)

    def state_tensor(self, spec):
        target = spec.target
        if target in self.program.state_dict:
            return self.program.state_dict[target]
        if target in self.program.constants:
            return self.program.constants[target]
        raise FxImportError(f"placeholder {spec.arg.name}: no data for {target!r} in the "
                            "program's state_dict or constants")

    def output_type(self, out, output_node):
        """The type of a program output: a node's value, or a constant the output holds."""
        if isinstance(out, torch.fx.Node):
            return self.type_of_val(out.meta.get("val"), out)
        return self.type_of_val(out, output_node)

    def operand(self, arg):
        """The value of a node argument that is a node or a plain constant."""
        if isinstance(arg, torch.fx.Node):
            value = self.values.get(arg)
            if value is None:
                raise FxImportError(f"node {arg.name} is used before it has a value")
            if isinstance(value, tuple):
                raise FxImportError(f"node {arg.name} has several results; use getitem")
            return value
        return self.python_constant(arg)

    def python_constant(self, value):
        if value is None:
            return self.constant("none", None)
        if isinstance(value, bool):
            return self.constant("bool", value)
        if isinstance(value, int):
            return self.constant("int", value)
        if isinstance(value, float):
            return self.constant("float", value)
        if isinstance(value, str):
            return self.constant("str", value)
        if isinstance(value, torch.dtype):
            return self.constant("int", _dtype_info(value)[1])
        if isinstance(value, torch.device):
            return self.constant("device", str(value))
        if isinstance(value, torch.layout):
            return self.constant("int", _enum_code(_LAYOUTS, value, "layout"))
        if isinstance(value, torch.memory_format):
            return self.constant("int", _enum_code(_MEMORY_FORMATS, value, "memory format"))
        raise FxImportError(f"constant {value!r} of type {type(value).__name__} has no "
                            "Torch-dialect form")

    # -- symbolic shapes --

    def import_symbols(self, placeholders):
        """A `torch.symbolic_int` per size symbol of the range constraints
        (of a bare graph: of its placeholders' sizes, with the ranges their
        ShapeEnv knows)."""
        int_type = self.type("!torch.int")
        i64 = ir.IntegerType.get_signless(64)
        if self.program is not None:
            ranges = self.program.range_constraints
        else:
            ranges = {}
            for node in placeholders:
                val = node.meta.get("val")
                sizes = val.shape if isinstance(val, torch.Tensor) else [val]
                for size in sizes:
                    if isinstance(size, torch.SymInt):
                        for symbol in size.node.expr.free_symbols:
                            ranges[symbol] = size.node.shape_env.var_to_range[symbol]
        for symbol, bounds in sorted(ranges.items(), key=lambda item: str(item[0])):
            if not getattr(symbol, "is_Symbol", False):
                continue
            low, high = range_bound(bounds.lower), range_bound(bounds.upper)
            attributes = {
                "symbol_name": ir.StringAttr.get(str(symbol)),
                "min_val": ir.IntegerAttr.get(i64, max(low or 0, 0)),
                "max_val": ir.IntegerAttr.get(i64, _INT64_MAX if high is None else high),
            }
            self.symbols[symbol] = self.create("torch.symbolic_int", [int_type], [],
                                               attributes, loc=ir.Location.name(str(symbol))).result

    def bind_shape(self, value, val, loc):
        """`torch.bind_symbolic_shape` of `value` when `val` (its FakeTensor)
        has symbolic sizes that the known symbols state affinely."""
        if not self.symbols or not isinstance(val, torch.Tensor):
            return
        exprs = [size.node.expr if isinstance(size, torch.SymInt) else int(size)
                 for size in val.shape]
        free = sorted({s for e in exprs if not isinstance(e, int) for s in e.free_symbols},
                      key=str)
        if not free or any(s not in self.symbols for s in free):
            return  # static, or an unbacked or unknown symbol
        positions = {s: i for i, s in enumerate(free)}
        try:
            results = [_affine(e, positions) for e in exprs]
        except _NotAffine:
            return
        shape_map = ir.AffineMap.get(0, len(free), results)
        self.create("torch.bind_symbolic_shape", [], [value] + [self.symbols[s] for s in free],
                    {"shape_expressions": ir.AffineMapAttr.get(shape_map)}, loc=loc)

    # -- nodes --

    def import_nodes(self, nodes, graph_module=None):
        """Imports `nodes`, whose get_attr targets live in `graph_module`."""
        graph_module = graph_module or self.graph_module
        for node in nodes:
            if node.op in ("placeholder", "output"):
                continue
            if node.op == "get_attr":
                self.import_get_attr(node, graph_module)
            elif node.op == "call_function":
                self.import_call(node, graph_module)
                if isinstance(self.values.get(node), ir.Value):
                    self.bind_shape(self.values[node], node.meta.get("val"), self.location(node))
            else:
                raise FxImportError(f"node {node.name}: FX op {node.op!r} is not supported "
                                    "(only call_function, get_attr, placeholder, output)")

    def import_get_attr(self, node, graph_module):
        if graph_module is None:
            raise FxImportError(f"node {node.name}: get_attr {node.target!r} in a graph with "
                                "no owning module to hold it (import the GraphModule)")
        value = _fetch_attr(graph_module, node.target)
        if isinstance(value, torch.fx.GraphModule):
            return  # a subgraph; the higher-order op using it imports it
        if isinstance(value, torch.Tensor):
            self.values[node] = self.literal(value, node.name)
            return
        raise FxImportError(f"node {node.name}: get_attr of a {type(value).__name__}")

    def import_call(self, node, graph_module):
        target = node.target
        if target is operator.getitem:
            return self.import_getitem(node)
        if target in _SYM_OPERATORS:
            return self.import_sym_operator(node)
        if target in _SYM_CONVERSIONS:
            return self.import_sym_conversion(node)
        if target in _SYM_CHOICES:
            return self.import_sym_choice(node)
        if target is torch._sym_sqrt:
            return self.import_sym_sqrt(node)
        if isinstance(target, torch._ops.HigherOrderOperator):
            if target is torch.ops.higher_order.cond:
                return self.import_cond(node, graph_module)
            raise FxImportError(f"node {node.name}: higher-order op {target} is not supported")
        if isinstance(target, torch._ops.OpOverload):
            return self.import_op_overload(node)
        raise FxImportError(f"node {node.name}: call_function target {_describe(node)} "
                            "is not an OpOverload the importer knows")

    def import_op_overload(self, node):
        schema = node.target._schema
        qualified = _qualified_name(schema)
        dotted = qualified.replace("::", ".", 1)
        if any(arg.alias_info is not None and arg.alias_info.is_write
               for arg in schema.arguments):
            raise FxImportError(
                f"node {node.name} ({qualified}) writes to its input; the importer takes "
                "functional graphs: import a program with decompose=True (or "
                "program.run_decompositions({})), a GraphModule functionalized "
                "(make_fx of torch.func.functionalize(f))")
        operands = self.schema_operands(node, schema)
        val = node.meta.get("val")
        returns = schema.returns
        if len(returns) > 1:
            if not isinstance(val, (tuple, list)) or len(val) != len(returns):
                raise FxImportError(f"node {node.name} ({qualified}): expected {len(returns)} "
                                    f"results, meta['val'] holds {val!r}")
            result_types = [self.result_type(node, r, v) for r, v in zip(returns, val)]
        elif len(returns) == 1:
            result_types = [self.result_type(node, returns[0], val)]
        else:
            result_types = []
        op_name = _SYM_ATEN.get(qualified, f"torch.{dotted}")
        if qualified == "aten::_local_scalar_dense":  # tensor.item(): by its Python type
            op_name = "torch.aten." + _SCALAR_OF_TENSOR[self.scalar_kind_of_val(val)]
        loc = self.location(node)
        if op_name not in BEYOND_UPSTREAM and self.context.is_registered_operation(op_name):
            op = self.create(op_name, result_types, operands, loc=loc)
        else:
            op = self.create("torch.operator", result_types, operands,
                             {"name": ir.StringAttr.get(dotted)}, loc=loc)
        if len(returns) == 1:
            self.values[node] = op.results[0]
        elif returns:
            self.values[node] = tuple(op.results)

    def result_type(self, node, ret, val):
        if val is None and ret.type.kind() in ("TensorType", "OptionalType"):
            return self.type("!torch.none")
        return self.type_of_val(val, node)

    def schema_operands(self, node, schema):
        args, kwargs = node.args, node.kwargs
        if len(args) > len(schema.arguments):
            raise FxImportError(f"node {node.name} ({_describe(node)}): {len(args)} positional "
                                f"arguments for a schema of {len(schema.arguments)}")
        operands = []
        for i, arg in enumerate(schema.arguments):
            if i < len(args) and not arg.kwarg_only:
                value = args[i]
            elif arg.name in kwargs:
                value = kwargs[arg.name]
            elif arg.has_default_value():
                value = arg.default_value
            else:
                raise FxImportError(f"node {node.name} ({_describe(node)}): no value for "
                                    f"argument {arg.name!r}")
            try:
                operands.append(self.typed_operand(arg.type, value))
            except FxImportError as e:
                raise FxImportError(f"node {node.name} ({_describe(node)}), argument "
                                    f"{arg.name!r}: {e}") from None
        return operands

    def typed_operand(self, jit_type, value):
        """`value` as an operand of schema type `jit_type`."""
        kind = jit_type.kind()
        if isinstance(value, torch.fx.Node):
            operand = self.operand(value)
            val = value.meta.get("val")
            if kind == "TensorType" and not isinstance(val, torch.Tensor):
                return self.scalar_tensor_of(operand, val)
            if kind == "NumberType" and isinstance(val, (bool, torch.SymBool)):
                return self.create("torch.aten.Int.bool", [self.type("!torch.int")],
                                   [operand]).result
            return operand
        if kind == "NumberType" and isinstance(value, bool):
            # A Scalar is never a !torch.bool (TorchScript's Scalar excludes
            # bool; upstream's dialect refuses it): True and False as 1 and
            # 0, the same value once the op casts it to its dtype.
            return self.constant("int", int(value))
        if value is None:
            return self.constant("none", None)
        if kind == "OptionalType":
            return self.typed_operand(jit_type.getElementType(), value)
        if kind == "ListType":
            return self.list_operand(jit_type.getElementType(), value)
        if kind in ("FloatType", "SymFloatType") and isinstance(value, int) \
                and not isinstance(value, bool):
            return self.constant("float", float(value))
        if kind == "TensorType" and isinstance(value, (bool, int, float)):
            return self.scalar_tensor(value)
        return self.python_constant(value)

    def scalar_tensor(self, value):
        """A 0-d tensor holding a Python scalar passed where the schema wants a Tensor."""
        return self.scalar_tensor_of(self.python_constant(value), value)

    def scalar_tensor_of(self, scalar, val):
        """`torch.prim.NumToTensor.Scalar` of a !torch.int/float/bool value."""
        if isinstance(val, (bool, torch.SymBool)):
            dtype = "i1"
        elif isinstance(val, (int, torch.SymInt)):
            dtype = "si64"
        elif isinstance(val, (float, torch.SymFloat)):
            dtype = "f64"
        else:
            raise FxImportError(f"a {type(val).__name__} where the schema wants a Tensor")
        return self.create("torch.prim.NumToTensor.Scalar",
                           [self.type(f"!torch.vtensor<[],{dtype}>")], [scalar]).result

    def list_operand(self, element_type, items):
        if not isinstance(items, (list, tuple)):
            items = [items]  # a scalar broadcast to an int[N]
        values = [self.typed_operand(element_type, item) for item in items]
        list_type = self.type(f"!torch.list<{_list_element_text(element_type)}>")
        return self.create("torch.prim.ListConstruct", [list_type], values).result

    def import_getitem(self, node):
        source, index = node.args
        produced = self.values.get(source)
        if isinstance(produced, tuple):
            self.values[node] = produced[index]
            return
        val = source.meta.get("val")
        if isinstance(val, (list, tuple)) and produced is not None:
            # A list-returning op: unpack it once, right after its first use.
            if source not in self.list_items:
                types = [self.type_of_val(v, source) for v in val]
                self.list_items[source] = tuple(self.create(
                    "torch.prim.ListUnpack", types, [produced],
                    loc=self.location(source)).results)
            self.values[node] = self.list_items[source][index]
            return
        raise FxImportError(f"node {node.name}: getitem on {source.name}, which has no "
                            "results to index")

    def import_sym_operator(self, node):
        name = _SYM_OPERATORS[node.target]
        a, b = node.args
        kinds = {self.scalar_kind(x) for x in (a, b)}
        kind = "float" if "float" in kinds else "int"
        op_name = f"torch.aten.{name}.{kind}"
        if not self.context.is_registered_operation(op_name):
            raise FxImportError(f"node {node.name}: {node.target.__name__} on {kind}s has no "
                                f"Torch op ({op_name})")
        val = node.meta.get("val")
        op = self.create(op_name, [self.type_of_val(val, node)],
                         [self.operand(a), self.operand(b)], loc=self.location(node))
        self.values[node] = op.result

    def import_sym_conversion(self, node):
        (a,) = node.args
        op_name = _SYM_CONVERSIONS[node.target]
        if node.target in (torch.sym_int, math.ceil) and self.scalar_kind(a) == "int":
            self.values[node] = self.operand(a)  # already an int
            return
        op = self.create(op_name, [self.type_of_val(node.meta.get("val"), node)],
                         [self.operand(a)], loc=self.location(node))
        self.values[node] = op.result

    def import_sym_choice(self, node):
        """sym_min(a, b), sym_max(a, b), sym_ite(c, a, b): a torch.prim.If
        yielding one of two numbers."""
        comparison = _SYM_CHOICES[node.target]
        if comparison is None:
            cond, a, b = node.args
            cond = self.operand(cond)
        else:
            a, b = node.args
            kinds = {self.scalar_kind(x) for x in (a, b)}
            kind = "float" if "float" in kinds else "int"
            cond = self.create(f"torch.aten.{comparison}.{kind}", [self.type("!torch.bool")],
                               [self.operand(a), self.operand(b)],
                               loc=self.location(node)).result
        result_type = self.type_of_val(node.meta.get("val"), node)
        op = self.create("torch.prim.If", [result_type], [cond], regions=2,
                         loc=self.location(node))
        outer_block = self.block
        for region, choice in zip(op.regions, (a, b)):
            self.block = region.blocks.append()
            try:
                self.create("torch.prim.If.yield", [], [self.operand(choice)],
                            loc=self.location(node))
            finally:
                self.block = outer_block
        self.values[node] = op.result

    def import_sym_sqrt(self, node):
        """math.sqrt of a symbolic number: torch.aten.sqrt.int of the int it
        converts (the only square root of a number the dialect has)."""
        (a,) = node.args
        if isinstance(a, torch.fx.Node) and a.target is torch.sym_float:
            a = a.args[0]
        if self.scalar_kind(a) != "int":
            raise FxImportError(f"node {node.name}: math.sqrt of a float is not supported "
                                "(aten.sqrt.int takes an int)")
        op = self.create("torch.aten.sqrt.int", [self.type("!torch.float")], [self.operand(a)],
                         loc=self.location(node))
        self.values[node] = op.result

    def scalar_kind_of_val(self, val):
        if isinstance(val, (bool, torch.SymBool)):
            return "bool"
        return "float" if isinstance(val, (float, torch.SymFloat)) else "int"

    def scalar_kind(self, arg):
        val = arg.meta.get("val") if isinstance(arg, torch.fx.Node) else arg
        return "float" if isinstance(val, (float, torch.SymFloat)) else "int"

    def import_cond(self, node, graph_module):
        pred, true_fn, false_fn, operands = node.args
        cond = self.condition(node, pred)
        val = node.meta.get("val")
        vals = list(val) if isinstance(val, (list, tuple)) else [val]
        result_types = [self.type_of_val(v, node) for v in vals]
        op = self.create("torch.prim.If", result_types, [cond], regions=2,
                         loc=self.location(node))
        outer_block = self.block
        for region, branch in zip(op.regions, (true_fn, false_fn)):
            branch_module = _fetch_attr(graph_module, branch.target)
            self.block = region.blocks.append()
            try:
                self.import_subgraph(node, branch_module, operands, "torch.prim.If.yield")
            finally:
                self.block = outer_block
        # cond returns a sequence: its users index it with getitem.
        self.values[node] = tuple(op.results) if isinstance(val, (list, tuple)) else op.result

    def condition(self, node, pred):
        if isinstance(pred, torch.fx.Node):
            val = pred.meta.get("val")
            value = self.operand(pred)
            if isinstance(val, torch.Tensor):
                if val.numel() != 1:
                    raise FxImportError(f"node {node.name}: torch.cond predicate "
                                        f"{pred.name} has {val.numel()} elements, not 1")
                return self.create("torch.aten.Bool.Tensor", [self.type("!torch.bool")],
                                   [value], loc=self.location(node)).result
            return value
        if isinstance(pred, (bool, int)):
            return self.constant("bool", bool(pred))
        raise FxImportError(f"node {node.name}: torch.cond predicate {pred!r} is neither a "
                            "tensor nor a bool")

    def import_subgraph(self, node, graph_module, operands, terminator):
        """Imports a branch graph into self.block; its placeholders are `operands`."""
        inner = [n for n in graph_module.graph.nodes if n.op == "placeholder"]
        if len(inner) != len(operands):
            raise FxImportError(f"node {node.name}: branch takes {len(inner)} inputs, "
                                f"given {len(operands)}")
        for placeholder, outer in zip(inner, operands):
            self.values[placeholder] = self.operand(outer)
        self.import_nodes(graph_module.graph.nodes, graph_module)
        output = next(n for n in graph_module.graph.nodes if n.op == "output")
        results = output.args[0]
        results = list(results) if isinstance(results, (list, tuple)) else [results]
        self.create(terminator, [], [self.operand(r) for r in results],
                    loc=self.location(output))


# --- helpers ---------------------------------------------------------------------

def _qualified_name(schema):
    """`aten::add.Tensor`, or `aten::relu` for the default overload."""
    return schema.name + (f".{schema.overload_name}" if schema.overload_name else "")


def _describe(node):
    target = node.target
    if isinstance(target, torch._ops.OpOverload):
        return _qualified_name(target._schema)
    return getattr(target, "__name__", repr(target))


def _enum_code(table, value, what):
    try:
        return table[value]
    except KeyError:
        raise FxImportError(f"{what} {value} has no Torch-dialect code") from None


def _fetch_attr(module, dotted):
    value = module
    for part in dotted.split("."):
        value = getattr(value, part)
    return value


def _placeholder_for_buffer(sig, target):
    for name, buffer in sig.inputs_to_buffers.items():
        if buffer == target:
            return name
    raise FxImportError(f"mutated buffer {target!r} is not an input of the program")


def _list_element_text(element_type):
    kind = element_type.kind()
    if kind == "TensorType":
        return "vtensor"
    if kind == "OptionalType" and element_type.getElementType().kind() == "TensorType":
        return "optional<vtensor>"
    if kind in ("IntType", "SymIntType"):
        return "int"
    if kind in ("FloatType", "SymFloatType"):
        return "float"
    if kind in ("BoolType", "SymBoolType"):
        return "bool"
    if kind == "NumberType":
        return "number"
    if kind == "StringType":
        return "str"
    raise FxImportError(f"lists of {element_type} are not supported")


def _elements_attr(tensor):
    """A DenseElementsAttr holding a contiguous CPU tensor's data."""
    dtype, _ = _dtype_info(tensor.dtype)
    shape = "x".join(str(d) for d in tensor.shape)
    builtin = ir.Type.parse(f"tensor<{shape + 'x' if shape else ''}{dtype}>")
    if tensor.dtype == torch.bool:
        return _bool_elements(tensor, builtin)
    nbytes = tensor.numel() * tensor.element_size()
    buffer = (ctypes.c_char * nbytes).from_address(tensor.data_ptr()) if nbytes else b""
    return ir.DenseElementsAttr.get(memoryview(buffer), type=builtin)


def _bool_elements(tensor, builtin_type):
    """A DenseElementsAttr of i1 from a bool tensor (bit-packed, as MLIR stores i1)."""
    flat = tensor.flatten().tolist()
    packed = bytearray((len(flat) + 7) // 8)
    for i, bit in enumerate(flat):
        if bit:
            packed[i // 8] |= 1 << (i % 8)
    return ir.DenseElementsAttr.get(memoryview(bytes(packed)), type=builtin_type)
