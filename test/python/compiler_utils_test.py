"""Upstream torch-mlir's helper names in the core wheel, as upstream documents
them: run_pipeline_with_repro_report, lower_mlir_module,
BackendLoweringOptions and TorchMlirCompilerError in torch_mlir.compiler_utils,
lower_mlir_module taking upstream's backend contract (aten.matmul and
__interpolate whole) and the result run against numpy; and the ImportError naming the replacement of each TorchScript-era name
(torch_mlir.compile, torch_mlir.torchscript, TensorPlaceholder). No torch, no
onnx: only the core wheel and numpy.

Run: compiler_utils_test.py [--wheel=<core wheel>] (without --wheel, the
torch_mlir on sys.path is tested).
"""

import os
import sys
import tempfile
import unittest

import numpy as np

import unpacked_wheels

# relu(x + y): Torch backend IR, what lower_mlir_module takes.
ADD_RELU = """
func.func @main(%x: !torch.vtensor<[2,3],f32>, %y: !torch.vtensor<[2,3],f32>)
    -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %x, %y, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  return %1 : !torch.vtensor<[2,3],f32>
}
"""

# An op with no lowering: the linalg pipeline stops at it.
UNLOWERABLE = """
func.func @main(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.operator "aten.no_such_op"(%x) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> loc("the_node")
  return %0 : !torch.vtensor<[2],f32>
}
"""

# Ops upstream's Torch backend contract keeps whole (its ONNX road writes
# MatMul as aten.matmul and Resize as __interpolate), which our conversion
# does not take: a batched matmul with broadcast batches, F.interpolate
# nearest by a factor of 2 and bilinear with align_corners to a size.
UPSTREAM_CONTRACT = """
func.func @main(%a: !torch.vtensor<[2,1,3,4],f32>, %b: !torch.vtensor<[5,4,6],f32>,
                %x: !torch.vtensor<[1,2,3,4],f32>)
    -> (!torch.vtensor<[2,5,3,6],f32>, !torch.vtensor<[1,2,6,8],f32>,
        !torch.vtensor<[1,2,5,7],f32>) {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %nearest = torch.constant.str "nearest"
  %bilinear = torch.constant.str "bilinear"
  %f2 = torch.constant.float 2.000000e+00
  %int5 = torch.constant.int 5
  %int7 = torch.constant.int 7
  %scales = torch.prim.ListConstruct %f2, %f2 : (!torch.float, !torch.float) -> !torch.list<float>
  %size = torch.prim.ListConstruct %int5, %int7 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[2,1,3,4],f32>, !torch.vtensor<[5,4,6],f32> -> !torch.vtensor<[2,5,3,6],f32>
  %1 = torch.aten.__interpolate.size_list_scale_list %x, %none, %scales, %nearest, %none, %none, %false : !torch.vtensor<[1,2,3,4],f32>, !torch.none, !torch.list<float>, !torch.str, !torch.none, !torch.none, !torch.bool -> !torch.vtensor<[1,2,6,8],f32>
  %2 = torch.aten.__interpolate.size_list_scale_list %x, %size, %none, %bilinear, %true, %none, %false : !torch.vtensor<[1,2,3,4],f32>, !torch.list<int>, !torch.none, !torch.str, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,2,5,7],f32>
  return %0, %1, %2 : !torch.vtensor<[2,5,3,6],f32>, !torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,5,7],f32>
}
"""

