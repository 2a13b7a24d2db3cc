"""The e2e harness: cases, how one runs, and how results are compared.

A case is a module factory, a function making example inputs, optional
`dynamic_shapes` for torch.export, and, for dynamic cases, a function making a
second input of another size. `run_case` compiles the model once per Run (by
torch_mlir.fx.compile's steps, exported once for all of them), then runs every
input eagerly and compiled and compares the two.

Comparison (the same rules as upstream's e2e suite): pytree structures equal;
tensors of equal shape and dtype; integers and bools exact; floats
allclose(rtol=1e-3, atol=1e-7, equal_nan=True), except f16 and bf16, whose
8- and 11-bit mantissas get rtol=1e-2, atol=1e-3; Python floats within 1e-4
relative; other Python values equal.
"""

import copy
import dataclasses
import time
import traceback
from typing import Callable, Optional

import torch
import torch.utils._pytree as pytree

TOLERANCES = {
    torch.float16: dict(rtol=1e-2, atol=1e-3),
    torch.bfloat16: dict(rtol=1e-2, atol=1e-3),
}
DEFAULT_TOLERANCE = dict(rtol=1e-3, atol=1e-7)


@dataclasses.dataclass
class Case:
    name: str
    make_module: Callable[[], torch.nn.Module]
    make_inputs: Callable[[], tuple]
    dynamic_shapes: Optional[object] = None
    # Inputs of other sizes, for dynamic cases: a tuple, or a list of tuples.
    make_other_inputs: Optional[Callable[[], object]] = None
    # The case this one repeats at other static sizes or dtypes: the same
    # ops, so a test about which ops programs hold reads only the original.
    variant_of: Optional[str] = None


CASES = {}


def case(name, make_module, make_inputs, dynamic_shapes=None, make_other_inputs=None,
         variant_of=None):
    if name in CASES:
        raise ValueError(f"two e2e cases are named {name!r}")
    if (dynamic_shapes is None) != (make_other_inputs is None):
        raise ValueError(f"{name}: a dynamic case needs a second input of another size, "
                         "and only a dynamic one")
    if variant_of is not None and variant_of not in CASES:
        raise ValueError(f"{name}: a variant of {variant_of!r}, which is not a case (yet)")
    CASES[name] = Case(name, make_module, make_inputs, dynamic_shapes, make_other_inputs,
                       variant_of)


