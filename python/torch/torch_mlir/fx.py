"""torch.export programs as Torch-dialect MLIR.

    import torch
    from torch_mlir import fx

    module = fx.export_and_import(torch.nn.Linear(4, 3), torch.randn(2, 4))
    print(module)

Part of the `torch-mlir` wheel, which needs PyTorch; the bindings it builds on
(`torch_mlir.ir`, the dialects) come from `torch-mlir-core`, which does not.
"""

try:
    import torch
except ImportError as e:  # the core wheel alone: say what is missing
    raise ImportError("torch_mlir.fx needs PyTorch (torch>=2.3): pip install torch-mlir "
                      "installs it; torch-mlir-core alone has no PyTorch.") from e

import os
import tempfile

from torch_mlir import decompositions, ir
from torch_mlir.extras.fx_importer import FxImporter, FxImportError
from torch_mlir.passmanager import PassManager

__all__ = ["compile", "default_decompositions", "export_and_import", "FxImporter",
           "FxImportError", "LoweringError", "OUTPUT_TYPES"]

# What export_and_import can return, and the pipeline that makes each from the
# importer's output.
LOWERINGS = {
    "raw": None,
    "torch": "torchdynamo-export-to-torch-backend-pipeline",
    "linalg-on-tensors": "torchdynamo-export-to-torch-backend-pipeline,"
                         "torch-backend-to-linalg-on-tensors-backend-pipeline",
}
OUTPUT_TYPES = tuple(LOWERINGS)


class LoweringError(RuntimeError):
    """A lowering pipeline failed. The message has MLIR's diagnostics (each op
    named at its source location), the pipeline, and a file holding the IR it
    was given, to replay with torch-mlir-opt."""


def default_decompositions():
    """The decomposition table export_and_import applies unless given another
    (a new dict): see torch_mlir.decompositions."""
    return decompositions.table()


def export_and_import(model, *example_args, dynamic_shapes=None, func_name="main",
                      output_type="torch", params="literals", strict=False,
                      context=None, decomposition_table=None, mutations="overwrite",
                      import_symbolic_shape_expressions=False, **example_kwargs):
    """Exports `model` with `torch.export.export` and imports it.

    Returns a `torch_mlir.ir.Module` holding `func.func @<func_name>` in the
    Torch dialect (value-semantic tensors). `model` is an `nn.Module` or an
    existing `torch.export.ExportedProgram` (then no example args are needed).
    `dynamic_shapes` is passed to torch.export (dimensions it marks dynamic
    come out as `?`). `params` is "literals" (parameters and buffers embedded
    as `torch.vtensor.literal`) or "arguments" (passed to the function after
    the user inputs).

    `output_type` is "raw" (the importer's output), "torch" (after
    torchdynamo-export-to-torch-backend-pipeline: the Torch backend contract,
    folded, no dead code) or "linalg-on-tensors" (then lowered by
    torch-backend-to-linalg-on-tensors-backend-pipeline; raises LoweringError
    naming the first op that does not lower).

    `mutations` is how buffers and inputs the program writes come out:
    "overwrite" (`!torch.tensor` arguments written by
    `torch.overwrite.tensor.contents`) or "results" (value-tensor arguments
    whose new values are extra results after the user outputs, in the order
    of the graph signature's output specs; what "linalg-on-tensors" needs).

    `decomposition_table` maps ATen ops to Python decompositions that
    `program.run_decompositions` applies before import; None means
    `default_decompositions()`, `{}` only functionalizes.

    `import_symbolic_shape_expressions=True` keeps what torch.export knows
    about dynamic sizes: a `torch.symbolic_int` per size symbol (its name and
    range) and a `torch.bind_symbolic_shape` per tensor with symbolic sizes
    (`affine_map<()[s0] -> (s0, s0 * 2)>`). They survive "torch"; lowering to
    "linalg-on-tensors" turns those on the arguments into run-time checks
    (a size out of its range is a ValueError from the compiled function).
    """
    if output_type not in OUTPUT_TYPES:
        raise ValueError(f"output_type {output_type!r} is not supported; this package "
                         f"offers {', '.join(OUTPUT_TYPES)}")
    program = _exported(model, example_args, example_kwargs, dynamic_shapes, strict)
    if decomposition_table is None:
        decomposition_table = decompositions.table()
    program = program.run_decompositions(decomposition_table)
    return _import(program, output_type, func_name, params, context, mutations,
                   import_symbolic_shape_expressions)


def _import(program, output_type, func_name="main", params="literals", context=None,
            mutations="overwrite", import_symbolic_shape_expressions=False):
    """Imports a decomposed (so functional) program and lowers it to `output_type`."""
    importer = FxImporter(context=context)
    importer.import_program(program, func_name=func_name, params=params, decompose=False,
                            mutations=mutations,
                            import_symbolic_shape_expressions=import_symbolic_shape_expressions)
    module = importer.module
    if LOWERINGS[output_type]:
        lower(module, LOWERINGS[output_type])
    return module


def _exported(model, example_args, example_kwargs, dynamic_shapes, strict):
    """`model` if it is an ExportedProgram, else torch.export.export of it."""
    if isinstance(model, torch.export.ExportedProgram):
        return model
    return torch.export.export(model, tuple(example_args), kwargs=example_kwargs or None,
                               dynamic_shapes=dynamic_shapes, strict=strict)


def lower(module, pipeline):
    """Runs the named pass pipeline on `module` in place; LoweringError if it fails."""
    with module.context:
        before = module.operation.get_asm(enable_debug_info=True)
        try:
            PassManager.parse(f"builtin.module({pipeline})").run(module.operation)
        except ir.MLIRError as error:
            fd, path = tempfile.mkstemp(prefix="torch_mlir_lowering_", suffix=".mlir")
            with os.fdopen(fd, "w") as f:
                f.write(before)
            raise LoweringError(
                f"{pipeline} failed: {error}\n"
                f"The IR it was given is in {path}; replay with:\n"
                f"  torch-mlir-opt --mlir-print-debuginfo "
                f"--pass-pipeline='builtin.module({pipeline})' {path}") from None


def compile(model, *example_args, dynamic_shapes=None, **example_kwargs):
    """Exports `model`, lowers it to linalg-on-tensors and JIT-compiles it with
    the reference backend (torch_mlir.refbackend). Returns a callable taking
    the same kind of arguments as `model.forward` and returning torch tensors
    in the same structure as eager. See torch_mlir.compiled.CompiledProgram.
    """
    from torch_mlir.compiled import CompiledProgram

    program = _exported(model, example_args, example_kwargs, dynamic_shapes, strict=False)
    # Decomposed once: CompiledProgram reads the signature of the program imported.
    program = program.run_decompositions(decompositions.table())
    module = _import(program, "linalg-on-tensors", mutations="results")
    state = model if isinstance(model, torch.nn.Module) else None
    return CompiledProgram(program, module, state=state)