# Torch IR as TorchScript-era upstream wrote it: mutable tensors
# (!torch.tensor) with type bounds on the arguments, no types inside, ops
# written in place and through views. z = x * y + 2; z[1] = 0 (through a
# row); z[:, 0] *= 2 (through a column block of z's transpose); returned: z,
# z's row 0 taken before the column write, and tanh of z's second column.
MUTABLE = """
func.func @main(%x: !torch.tensor {torch.type_bound = !torch.vtensor<[3,4],f32>},
                %y: !torch.tensor {torch.type_bound = !torch.vtensor<[3,4],f32>})
    -> (!torch.tensor, !torch.tensor, !torch.tensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %float2 = torch.constant.float 2.000000e+00
  %0 = torch.aten.mul.Tensor %x, %y : !torch.tensor, !torch.tensor -> !torch.tensor
  %1 = torch.aten.add_.Scalar %0, %float2, %int1 : !torch.tensor, !torch.float, !torch.int -> !torch.tensor
  %row1 = torch.aten.select.int %1, %int0, %int1 : !torch.tensor, !torch.int, !torch.int -> !torch.tensor
  %2 = torch.aten.zero_ %row1 : !torch.tensor -> !torch.tensor
  %row0 = torch.aten.select.int %1, %int0, %int0 : !torch.tensor, !torch.int, !torch.int -> !torch.tensor
  %t = torch.aten.transpose.int %1, %int0, %int1 : !torch.tensor, !torch.int, !torch.int -> !torch.tensor
  %col0 = torch.aten.slice.Tensor %t, %int0, %int0, %int1, %int1 : !torch.tensor, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.tensor
  %3 = torch.aten.mul_.Scalar %col0, %float2 : !torch.tensor, !torch.float -> !torch.tensor
  %col1 = torch.aten.select.int %1, %int1, %int1 : !torch.tensor, !torch.int, !torch.int -> !torch.tensor
  %4 = torch.aten.tanh %col1 : !torch.tensor -> !torch.tensor
  return %1, %row0, %4 : !torch.tensor, !torch.tensor, !torch.tensor
}
"""

# Pools with ceil_mode over planes known only at run time: a last window
# that starts inside the input runs past it (and one that would start past
# the input and its left padding is not made).
CEIL_POOLS = """
func.func @main(%x: !torch.vtensor<[1,1,?,?],f32>)
    -> (!torch.vtensor<[1,1,?,?],f32>, !torch.vtensor<[1,1,?,?],f32>) {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %none = torch.constant.none
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool2d %x, %k, %s, %p, %d, %true : !torch.vtensor<[1,1,?,?],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,1,?,?],f32>
  %1 = torch.aten.avg_pool2d %x, %k, %s, %p, %true, %true, %none : !torch.vtensor<[1,1,?,?],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,1,?,?],f32>
  return %0, %1 : !torch.vtensor<[1,1,?,?],f32>, !torch.vtensor<[1,1,?,?],f32>
}
"""