class Fn(torch.nn.Module):
    """A module whose forward is `fn`: most cases test one function."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)


def fn_case(name, fn, make_inputs, dynamic_shapes=None, make_other_inputs=None,
            variant_of=None):
    """A case of the function `fn` (a module wrapping it). `dynamic_shapes`
    has one entry per argument of `fn`."""
    if dynamic_shapes is not None:  # Fn.forward takes *args: one tuple
        dynamic_shapes = (tuple(dynamic_shapes),)
    case(name, lambda: Fn(fn), make_inputs, dynamic_shapes, make_other_inputs, variant_of)


def compare(eager, compiled, where="result"):
    """None if `compiled` matches `eager` under the rules above, else why not."""
    eager_flat, eager_spec = pytree.tree_flatten(eager)
    compiled_flat, compiled_spec = pytree.tree_flatten(compiled)
    if eager_spec != compiled_spec:
        return f"{where}: structure {compiled_spec} != eager's {eager_spec}"
    for i, (e, c) in enumerate(zip(eager_flat, compiled_flat)):
        at = f"{where}[{i}]" if len(eager_flat) > 1 else where
        if isinstance(e, torch.Tensor):
            if not isinstance(c, torch.Tensor):
                return f"{at}: {type(c).__name__} where eager has a tensor"
            if c.dtype != e.dtype:
                return f"{at}: dtype {c.dtype} != eager's {e.dtype}"
            if c.shape != e.shape:
                return f"{at}: shape {tuple(c.shape)} != eager's {tuple(e.shape)}"
            if e.dtype.is_floating_point or e.dtype.is_complex:
                tol = TOLERANCES.get(e.dtype, DEFAULT_TOLERANCE)
                if not torch.allclose(c, e, equal_nan=True, **tol):
                    diff = (c.double() - e.double()).abs().nan_to_num().max().item()
                    return f"{at}: values differ (max abs diff {diff:.3g}, {tol})"
            elif not torch.equal(c, e):
                return f"{at}: values differ (exact comparison for {e.dtype})"
        elif isinstance(e, float):
            if not isinstance(c, float) or abs(c - e) > 1e-4 * max(abs(e), 1e-30):
                return f"{at}: {c!r} != eager's {e!r}"
        elif c != e:
            return f"{at}: {c!r} != eager's {e!r}"
    return None


def first_line(error):
    """A one-line reason for a results table: the exception type and the first
    MLIR diagnostic in its text (`error: <location>: <message>`), or else its
    first line."""
    text = str(error)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    diagnostic = next((line for line in lines if line.startswith("error: ")), None)
    return f"{type(error).__name__}: {diagnostic or (lines[0] if lines else '')}"[:240]


def _shapes(args):
    return ", ".join(str(tuple(a.shape)) for a in args if isinstance(a, torch.Tensor))


def _copies(args):
    return tuple(a.clone() if isinstance(a, torch.Tensor) else a for a in args)


def program_ops(program):
    """The ATen ops (as "aten.name.overload") an exported program calls, its
    sub-graphs' (torch.cond's branches) included."""
    ops = set()
    for module in program.graph_module.modules():
        if isinstance(module, torch.fx.GraphModule):
            for node in module.graph.nodes:
                if node.op == "call_function" and isinstance(node.target, torch._ops.OpOverload):
                    ops.add(str(node.target))
    return ops


def through_dynamo(module, dynamic):
    """`module` compiled by torch.compile with our backend (torch_mlir.dynamo),
    as a callable like fx.compile's: run under torch.no_grad() (inference:
    the suite checks forward values), raising if a graph does not compile (no
    eager fallback) or if none was compiled at all."""
    from torch_mlir.dynamo import TorchMlirBackend

    torch._dynamo.reset()
    backend = TorchMlirBackend(fallback="error")
    compiled = torch.compile(module, backend=backend, dynamic=True if dynamic else None)

    def call(*args):
        with torch.no_grad():
            result = compiled(*args)
        if backend.compiled_graphs == 0:
            raise AssertionError("torch.compile ran the case without compiling a graph")
        return result

    return call


def strip_types(module):
    """Retypes every tensor an op in `module` makes as `!torch.vtensor` (no
    sizes, no dtype), as older upstream and other producers write Torch IR.
    What a function returns keeps its type, as the signature does, and so
    does what a branch yields as such a result (torch.cond's), and literals
    (their type is their data's)."""
    from torch_mlir import ir

    unrefined = ir.Type.parse("!torch.vtensor", module.context)

    def visit(op):
        for region in op.regions:
            for block in region:
                for child in block.operations:
                    visit(child)
        if op.name in ("func.return", "torch.vtensor.literal"):
            return
        for result in op.results:
            if (str(result.type).startswith("!torch.vtensor<")
                    and not any(use.owner.name in ("func.return", "torch.prim.If.yield")
                                for use in result.uses)):
                result.set_type(unrefined)

    visit(module.operation)


def compile_unrefined(program, state):
    """fx.compile's road for a decomposed `program` with the types taken out:
    it is imported as raw Torch IR, strip_types retypes its tensors, and
    torch-function-to-torch-backend-pipeline must find every size and dtype
    again before the linalg lowering."""
    from torch_mlir import fx
    from torch_mlir.compiled import CompiledProgram
    from torch_mlir.compiler_utils import TORCH_TO_LINALG, OutputType, lower

    raw = fx._import(program, OutputType.RAW, mutations="results")
    strip_types(raw)
    lower(raw, "torch-function-to-torch-backend-pipeline," + TORCH_TO_LINALG)
    return CompiledProgram(program, raw, state=state)


@dataclasses.dataclass(frozen=True)
class Run:
    """One way of compiling every case. `decompositions` is "default"
    (fx.compile's table) or "none" (an empty table: our middle end
    decomposes); `road` is "fx" (fx.compile), "dynamo" (torch.compile with
    our backend, `dynamic=True` for a dynamic case; no export) or
    "unrefined" (compile_unrefined); `output_type` is the fx road's way to
    the reference backend ("linalg-on-tensors", or "tosa": through TOSA,
    validated, then MLIR's TOSA lowering); `variants` says whether the cases
    that repeat another at other sizes or dtypes run too."""
    name: str
    decompositions: str = "default"
    road: str = "fx"
    output_type: str = "linalg-on-tensors"
    variants: bool = True


RUNS = {run.name: run for run in (
    Run("fx"),
    Run("no_decompositions", decompositions="none", variants=False),
    Run("unrefined", road="unrefined", variants=False),
    Run("dynamo", road="dynamo", variants=False),
    Run("tosa", output_type="tosa", variants=False),
)}


class _Shared:
    """What the runs of one case share: its export, and its decomposition by
    each table. Each is made once, by the first run that needs it; its
    failure is every such run's."""

    def __init__(self):
        self._made = {}

    def get(self, key, make):
        if key not in self._made:
            try:
                self._made[key] = (True, make())
            except Exception as error:  # noqa: BLE001 - raised again for each run
                self._made[key] = (False, error)
        made, value = self._made[key]
        if not made:
            raise value
        return value


def run_case(c, runs, ops=None, raw=None):
    """{run name: (passed, reason, detail, seconds)} for case `c` through each
    of `runs` (Run). Never raises. Each run starts as if alone: the seed set,
    the module and inputs made again; the export and decompositions are
    shared (_Shared), exported from a module made for it that no run calls. For each fx-road run the case passes, the ops its program calls
    are added to the set `ops[run name]`. With a dict `raw`, raw[c.name] is
    (text, "") of the program as fx.export_and_import(output_type="raw")
    imports it, or (None, why not)."""
    shared = _Shared()
    results = {}
    for run in runs:
        start = time.monotonic()
        passed, reason, detail = _run(c, run, shared, ops)
        results[run.name] = (passed, reason, detail, time.monotonic() - start)
    if raw is not None:
        raw[c.name] = _raw(c, shared)
    return results


def _made(c):
    """The case's module and input sets, as each run starts."""
    torch.manual_seed(0)
    module = c.make_module()
    inputs = [c.make_inputs()]
    if c.make_other_inputs:  # one tuple, or a list of them (several sizes)
        other = c.make_other_inputs()
        inputs.extend(other if isinstance(other, list) else [other])
    return module, inputs


def _exported(c):
    """The case's program, exported from a module made for it (as each run's
    is: _made leaves the seed where a run's own _made does)."""
    from torch_mlir import fx

    module, inputs = _made(c)
    return fx._exported(module, tuple(inputs[0]), {}, c.dynamic_shapes, strict=None)


def _decomposed(c, shared, decompositions):
    """The case's program, exported (once) and decomposed (once per table)."""
    from torch_mlir import decompose, fx

    exported = shared.get("exported", lambda: _exported(c))
    table = None if decompositions == "default" else {}
    return shared.get(("decomposed", decompositions),
                      lambda: decompose.run_decompositions(exported, fx._table(table)))


def _raw(c, shared):
    from torch_mlir import fx
    from torch_mlir.compiler_utils import OutputType

    try:
        program = _decomposed(c, shared, "default")
        return str(fx._import(program, OutputType.RAW)), ""
    except Exception as error:  # noqa: BLE001 - reported by the caller
        return None, first_line(error)


def _run(c, run, shared, ops):
    from torch_mlir import fx

    try:
        module, inputs = _made(c)
        # The compiled program gets its own copy of the module: both start
        # from the same buffers, and each writes back to its own.
        compiled_module = copy.deepcopy(module)
        if run.road == "dynamo":
            compiled = through_dynamo(compiled_module, c.dynamic_shapes is not None)
        else:
            program = _decomposed(c, shared, run.decompositions)
            if run.road == "unrefined":
                compiled = compile_unrefined(program, compiled_module)
            else:
                compiled = fx._compile_decomposed(program, compiled_module,
                                                  output_type=run.output_type)
        for n, args in enumerate(inputs):
            eager_args, compiled_args = _copies(args), _copies(args)
            eager = module(*eager_args)
            got = compiled(*compiled_args)
            where = "" if n == 0 else f" (input set {n + 1}: {_shapes(args)})"
            problem = (compare(eager, got, "result" + where)
                       or compare(eager_args, compiled_args, "inputs after the call" + where)
                       or compare(dict(module.named_buffers()),
                                  dict(compiled_module.named_buffers()),
                                  "buffers after the call" + where))
            if problem:
                return False, problem, problem
        if ops is not None and run.road == "fx":
            ops.setdefault(run.name, set()).update(program_ops(compiled.program))
        return True, "", ""
    except Exception as error:  # noqa: BLE001 - a case's failure is data
        return False, first_line(error), traceback.format_exc()
