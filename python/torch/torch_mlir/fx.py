"""torch.export programs, and aten-level FX graphs, as Torch-dialect MLIR.

    import torch
    from torch_mlir import fx

    module = fx.export_and_import(torch.nn.Linear(4, 3), torch.randn(2, 4))
    print(module)
    graph_module = torch.fx.experimental.proxy_tensor.make_fx(f)(x)
    module = fx.stateless_fx_import(graph_module, output_type="torch")

Part of the `torch-mlir` wheel, which needs PyTorch; the bindings it builds on
(`torch_mlir.ir`, the dialects) come from `torch-mlir-core`, which does not.
"""

try:
    import torch
except ImportError as e:  # the core wheel alone: say what is missing
    raise ImportError("torch_mlir.fx needs PyTorch (torch 2.13 or 2.14): pip install torch-mlir "
                      "installs it; torch-mlir-core alone has no PyTorch.") from e

import inspect

from torch_mlir import decompose, decompositions
from torch_mlir.compiler_utils import (TORCH_TO_LINALG, TORCH_TO_TOSA, LoweringError, OutputType,
                                       lower_to, run_pipeline_with_repro_report, torch_pipeline,
                                       tosa_to_linalg)
from torch_mlir.extras.fx_importer import FxImporter, FxImporterHooks, FxImportError

__all__ = ["compile", "default_decompositions", "export_and_import", "FxImporter",
           "FxImporterHooks", "FxImportError", "LoweringError", "OUTPUT_TYPES", "OutputType",
           "stateless_fx_import"]

OUTPUT_TYPES = ("raw", "torch", "linalg-on-tensors", "tosa")

# Upstream's export_and_import parameters this one does not have, and why; a
# caller passing one gets a TypeError saying so, not a keyword the model's
# forward never declared.
_NOT_OFFERED = {
    "experimental_support_mutation": "use mutations='results' or 'overwrite'",
    "extra_library": "shape functions come from the op registry",
}


def default_decompositions():
    """The decomposition table export_and_import applies unless given another
    (a new dict): see torch_mlir.decompositions."""
    return decompositions.table()