def ceil_pool(x, kernel, stride, pad, reduce, count_padding):
    """PyTorch's 2-D pooling with ceil_mode over one plane, by loops."""
    def size(n):
        out = -(-(n + 2 * pad - kernel) // stride) + 1
        return out - 1 if (out - 1) * stride >= n + pad else out
    rows, cols = size(x.shape[0]), size(x.shape[1])
    out = np.zeros((rows, cols), np.float32)
    for i in range(rows):
        for j in range(cols):
            r0, c0 = i * stride - pad, j * stride - pad
            r1, c1 = min(r0 + kernel, x.shape[0] + pad), min(c0 + kernel, x.shape[1] + pad)
            window = x[max(r0, 0):min(r1, x.shape[0]), max(c0, 0):min(c1, x.shape[1])]
            if reduce == "max":
                out[i, j] = window.max()
            else:
                count = (r1 - r0) * (c1 - c0) if count_padding else window.size
                out[i, j] = window.sum() / count
    return out


LINALG = "builtin.module(torch-backend-to-linalg-on-tensors-backend-pipeline)"


def bilinear_align_corners(x, sizes):
    """numpy's reference for F.interpolate(x, size=sizes, mode="bilinear",
    align_corners=True): per spatial dim, output o samples the input at
    o * (in - 1) / (out - 1), blending its two neighbours."""
    for axis, out in zip((2, 3), sizes):
        n = x.shape[axis]
        pos = np.linspace(0.0, n - 1, out)
        lo = np.floor(pos).astype(np.int64)
        hi = np.minimum(lo + 1, n - 1)
        shape = [1] * x.ndim
        shape[axis] = out
        w = (pos - lo).reshape(shape)
        x = np.take(x, lo, axis) * (1 - w) + np.take(x, hi, axis) * w
    return x


def parse(text):
    with ir.Context():
        return ir.Module.parse(text)


def stderr_of(fn):
    """What `fn()` writes to file descriptor 2 (MLIR's C++ writes there)."""
    sys.stderr.flush()
    with tempfile.TemporaryFile() as f:
        saved = os.dup(2)
        os.dup2(f.fileno(), 2)
        try:
            fn()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        f.seek(0)
        return f.read().decode()


class RunPipelineWithReproReportTest(unittest.TestCase):
    def test_runs_the_pipeline_in_place(self):
        module = parse(ADD_RELU)
        self.assertIsNone(cu.run_pipeline_with_repro_report(module, LINALG, "to linalg"))
        self.assertIn("linalg.generic", str(module))
        self.assertNotIn("torch.aten", str(module))

    def test_failure_is_a_torch_mlir_compiler_error_with_description_and_diagnostics(self):
        module = parse(UNLOWERABLE)
        with self.assertRaises(cu.TorchMlirCompilerError) as caught:
            cu.run_pipeline_with_repro_report(module, LINALG, "Lowering my model")
        message = str(caught.exception)
        self.assertTrue(message.startswith("Lowering my model failed: "), message)
        # MLIR's diagnostic, at the op's location, naming the op.
        self.assertIn("the_node", message.splitlines()[0])
        self.assertIn("aten.no_such_op", message)
        self.assertIn(LINALG, message)
        # The IR the pipeline was given, in a file the replay command names.
        path = message.split("The IR it was given is in ")[1].split(";")[0]
        with open(path) as f:
            self.assertIn("aten.no_such_op", f.read())
        self.assertIn(f"torch-mlir-opt --mlir-print-debuginfo --pass-pipeline='{LINALG}' {path}",
                      message)
        os.remove(path)
        # Ours and upstream's names are one class, a CompileError.
        self.assertIsInstance(caught.exception, cu.LoweringError)
        self.assertIsInstance(caught.exception, cu.CompileError)

    def test_empty_description_names_the_module(self):
        module = parse(UNLOWERABLE)
        with module.context:
            module.operation.attributes["torch.debug_module_name"] = ir.StringAttr.get("Net")
        with self.assertRaisesRegex(cu.TorchMlirCompilerError, "^Net compile failed: "):
            cu.run_pipeline_with_repro_report(module, LINALG, "")

    def test_a_pipeline_that_does_not_parse_is_a_compiler_error(self):
        module = parse(ADD_RELU)
        with self.assertRaisesRegex(cu.TorchMlirCompilerError,
                                    "(?s)^bad pipeline failed: .*no-such-pass"):
            cu.run_pipeline_with_repro_report(module, "builtin.module(no-such-pass)",
                                              "bad pipeline")

    def test_enable_ir_printing_prints_the_ir_after_each_pass(self):
        module = parse(ADD_RELU)
        printed = stderr_of(lambda: cu.run_pipeline_with_repro_report(
            module, "builtin.module(func.func(convert-torch-to-linalg))", "to linalg",
            enable_ir_printing=True))
        self.assertIn("IR Dump After", printed)
        self.assertIn("linalg.generic", printed)
        quiet = stderr_of(lambda: cu.run_pipeline_with_repro_report(
            parse(ADD_RELU), "builtin.module(func.func(convert-torch-to-linalg))", "x"))
        self.assertEqual(quiet, "")

    def test_lower_failures_are_caught_as_torch_mlir_compiler_error(self):
        module = parse(UNLOWERABLE)
        with self.assertRaises(cu.TorchMlirCompilerError):
            cu.lower_to(module, "onnx", "linalg-on-tensors")


class LowerMlirModuleTest(unittest.TestCase):
    def test_linalg_on_tensors_lowers_and_runs(self):
        module = cu.lower_mlir_module(False, cu.OutputType.LINALG_ON_TENSORS, parse(ADD_RELU))
        text = str(module)
        self.assertIn("linalg.generic", text)
        self.assertNotIn("torch.", text)
        self.check_add_relu(module)

    def test_upstreams_contract_ops_lower_and_run(self):
        module = cu.lower_mlir_module(False, cu.OutputType.LINALG_ON_TENSORS,
                                      parse(UPSTREAM_CONTRACT))
        self.assertNotIn("torch.", str(module))
        from torch_mlir.refbackend import RefBackend
        backend = RefBackend()
        invoker = backend.load(backend.compile(module))
        rng = np.random.default_rng(0)
        a = rng.standard_normal((2, 1, 3, 4)).astype(np.float32)
        b = rng.standard_normal((5, 4, 6)).astype(np.float32)
        x = rng.standard_normal((1, 2, 3, 4)).astype(np.float32)
        product, nearest, bilinear = invoker.main(a, b, x)
        np.testing.assert_allclose(product, np.matmul(a, b), rtol=1e-5, atol=1e-5)
        np.testing.assert_array_equal(nearest, x.repeat(2, axis=2).repeat(2, axis=3))
        np.testing.assert_allclose(bilinear, bilinear_align_corners(x, (5, 7)),
                                   rtol=1e-5, atol=1e-6)

    def test_mutable_torch_ir_lowers_and_runs(self):
        module = parse(MUTABLE)
        cu.run_pipeline_with_repro_report(
            module, "builtin.module(torch-function-to-torch-backend-pipeline)",
            "Lowering mutable Torch IR to the backend contract")
        text = str(module)
        self.assertNotIn("!torch.tensor", text)
        self.assertNotIn("torch.copy", text)
        cu.lower_mlir_module(False, cu.OutputType.LINALG_ON_TENSORS, module)
        from torch_mlir.refbackend import RefBackend
        backend = RefBackend()
        invoker = backend.load(backend.compile(module))
        rng = np.random.default_rng(1)
        x = rng.standard_normal((3, 4)).astype(np.float32)
        y = rng.standard_normal((3, 4)).astype(np.float32)
        z, row0, tanh_col1 = invoker.main(x, y)
        want = x * y + 2
        want[1] = 0
        want[:, 0] *= 2
        np.testing.assert_allclose(z, want, rtol=1e-6, atol=1e-6)
        # A view sees the writes made after it was taken.
        np.testing.assert_allclose(row0, want[0], rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(tanh_col1, np.tanh(want[:, 1]), rtol=1e-6, atol=1e-6)

    def test_written_argument_is_refused_by_name(self):
        module = parse(MUTABLE.replace("%0 = torch.aten.mul.Tensor %x, %y",
                                       "%0 = torch.aten.mul_.Tensor %x, %y"))
        with self.assertRaisesRegex(cu.TorchMlirCompilerError,
                                    "writes argument #0 of @main in place"):
            cu.run_pipeline_with_repro_report(
                module, "builtin.module(torch-function-to-torch-backend-pipeline)",
                "Lowering mutable Torch IR to the backend contract")

    def test_ceil_mode_pools_over_dynamic_planes(self):
        module = cu.lower_mlir_module(False, cu.OutputType.LINALG_ON_TENSORS,
                                      parse(CEIL_POOLS))
        from torch_mlir.refbackend import RefBackend
        backend = RefBackend()
        invoker = backend.load(backend.compile(module))
        rng = np.random.default_rng(2)
        for h, w in ((5, 5), (6, 7), (8, 4), (9, 10)):
            x = rng.standard_normal((1, 1, h, w)).astype(np.float32)
            got_max, got_avg = invoker.main(x)
            np.testing.assert_array_equal(got_max[0, 0], ceil_pool(x[0, 0], 3, 2, 1, "max", True))
            np.testing.assert_allclose(got_avg[0, 0], ceil_pool(x[0, 0], 3, 2, 1, "avg", True),
                                       rtol=1e-6, atol=1e-6)

    def test_output_type_by_name_and_options(self):
        module = cu.lower_mlir_module(False, "linalg-on-tensors", parse(ADD_RELU),
                                      cu.BackendLoweringOptions())
        self.assertIn("linalg.generic", str(module))

    def test_torch_returns_the_module_unchanged(self):
        module = parse(ADD_RELU)
        before = str(module)
        self.assertIs(cu.lower_mlir_module(False, cu.OutputType.TORCH, module), module)
        self.assertEqual(str(module), before)

    def test_verbose_prints_before_and_after(self):
        import contextlib
        import io
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            cu.lower_mlir_module(True, cu.OutputType.LINALG_ON_TENSORS, parse(ADD_RELU))
        printed = out.getvalue()
        self.assertIn("Torch Backend IR", printed)
        self.assertIn("torch.aten.relu", printed)
        self.assertIn("Linalg-on-Tensors Backend IR", printed)
        self.assertIn("linalg.generic", printed)

    def test_failure_names_the_lowering(self):
        with self.assertRaisesRegex(cu.TorchMlirCompilerError,
                                    "^Lowering Torch Backend IR -> Linalg-on-Tensors Backend "
                                    "IR failed: .*the_node"):
            cu.lower_mlir_module(False, cu.OutputType.LINALG_ON_TENSORS, parse(UNLOWERABLE))

    def check_add_relu(self, module):
        """Runs ADD_RELU's lowered `module` on the reference backend, against numpy."""
        from torch_mlir.refbackend import RefBackend
        backend = RefBackend()
        invoker = backend.load(backend.compile(module))
        x = np.array([[1, -2, 3], [-4, 5, -6]], np.float32)
        y = np.array([[0.5, 0.5, -4], [4.5, -5, 6]], np.float32)
        np.testing.assert_array_equal(invoker.main(x, y), np.maximum(x + y, 0))

    def test_tosa(self):
        # Torch backend IR to TOSA, validated; then run through MLIR's TOSA
        # lowering by the reference backend, against numpy.
        module = cu.lower_mlir_module(False, cu.OutputType.TOSA, parse(ADD_RELU))
        text = str(module)
        self.assertIn("tosa.add", text)
        self.assertIn("tosa.clamp", text)
        self.assertNotIn("torch.", text)
        cu.tosa_to_linalg(module)
        self.check_add_relu(module)

    def test_what_is_not_offered_is_refused_by_name(self):
        for output_type, pattern in ((cu.OutputType.STABLEHLO, "stablehlo"),
                                     (cu.OutputType.RAW, "raw")):
            with self.subTest(output_type), self.assertRaisesRegex(ValueError, pattern):
                cu.lower_mlir_module(False, output_type, parse(ADD_RELU))
        with self.assertRaisesRegex(ValueError, "allow_non_finites"):
            cu.lower_mlir_module(False, cu.OutputType.LINALG_ON_TENSORS, parse(ADD_RELU),
                                 cu.BackendLoweringOptions(allow_non_finites=False))

    def test_backend_lowering_options_is_upstreams_dataclass(self):
        self.assertTrue(cu.BackendLoweringOptions().allow_non_finites)
        self.assertFalse(cu.BackendLoweringOptions(allow_non_finites=False).allow_non_finites)


class RemovedNamesTest(unittest.TestCase):
    """Each TorchScript-era name raises an ImportError naming its replacement."""

    REPLACEMENT = r"torch_mlir\.fx\.export_and_import.*torch_mlir\.fx\.compile.*torch_mlir\.onnx"

    def test_torch_mlir_compile(self):
        with self.assertRaisesRegex(ImportError, "torch_mlir.compile .*" + self.REPLACEMENT):
            torch_mlir.compile(object(), None)
        with self.assertRaisesRegex(ImportError, "torch_mlir.compile .*" + self.REPLACEMENT):
            exec("from torch_mlir import compile")

    def test_torch_mlir_torchscript(self):
        for statement in ("import torch_mlir.torchscript",
                          "from torch_mlir.torchscript import compile",
                          "from torch_mlir import torchscript",
                          "torch_mlir.torchscript"):
            with self.subTest(statement), self.assertRaisesRegex(
                    ImportError, "torch_mlir.torchscript .*" + self.REPLACEMENT):
                exec(statement, {"torch_mlir": torch_mlir})
        self.assertNotIn("torch_mlir.torchscript", sys.modules)

    def test_tensor_placeholder(self):
        for statement in ("from torch_mlir.compiler_utils import TensorPlaceholder",
                          "cu.TensorPlaceholder([3, 4], None)",
                          "from torch_mlir import TensorPlaceholder"):
            with self.subTest(statement), self.assertRaisesRegex(
                    ImportError, r"TensorPlaceholder.*dynamic_shapes.*torch\.export\.Dim"):
                exec(statement, {"cu": cu})

    def test_other_names_are_plain_attribute_errors(self):
        self.assertFalse(hasattr(torch_mlir, "no_such_name"))
        self.assertFalse(hasattr(cu, "no_such_name"))
        with self.assertRaises(ModuleNotFoundError):
            exec("import torch_mlir.no_such_module")


if __name__ == "__main__":
    wheels = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--wheel=")]
    if wheels:
        unpacked_wheels.use(wheels)
    import torch_mlir
    from torch_mlir import compiler_utils as cu
    from torch_mlir import ir
    unittest.main(argv=sys.argv[:1] + [a for a in sys.argv[1:] if not a.startswith("--wheel=")])
