"""What the front ends share: the output types, the pipelines that make them,
and the error a failed lowering raises.

    from torch_mlir.compiler_utils import OutputType
    module = fx.export_and_import(model, x, output_type=OutputType.LINALG_ON_TENSORS)

`torch_mlir.fx` (PyTorch programs) and `torch_mlir.onnx` (ONNX models) both
take an `output_type` as an OutputType or its string ("torch",
"linalg-on-tensors", "tosa", or the upper-case name), and both raise
LoweringError.
Needs no PyTorch.

Upstream torch-mlir's helpers are here under their names, over the same
pipelines: run_pipeline_with_repro_report, lower_mlir_module,
BackendLoweringOptions, and TorchMlirCompilerError (another name for
LoweringError). Its TorchScript-era TensorPlaceholder is not: asking for it
raises an ImportError naming what replaced it.
"""

import dataclasses
import enum
import os
import re
import tempfile

from . import ir
from .passmanager import PassManager

__all__ = ["BackendLoweringOptions", "CompileError", "LoweringError", "OutputType",
           "TorchMlirCompilerError", "lower", "lower_mlir_module", "lower_to",
           "lower_torch_to_tosa", "run_pipeline_with_repro_report", "torch_pipeline",
           "tosa_to_linalg"]


class CompileError(RuntimeError):
    """The module could not be lowered; the message holds MLIR's diagnostics.
    (torch_mlir.refbackend raises it too, as refbackend.CompileError.)"""


class OutputType(enum.Enum):
    """What a front end returns: the importer's output (RAW), the Torch
    backend contract (TORCH: value tensors, shapes and dtypes known, only ops
    a backend lowers), LINALG_ON_TENSORS (what the reference backend runs) or
    TOSA (the pre-1.0 TOSA spec of LLVM 19, main inference profile, checked by
    tosa-validate; the reference backend runs it through MLIR's TOSA
    lowering). STABLEHLO is upstream's other target; this package does not
    offer it and says so."""

    RAW = "raw"
    TORCH = "torch"
    LINALG_ON_TENSORS = "linalg-on-tensors"
    TOSA = "tosa"
    STABLEHLO = "stablehlo"

    @staticmethod
    def get(spec):
        """`spec` (an OutputType, its value or its name, in any case) as an
        OutputType this package offers; ValueError otherwise."""
        if isinstance(spec, OutputType):
            found = spec
        elif isinstance(spec, str):
            key = spec.strip().lower().replace("_", "-")
            found = next((t for t in OutputType if t.value == key), None)
        else:
            found = None
        offered = ", ".join(t.value for t in OFFERED)
        if found is None:
            raise ValueError(f"output_type {spec!r} is not an output type; one of {offered} "
                             "(or torch_mlir.compiler_utils.OutputType)")
        if found not in OFFERED:
            raise ValueError(f"output_type {found.value!r} is not supported; this package "
                             f"offers {offered}")
        return found


OFFERED = (OutputType.RAW, OutputType.TORCH, OutputType.LINALG_ON_TENSORS, OutputType.TOSA)

# Torch backend contract -> linalg-on-tensors, or -> TOSA: the same for every
# front end.
TORCH_TO_LINALG = "torch-backend-to-linalg-on-tensors-backend-pipeline"
TORCH_TO_TOSA = "torch-backend-to-tosa-backend-pipeline"
# TOSA -> linalg-on-tensors, which the reference backend compiles.
TOSA_TO_LINALG = "refback-tosa-to-linalg-on-tensors-pipeline"
BACKEND_PIPELINES = {OutputType.LINALG_ON_TENSORS: TORCH_TO_LINALG,
                     OutputType.TOSA: TORCH_TO_TOSA}

# Each front end's pipeline to the Torch backend contract.
TORCH_PIPELINES = {
    "fx": "torchdynamo-export-to-torch-backend-pipeline",
    "onnx": "torch-onnx-to-torch-backend-pipeline",
}


def torch_pipeline(front_end, backend_legal_ops=()):
    """The pipeline taking `front_end`'s ("fx" or "onnx") imported IR to the
    Torch backend contract, keeping `backend_legal_ops` ("aten.softmax.int",
    ...) whole."""
    pipeline = TORCH_PIPELINES[front_end]
    if backend_legal_ops:
        pipeline += "{backend-legal-ops=" + ",".join(backend_legal_ops) + "}"
    return pipeline


def pipeline_for(front_end, output_type, backend_legal_ops=()):
    """The pass pipeline making `output_type` from `front_end`'s imported IR,
    or None for RAW."""
    output_type = OutputType.get(output_type)
    if output_type == OutputType.RAW:
        return None
    pipeline = torch_pipeline(front_end, backend_legal_ops)
    if output_type in BACKEND_PIPELINES:
        pipeline += "," + BACKEND_PIPELINES[output_type]
    return pipeline