def export_and_import(model, *example_args, dynamic_shapes=None, func_name="main",
                      output_type="torch", params="literals", strict=None,
                      context=None, decomposition_table=None, backend_legal_ops=(),
                      mutations="overwrite", import_symbolic_shape_expressions=False,
                      hooks=None, fx_importer=None, enable_graph_printing=False,
                      enable_ir_printing=False, verbose=False, allow_non_finites=True,
                      **example_kwargs):
    """Exports `model` with `torch.export.export` and imports it.

    Returns a `torch_mlir.ir.Module` holding `func.func @<func_name>` in the
    Torch dialect (value-semantic tensors). `model` is an `nn.Module` or an
    existing `torch.export.ExportedProgram` (then no example args are needed).
    `dynamic_shapes` is passed to torch.export (dimensions it marks dynamic
    come out as `?`). `params` is "literals" (parameters and buffers embedded
    as `torch.vtensor.literal`) or "arguments" (passed to the function after
    the user inputs). `strict` is torch.export's; None (the default) exports
    non-strict, and strict (dynamo) where a Python number read from a tensor
    (`int(x)`, `x.item()` in Python arithmetic) stops non-strict tracing.
    Keyword arguments other than these are the model's (`forward`'s); one it
    does not take is a TypeError.

    `output_type` (a torch_mlir.compiler_utils.OutputType or its string) is
    "raw" (the importer's output), "torch" (after
    torchdynamo-export-to-torch-backend-pipeline: the Torch backend contract,
    folded, no dead code), "linalg-on-tensors" (then lowered by
    torch-backend-to-linalg-on-tensors-backend-pipeline; raises LoweringError
    naming the first op that does not lower) or "tosa" (lowered by
    torch-backend-to-tosa-backend-pipeline and checked by tosa-validate; the
    LoweringError for an op with no TOSA form also says whether
    "linalg-on-tensors" lowers the program).

    `mutations` is how buffers and inputs the program writes come out:
    "overwrite" (`!torch.tensor` arguments written by
    `torch.overwrite.tensor.contents`) or "results" (value-tensor arguments
    whose new values are extra results after the user outputs, in the order
    of the graph signature's output specs; what "linalg-on-tensors" needs).

    `decomposition_table` maps ATen ops to Python decompositions that
    `program.run_decompositions` applies before import (through
    torch_mlir.decompose, which makes the same program faster); None means
    `default_decompositions()`, `{}` only functionalizes (what is left is for
    the Torch pipeline to decompose).

    `backend_legal_ops` names ops ("aten.softmax.int", "aten.linear", ...)
    that a backend has its own kernels for: neither the table nor the Torch
    pipeline decomposes them, so they reach "torch" whole. (Lowering one to
    "linalg-on-tensors" needs a lowering of it as it is.)

    `import_symbolic_shape_expressions=True` keeps what torch.export knows
    about dynamic sizes: a `torch.symbolic_int` per size symbol (its name and
    range) and a `torch.bind_symbolic_shape` per tensor with symbolic sizes
    (`affine_map<()[s0] -> (s0, s0 * 2)>`). They survive "torch"; lowering to
    "linalg-on-tensors" turns those on the arguments into run-time checks
    (a size out of its range is a ValueError from the compiled function).

    As upstream's: `hooks` (FxImporterHooks) decide what parameters,
    buffers and constants become (a compiler's globals, say), or
    `fx_importer` imports into an FxImporter of yours (its context, module
    and hooks; then no `context` or `hooks`); the module returned is its
    module. `enable_graph_printing` prints the decomposed program's graph;
    `verbose` prints the module as imported and after each lowering stage;
    `enable_ir_printing` has MLIR print it after every pass (to stderr).
    `allow_non_finites=True` (the default) is what the linalg lowering does:
    a max or min starts at -inf or +inf; False (upstream's finite-only
    lowering, the largest finite value instead) is not offered, a
    ValueError with output_type "linalg-on-tensors".
    """
    output_type = OutputType.get(output_type)
    _check_non_finites(allow_non_finites, output_type)
    _check_model_kwargs("export_and_import", model, example_kwargs)
    backend_legal_ops = _legal_op_names(backend_legal_ops)
    importer = _importer(fx_importer, hooks, context)
    program = _exported(model, example_args, example_kwargs, dynamic_shapes, strict)
    program = decompose.run_decompositions(
        program, _table(decomposition_table, backend_legal_ops))
    if enable_graph_printing:
        program.graph_module.print_readable()
    return _import(program, output_type, func_name, params, importer, mutations,
                   import_symbolic_shape_expressions, backend_legal_ops, verbose,
                   enable_ir_printing)


def stateless_fx_import(gm, output_type="raw", fx_importer=None, hooks=None,
                        model_name="main", enable_graph_printing=False, verbose=False,
                        enable_ir_printing=False, backend_legal_ops=None,
                        allow_non_finites=True):
    """Imports a functional, aten-level torch.fx.GraphModule (make_fx's or
    AOTAutograd's; Dynamo's own graphs of torch functions are not aten) as
    `func.func @<model_name>` and lowers it to `output_type` ("raw", as
    upstream's default, "torch" or "linalg-on-tensors"). Returns the module.

    The function takes the graph's placeholders in order and returns its
    outputs; tensors the graph holds (get_attr) are literals, or what
    `hooks.resolve_literal` makes of them. `fx_importer`, `hooks`,
    `enable_graph_printing` (prints `gm`'s graph), `verbose`,
    `enable_ir_printing`, `backend_legal_ops` and `allow_non_finites` are
    export_and_import's.
    """
    output_type = OutputType.get(output_type)
    _check_non_finites(allow_non_finites, output_type)
    backend_legal_ops = _legal_op_names(backend_legal_ops)
    importer = _importer(fx_importer, hooks)
    if enable_graph_printing:
        gm.print_readable()
    importer.import_graph_module(gm, func_name=model_name)
    return _lower(importer.module, output_type, backend_legal_ops, verbose, enable_ir_printing)


