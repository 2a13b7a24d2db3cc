"""What the front ends share: the output types, the pipelines that make them,
and the error a failed lowering raises.

    from torch_mlir.compiler_utils import OutputType
    module = fx.export_and_import(model, x, output_type=OutputType.LINALG_ON_TENSORS)

`torch_mlir.fx` (PyTorch programs) and `torch_mlir.onnx` (ONNX models) both
take an `output_type` as an OutputType or its string ("torch",
"linalg-on-tensors", or the upper-case name), and both raise LoweringError.
Needs no PyTorch.
"""

import enum
import os
import re
import tempfile

from . import ir
from .passmanager import PassManager

__all__ = ["CompileError", "LoweringError", "OutputType", "lower", "lower_to",
           "torch_pipeline"]


class CompileError(RuntimeError):
    """The module could not be lowered; the message holds MLIR's diagnostics.
    (torch_mlir.refbackend raises it too, as refbackend.CompileError.)"""


class OutputType(enum.Enum):
    """What a front end returns: the importer's output (RAW), the Torch
    backend contract (TORCH: value tensors, shapes and dtypes known, only ops
    a backend lowers), or LINALG_ON_TENSORS (what the reference backend runs).
    TOSA and STABLEHLO are upstream's other targets; this package does not
    offer them and says so."""

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


OFFERED = (OutputType.RAW, OutputType.TORCH, OutputType.LINALG_ON_TENSORS)

# Torch backend contract -> linalg-on-tensors: the same for every front end.
TORCH_TO_LINALG = "torch-backend-to-linalg-on-tensors-backend-pipeline"

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
    if output_type == OutputType.LINALG_ON_TENSORS:
        pipeline += "," + TORCH_TO_LINALG
    return pipeline


def run_pipeline(pipeline, operation):
    """Runs the textual pass pipeline `pipeline` on `operation` in place,
    verifying the IR it is given first and the IR it makes last; ir.MLIRError
    if either is not valid IR or a pass fails.

    Not between passes, as MLIR's PassManager does by default: for the
    reference backend's ~50 passes that verification took a third to a half
    of the pipeline's time (test/fx's models). Each pass's output is checked
    by our lit tests, and torch-mlir-opt, which a failure's replay command
    runs, verifies after every pass."""
    operation.verify()
    manager = PassManager.parse(pipeline)
    manager.enable_verifier(False)
    manager.run(operation)
    operation.verify()


class LoweringError(CompileError):
    """A lowering pipeline failed. The message has MLIR's diagnostics (each op
    named at its source location), the pipeline, and a file holding the IR it
    was given, to replay with torch-mlir-opt."""


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
    with module.context:
        # A clone of what the pipeline is given, printed only if it fails:
        # printing every module (a resnet18's weights are 89 MB of hex) took
        # longer than some of the pipelines.
        before = module.operation.clone()
        try:
            run_pipeline(f"builtin.module({pipeline})", module.operation)
        except ir.MLIRError as error:
            fd, path = tempfile.mkstemp(prefix="torch_mlir_lowering_", suffix=".mlir")
            with os.fdopen(fd, "w") as f:
                f.write(before.operation.get_asm(enable_debug_info=True))
            raise LoweringError(
                f"{_headline(error)}\n{pipeline} failed: {error}\n"
                f"The IR it was given is in {path}; replay with:\n"
                f"  torch-mlir-opt --mlir-print-debuginfo "
                f"--pass-pipeline='builtin.module({pipeline})' {path}") from None
        finally:
            before.operation.erase()
    return module


def lower_to(module, front_end, output_type, backend_legal_ops=()):
    """Lowers `front_end`'s imported `module` in place to `output_type`."""
    pipeline = pipeline_for(front_end, output_type, backend_legal_ops)
    if pipeline:
        lower(module, pipeline)
    return module