def run_pipeline(pipeline, operation, print_ir=False):
    """Runs the textual pass pipeline `pipeline` on `operation` in place,
    verifying the IR it is given first and the IR it makes last; ir.MLIRError
    if either is not valid IR or a pass fails. With `print_ir`, MLIR prints
    the IR after each pass to standard error (the context is made
    single-threaded, which MLIR's IR printing needs).

    Not between passes, as MLIR's PassManager does by default: for the
    reference backend's ~50 passes that verification took a third to a half
    of the pipeline's time (test/fx's models). Each pass's output is checked
    by our lit tests, and torch-mlir-opt, which a failure's replay command
    runs, verifies after every pass."""
    operation.verify()
    manager = PassManager.parse(pipeline)
    manager.enable_verifier(False)
    if print_ir:
        operation.context.enable_multithreading(False)
        manager.enable_ir_printing()
    manager.run(operation)
    operation.verify()


class LoweringError(CompileError):
    """A lowering pipeline failed. The message has MLIR's diagnostics (each op
    named at its source location), the pipeline, and a file holding the IR it
    was given, to replay with torch-mlir-opt."""


# Upstream's name for the error a failed pipeline raises: `except
# TorchMlirCompilerError` catches every LoweringError, from fx, onnx and
# run_pipeline_with_repro_report alike.
TorchMlirCompilerError = LoweringError


def _headline(error):
    """The first line of a LoweringError: where the first diagnostic's op came
    from and what it says (the one line a log shows), or MLIR's own first line.
    A `torch.operator` is named by the op it stands for."""
    diagnostics = getattr(error, "error_diagnostics", None) or []
    if not diagnostics:
        return str(error).splitlines()[0]
    first = diagnostics[0]
    where = str(first.location)
    if where.startswith("loc(") and where.endswith(")"):
        where = where[len("loc("):-1]
    message = str(first.message).splitlines()[0]
    for note in first.notes:
        name = re.search(r'"torch\.operator"\(.*<\{name = "([^"]+)"', str(note.message))
        if name and "'torch.operator' op" in message:
            message = message.replace("'torch.operator' op",
                                      f"'torch.operator' op \"{name.group(1)}\"", 1)
            break
    return f"{where}: {message}"


def lower(module, pipeline):
    """Runs the pass pipeline `pipeline` on `module` in place; LoweringError
    if it fails."""
    _run_or_raise(module, f"builtin.module({pipeline})", pipeline)
    return module


def _run_or_raise(module, full_pipeline, shown, description=None, print_ir=False):
    """Runs `full_pipeline` (textual, anchored on builtin.module) on `module`;
    on failure, LoweringError whose first line is `description` (if given)
    and the first diagnostic, then `shown` and MLIR's diagnostics, and the
    file holding the IR the pipeline was given with the command replaying it."""
    with module.context:
        # A clone of what the pipeline is given, printed only if it fails:
        # printing every module (a resnet18's weights are 89 MB of hex) took
        # longer than some of the pipelines.
        before = module.operation.clone()
        try:
            run_pipeline(full_pipeline, module.operation, print_ir=print_ir)
        except (ir.MLIRError, ValueError) as error:
            # ValueError: a pipeline text PassManager cannot parse.
            fd, path = tempfile.mkstemp(prefix="torch_mlir_lowering_", suffix=".mlir")
            with os.fdopen(fd, "w") as f:
                f.write(before.operation.get_asm(enable_debug_info=True))
            headline = _headline(error)
            if description:
                headline = f"{description} failed: {headline}"
            raise LoweringError(
                f"{headline}\n{shown} failed: {error}\n"
                f"The IR it was given is in {path}; replay with:\n"
                f"  torch-mlir-opt --mlir-print-debuginfo "
                f"--pass-pipeline='{full_pipeline}' {path}") from None
        finally:
            before.operation.erase()


def lower_to(module, front_end, output_type, backend_legal_ops=()):
    """Lowers `front_end`'s imported `module` in place to `output_type`."""
    output_type = OutputType.get(output_type)
    if output_type == OutputType.TOSA:
        lower(module, torch_pipeline(front_end, backend_legal_ops))
        return lower_torch_to_tosa(module)
    pipeline = pipeline_for(front_end, output_type, backend_legal_ops)
    if pipeline:
        lower(module, pipeline)
    return module


