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

from torch_mlir.extras.fx_importer import FxImporter, FxImportError

__all__ = ["export_and_import", "FxImporter", "FxImportError", "OUTPUT_TYPES"]

# What export_and_import can return. Lowerings to other dialects (linalg, tosa,
# stablehlo) need the conversion passes, which this package does not have yet.
OUTPUT_TYPES = ("torch",)


def export_and_import(model, *example_args, dynamic_shapes=None, func_name="main",
                      output_type="torch", params="literals", strict=False,
                      context=None, **example_kwargs):
    """Exports `model` with `torch.export.export` and imports it.

    Returns a `torch_mlir.ir.Module` holding `func.func @<func_name>` in the
    Torch dialect (value-semantic tensors). `model` is an `nn.Module` or an
    existing `torch.export.ExportedProgram` (then no example args are needed).
    `dynamic_shapes` is passed to torch.export (dimensions it marks dynamic
    come out as `?`). `params` is "literals" (parameters and buffers embedded
    as `torch.vtensor.literal`) or "arguments" (passed to the function after
    the user inputs).
    """
    if output_type not in OUTPUT_TYPES:
        raise ValueError(f"output_type {output_type!r} is not supported; this package "
                         f"offers {', '.join(OUTPUT_TYPES)}")
    if isinstance(model, torch.export.ExportedProgram):
        program = model
    else:
        program = torch.export.export(model, tuple(example_args), kwargs=example_kwargs or None,
                                      dynamic_shapes=dynamic_shapes, strict=strict)
    importer = FxImporter(context=context)
    importer.import_program(program, func_name=func_name, params=params)
    return importer.module
