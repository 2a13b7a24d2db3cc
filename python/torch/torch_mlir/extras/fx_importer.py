"""Imports a `torch.export.ExportedProgram` into a Torch-dialect `func.func`.

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
    `torch.vtensor.literal`s holding the real data, as the caller chooses;
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
import functools
import math
import operator
import os
import re

import torch
import torch.fx
from torch.export import ExportedProgram
from torch.export.graph_signature import InputKind, OutputKind

from torch_mlir import decompose as _decompose
from torch_mlir import dtypes, ir
from torch_mlir.dialects import func as func_dialect
from torch_mlir.dialects import torch as torch_dialect

__all__ = ["FxImportError", "FxImporter"]


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


# --- the importer ---------------------------------------------------------------

class FxImporter:
    """Imports ExportedPrograms as functions of one `torch_mlir.ir.Module`.

    `params="literals"` embeds parameters, buffers and lifted constants as
    `torch.vtensor.literal`s with their data; `params="arguments"` makes them
    function arguments after the user inputs (in signature order). Mutated
    buffers are always arguments: a literal cannot be written.
    """

    def __init__(self, context=None, module=None):
        self.context = context or (module.context if module is not None else ir.Context())
        torch_dialect.register_dialect(self.context)
        with self.context, ir.Location.unknown():
            self.module = module or ir.Module.create()

    def import_program(self, program: ExportedProgram, *, func_name="main",
                       params="literals", decompose=True, mutations="overwrite",
                       import_symbolic_shape_expressions=False):
        """Adds `func.func @func_name` for `program` and returns its operation.

        With `decompose`, `program.run_decompositions({})` first removes
        in-place ops and views (functionalization) without decomposing others.
        `mutations` says how mutated buffers and inputs come out (see the
        module docstring): "overwrite" or "results" (extra results after the
        user outputs, in the order of the graph signature's output specs).
        `import_symbolic_shape_expressions` adds the size symbols and what
        they say about each tensor's sizes (see the module docstring).
        """
        if mutations not in ("overwrite", "results"):
            raise ValueError(f"mutations must be 'overwrite' or 'results', not {mutations!r}")
        if not isinstance(program, ExportedProgram):
            raise TypeError(f"import_program wants a torch.export.ExportedProgram, "
                            f"got {type(program).__name__}")
        if params not in ("literals", "arguments"):
            raise ValueError(f"params must be 'literals' or 'arguments', not {params!r}")
        if decompose:
            program = _decompose.run_decompositions(program, {})
        with self.context:
            func = _ProgramImport(self, program, func_name, params, mutations,
                                  import_symbolic_shape_expressions).run()
            try:
                func.verify()
            except ir.MLIRError as e:
                # The verifier's words first; one known cause after them: a
                # registered op whose schema differs from this torch's.
                raise FxImportError(
                    f"@{func_name} does not verify:\n{e}\n(If an op's operands or "
                    f"results are at fault, this torch ({torch.__version__}) may not be "
                    f"the one whose op schemas the dialect was generated from.)") from None
            return func


class _ProgramImport:
    """The state of importing one program: its values, constants and types."""

    def __init__(self, importer, program, func_name, params, mutations="overwrite",
                 symbolic_shapes=False):
        self.importer = importer
        self.context = importer.context
        self.program = program
        self.func_name = func_name
        self.params = params
        self.mutations = mutations
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

    def literal(self, tensor, name):
        """`torch.vtensor.literal` holding `tensor`'s data."""
        tensor = tensor.detach().contiguous().cpu()
        dtype, _ = _dtype_info(tensor.dtype)
        shape = "x".join(str(d) for d in tensor.shape)
        builtin = ir.Type.parse(f"tensor<{shape + 'x' if shape else ''}{dtype}>")
        if tensor.dtype == torch.bool:
            attr = _bool_elements(tensor, builtin)
        else:
            nbytes = tensor.numel() * tensor.element_size()
            buffer = (ctypes.c_char * nbytes).from_address(tensor.data_ptr()) if nbytes else b""
            attr = ir.DenseElementsAttr.get(memoryview(buffer), type=builtin)
        vtype = self.type(self.tensor_type_text(tensor))
        op = self.create("torch.vtensor.literal", [vtype], [], {"value": attr},
                         loc=ir.Location.name(name))
        return op.result

    # -- the function --

    def run(self):
        sig = self.program.graph_signature
        graph = self.program.graph
        placeholders = [n for n in graph.nodes if n.op == "placeholder"]
        specs = {spec.arg.name: spec for spec in sig.input_specs}
        mutated = {}  # placeholder name -> output node arg writing it back
        output_node = next(n for n in graph.nodes if n.op == "output")
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
        user_arguments, state_arguments, literals = [], [], []  # placeholders
        for node in placeholders:
            spec = specs[node.name]
            if spec.kind == InputKind.USER_INPUT:
                user_arguments.append(node)
            elif spec.kind in (InputKind.PARAMETER, InputKind.BUFFER,
                               InputKind.CONSTANT_TENSOR):
                if self.params == "literals" and node.name not in mutated:
                    literals.append((node, spec))
                else:
                    state_arguments.append(node)
            else:
                raise FxImportError(f"placeholder {node.name}: input kind {spec.kind.name} "
                                    "is not supported")
        arguments = user_arguments + state_arguments
        overwrite = self.mutations == "overwrite"
        argument_types = [self.argument_type(node, node.meta.get("val"),
                                             overwrite and node.name in mutated)
                          for node in arguments]

        result_types = [self.output_type(out, output_node) for out in user_outputs]
        if not overwrite:
            result_types += [self.output_type(out, output_node) for out in mutated.values()]
        with ir.InsertionPoint(self.importer.module.body), ir.Location.unknown():
            func = func_dialect.FuncOp(self.func_name, (argument_types, result_types))
            self.block = func.add_entry_block()
        if self.symbolic_shapes:
            self.import_symbols()
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
        for node, spec in literals:
            if node.users:
                self.values[node] = self.literal(self.state_tensor(spec), node.name)

        self.import_nodes(graph.nodes)

        returned = [self.operand(out) for out in user_outputs]
        for name, out in mutated.items():
            if overwrite:
                self.create("torch.overwrite.tensor.contents", [],
                            [self.operand(out), block_args[name]], loc=ir.Location.name(name))
            else:
                returned.append(self.operand(out))
        self.create("func.return", [], returned, loc=self.location(output_node))
        return func.operation

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

    def import_symbols(self):
        """A `torch.symbolic_int` per size symbol of the range constraints."""
        int_type = self.type("!torch.int")
        i64 = ir.IntegerType.get_signless(64)
        for symbol, bounds in sorted(self.program.range_constraints.items(),
                                     key=lambda item: str(item[0])):
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
        graph_module = graph_module or self.program.graph_module
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
                "functional graphs: import with decompose=True or import "
                "program.run_decompositions({}) instead")
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


def _bool_elements(tensor, builtin_type):
    """A DenseElementsAttr of i1 from a bool tensor (bit-packed, as MLIR stores i1)."""
    flat = tensor.flatten().tolist()
    packed = bytearray((len(flat) + 7) // 8)
    for i, bit in enumerate(flat):
        if bit:
            packed[i // 8] |= 1 << (i % 8)
    return ir.DenseElementsAttr.get(memoryview(bytes(packed)), type=builtin_type)