def lower_torch_to_tosa(module):
    """Lowers `module`, at the Torch backend contract, to TOSA in place. If
    an op has no TOSA form, the LoweringError names it and says whether the
    linalg-on-tensors lowering takes the program (tried on a copy)."""
    with module.context:
        before = module.operation.clone()
    try:
        lower(module, TORCH_TO_TOSA)
    except LoweringError as error:
        try:
            lower(before, TORCH_TO_LINALG)
            verdict = ("output_type 'linalg-on-tensors' lowers this program "
                       "(torch_mlir's linalg-on-tensors lowering takes it whole)")
        except LoweringError:
            verdict = "output_type 'linalg-on-tensors' does not lower this program either"
        headline, _, rest = str(error).partition("\n")
        raise LoweringError(f"{headline}\n{verdict}\n{rest}") from None
    finally:
        before.operation.erase()
    return module


def tosa_to_linalg(module):
    """Lowers a TOSA `module` (what output_type "tosa" makes) in place to
    linalg-on-tensors, for the reference backend (MLIR's TOSA lowering,
    validating the main inference profile)."""
    return lower(module, TOSA_TO_LINALG)


def run_pipeline_with_repro_report(module, pipeline, description, enable_ir_printing=False):
    """Upstream's way to run a pass pipeline: runs the textual `pipeline`
    ("builtin.module(...)") on `module` in place. If it fails (or its text
    does not parse), raises TorchMlirCompilerError (our LoweringError) whose
    message starts with "<description> failed:" and the first diagnostic, then
    holds all of MLIR's diagnostics, the file holding the IR the pipeline was
    given, and the torch-mlir-opt command that replays the failure.
    `enable_ir_printing` has MLIR print the IR after every pass to standard
    error."""
    if not description:
        name = module.operation.attributes["torch.debug_module_name"] \
            if "torch.debug_module_name" in module.operation.attributes else None
        description = f"{ir.StringAttr(name).value if name else 'module'} compile"
    _run_or_raise(module, pipeline, pipeline, description, print_ir=enable_ir_printing)


@dataclasses.dataclass
class BackendLoweringOptions:
    """Upstream's options for lower_mlir_module. `allow_non_finites`: whether
    the lowered code may produce and rely on inf and nan (a max reduction
    starts from -inf). Our linalg-on-tensors lowering always does; asking it
    not to is a ValueError from lower_mlir_module."""

    allow_non_finites: bool = True


def lower_mlir_module(verbose, output_type, module, backend_options=None):
    """Upstream's last lowering step: takes `module`, already at the Torch
    backend contract (what fx.export_and_import(..., output_type="torch")
    returns), to `output_type` in place and returns it. OutputType.TORCH
    returns it as it is; LINALG_ON_TENSORS runs
    torch-backend-to-linalg-on-tensors-backend-pipeline and TOSA
    torch-backend-to-tosa-backend-pipeline (failures raise
    TorchMlirCompilerError). STABLEHLO is not offered here, and RAW is an
    importer's output, not a lowering's: both are ValueError.
    `verbose` prints the module before and after, to standard output."""
    output_type = OutputType.get(output_type)
    options = backend_options if backend_options is not None else BackendLoweringOptions()
    if not options.allow_non_finites:
        raise ValueError("BackendLoweringOptions(allow_non_finites=False) is not offered: "
                         "this package's linalg-on-tensors lowering always allows inf and nan")
    if output_type == OutputType.RAW:
        raise ValueError("lower_mlir_module takes Torch backend IR to 'torch', "
                         "'linalg-on-tensors' or 'tosa'; 'raw' is what an importer makes")
    if verbose:
        print("\n====================\nTorch Backend IR", module, sep="\n")
    if output_type == OutputType.TORCH:
        return module
    made = {OutputType.LINALG_ON_TENSORS: "Linalg-on-Tensors Backend IR",
            OutputType.TOSA: "TOSA Backend IR"}[output_type]
    run_pipeline_with_repro_report(
        module, f"builtin.module({BACKEND_PIPELINES[output_type]})",
        f"Lowering Torch Backend IR -> {made}")
    if verbose:
        print(f"\n====================\n{made}", module, sep="\n")
    return module


def __getattr__(name):
    if name == "TensorPlaceholder":
        raise ImportError(
            "torch_mlir.compiler_utils.TensorPlaceholder (upstream's TorchScript-era input "
            "description) is not in this package: with torch.export, pass example inputs "
            "and mark dynamic dimensions with dynamic_shapes, e.g. "
            "fx.export_and_import(model, x, dynamic_shapes={'x': {0: "
            "torch.export.Dim('batch')}}) (torch_mlir.fx, from the torch-mlir wheel)",
            name=__name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