def _import(program, output_type, func_name="main", params="literals", importer=None,
            mutations="overwrite", import_symbolic_shape_expressions=False,
            backend_legal_ops=(), verbose=False, enable_ir_printing=False):
    """Imports a decomposed (so functional) program and lowers it to `output_type`."""
    importer = importer or FxImporter()
    importer.import_program(program, func_name=func_name, params=params, decompose=False,
                            mutations=mutations,
                            import_symbolic_shape_expressions=import_symbolic_shape_expressions)
    return _lower(importer.module, output_type, backend_legal_ops, verbose, enable_ir_printing)


def _importer(fx_importer, hooks, context=None):
    """`fx_importer`, or a new FxImporter with `hooks` in `context`."""
    if fx_importer is None:
        return FxImporter(context=context, hooks=hooks)
    if hooks is not None or context is not None:
        raise ValueError("with fx_importer=, the importer's own context and hooks are used: "
                         "pass them to FxImporter(context=..., hooks=...) instead")
    return fx_importer


def _check_non_finites(allow_non_finites, output_type):
    if not allow_non_finites and output_type == OutputType.LINALG_ON_TENSORS:
        raise ValueError("allow_non_finites=False is not offered: the linalg lowering starts "
                         "a max or min at -inf or +inf and has no mode using the largest "
                         "finite value instead")


def _lower(module, output_type, backend_legal_ops=(), verbose=False, enable_ir_printing=False):
    """Lowers an imported `module` in place to `output_type`. `verbose`
    prints it as imported and after each stage (as upstream does);
    `enable_ir_printing` has MLIR print it after every pass, to stderr."""
    if not (verbose or enable_ir_printing):
        return lower_to(module, "fx", output_type, backend_legal_ops)
    # (what a stage makes, its pipeline), in order.
    stages = {OutputType.RAW: [],
              OutputType.TORCH: [("Torch Backend IR", torch_pipeline("fx", backend_legal_ops))]}
    stages[OutputType.LINALG_ON_TENSORS] = stages[OutputType.TORCH] + [
        ("Linalg-on-Tensors Backend IR", TORCH_TO_LINALG)]
    stages[OutputType.TOSA] = stages[OutputType.TORCH] + [("TOSA Backend IR", TORCH_TO_TOSA)]
    if verbose:
        print("\n====================\nTorchFX IR", module, sep="\n")
    made = "TorchFX IR"
    for making, pipeline in stages[output_type]:
        run_pipeline_with_repro_report(module, f"builtin.module({pipeline})",
                                       f"Lowering {made} -> {making}",
                                       enable_ir_printing=enable_ir_printing)
        made = making
        if verbose:
            print(f"\n====================\n{made}", module, sep="\n")
    return module


def _legal_op_names(ops):
    """`backend_legal_ops` (None: none) as a tuple of "aten.name.overload" strings."""
    if ops is None:
        return ()
    if isinstance(ops, str):
        raise TypeError("backend_legal_ops is a list of op names, like "
                        "['aten.softmax.int'], not one string")
    names = []
    for op in ops:
        name = str(op) if isinstance(op, torch._ops.OpOverload) else op
        if not isinstance(name, str) or name.count(".") < 1 or "," in name:
            raise ValueError(f"backend_legal_ops: {op!r} is not an op name like "
                             "'aten.softmax.int'")
        names.append(name if name.count(".") >= 2 else name + ".default")
    return tuple(names)


def _table(decomposition_table, backend_legal_ops=()):
    """The decomposition table to run: the default unless given, without the
    backend-legal ops."""
    table = decompositions.table() if decomposition_table is None else dict(decomposition_table)
    keep = set(backend_legal_ops)
    for op in list(table):
        if str(op) in keep or str(op).removesuffix(".default") in keep:
            del table[op]
    return table


def _check_model_kwargs(api, model, kwargs):
    """TypeError for a keyword `model`'s forward does not take (the rest
    become its keyword inputs)."""
    if not kwargs:
        return
    if isinstance(model, torch.export.ExportedProgram):
        unknown = list(kwargs)
        takes = "an ExportedProgram takes no example inputs"
    else:
        forward = model.forward if isinstance(model, torch.nn.Module) else model
        try:
            parameters = inspect.signature(forward).parameters.values()
        except (TypeError, ValueError):
            return
        if any(p.kind == p.VAR_KEYWORD for p in parameters):
            return
        names = {p.name for p in parameters
                 if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
        unknown = [k for k in kwargs if k not in names]
        takes = f"its forward takes {', '.join(sorted(names)) or 'no keyword arguments'}"
    if unknown:
        name = unknown[0]
        why = f" ({_NOT_OFFERED[name]})" if name in _NOT_OFFERED else ""
        raise TypeError(f"{api}() got an unexpected keyword argument {name!r}{why}: "
                        f"keyword arguments besides {api}'s own are the model's, and "
                        f"{takes}")


def _exported(model, example_args, example_kwargs, dynamic_shapes, strict):
    """`model` if it is an ExportedProgram, else torch.export.export of it.
    `strict=None`: non-strict, unless that stops at a Python number read from
    a tensor (`int(x)`, `float(x)`, `bool(x)` used as numbers), which only
    strict export (dynamo) traces; then strict."""
    if isinstance(model, torch.export.ExportedProgram):
        return model

    def export(strict):
        return torch.export.export(model, tuple(example_args), kwargs=example_kwargs or None,
                                   dynamic_shapes=dynamic_shapes, strict=strict)

    if strict is not None:
        return export(strict)
    from torch.fx.experimental.symbolic_shapes import GuardOnDataDependentSymNode

    try:
        return export(False)
    except GuardOnDataDependentSymNode:
        return export(True)


def compile(model, *example_args, dynamic_shapes=None, decomposition_table=None,
            backend_legal_ops=(), opt_level=2, seed=None, vectorize=True, threads=None,
            output_type="linalg-on-tensors", **example_kwargs):
    """Exports `model`, lowers it to linalg-on-tensors and JIT-compiles it with
    the reference backend (torch_mlir.refbackend). Returns a callable taking
    the same kind of arguments as `model.forward` and returning torch tensors
    in the same structure as eager. See torch_mlir.compiled.CompiledProgram.
    `decomposition_table` and `backend_legal_ops` are export_and_import's;
    `opt_level`, `seed` (None: torch.initial_seed(), so that after the same
    torch.manual_seed two compilations draw the same random stream),
    `vectorize` and `threads` are the reference backend's, as onnx.compile
    takes them (torch_mlir.refbackend.BackendOptions). `output_type` is the
    road to the reference backend: "linalg-on-tensors" (the default), or
    "tosa": lowered to TOSA (export_and_import's output_type="tosa", validated),
    then by MLIR's TOSA lowering to linalg-on-tensors, so that what runs is
    what the TOSA output says. A keyword `forward` does not take is a
    TypeError.
    """
    from torch_mlir.refbackend import BackendOptions

    options = BackendOptions(opt_level, torch.initial_seed() if seed is None else seed,
                             vectorize, threads)
    _check_model_kwargs("compile", model, example_kwargs)
    backend_legal_ops = _legal_op_names(backend_legal_ops)
    program = _exported(model, example_args, example_kwargs, dynamic_shapes, strict=None)
    # Decomposed once: CompiledProgram reads the signature of the program imported.
    program = decompose.run_decompositions(
        program, _table(decomposition_table, backend_legal_ops))
    state = model if isinstance(model, torch.nn.Module) else None
    return _compile_decomposed(program, state, options, backend_legal_ops, output_type)


def _compile_decomposed(program, state, options=None, backend_legal_ops=(),
                        output_type="linalg-on-tensors"):
    """compile's last step: a decomposed `program` imported, lowered to
    linalg-on-tensors and JIT-compiled. `state` is the module whose buffers
    the program reads and writes (None: the program's state dict); `options`
    the reference backend's (None: its defaults)."""
    from torch_mlir.compiled import CompiledProgram

    output_type = OutputType.get(output_type)
    if output_type not in (OutputType.LINALG_ON_TENSORS, OutputType.TOSA):
        raise ValueError(f"compile: output_type {output_type.value!r} does not run; the "
                         "reference backend runs 'linalg-on-tensors' or 'tosa'")
    module = _import(program, output_type, mutations="results",
                     backend_legal_ops=backend_legal_ops)
    if output_type == OutputType.TOSA:
        tosa_to_linalg(module)
    return CompiledProgram(program, module, state=state, options=options)
