"""torch_mlir.fx.compile and what it returns, from the two wheels as built.

The plumbing (arguments flattened and checked like torch.export's, results back
in eager's structure and dtypes) is tested on exported programs paired with a
hand-written linalg-on-tensors module for the same computation, apart from the
lowering. The lowering path is tested end to end by test/e2e; here, for its
errors: a clear LoweringError naming the op that does not lower, where it is,
and how to replay it.
"""

import argparse
import gc
import os
import re
import sys
import unittest
from pathlib import Path

import torch

import unpacked_wheels

ARGS = None
fx = ir = CompiledProgram = None


def setUpModule():
    global fx, ir, CompiledProgram
    unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import fx as fx_module, ir as ir_module
    from torch_mlir.compiled import CompiledProgram as compiled_program
    fx, ir, CompiledProgram = fx_module, ir_module, compiled_program


class AddAndScale(torch.nn.Module):
    def forward(self, x, y):
        return {"sum": x + y, "pair": (x * 2, y)}


ADD_AND_SCALE = """
#id = affine_map<(i, j) -> (i, j)>
func.func @main(%x: tensor<3x4xELEM>, %y: tensor<3x4xELEM>)
    -> (tensor<3x4xELEM>, tensor<3x4xELEM>, tensor<3x4xELEM>) {
  %e = tensor.empty() : tensor<3x4xELEM>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
         ins(%x, %y : tensor<3x4xELEM>, tensor<3x4xELEM>) outs(%e : tensor<3x4xELEM>) {
  ^bb0(%a: ELEM, %b: ELEM, %out: ELEM):
    %s = ADD %a, %b : ELEM
    linalg.yield %s : ELEM
  } -> tensor<3x4xELEM>
  %twice = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
         ins(%x : tensor<3x4xELEM>) outs(%e : tensor<3x4xELEM>) {
  ^bb0(%a: ELEM, %out: ELEM):
    %s = ADD %a, %a : ELEM
    linalg.yield %s : ELEM
  } -> tensor<3x4xELEM>
  return %sum, %twice, %y : tensor<3x4xELEM>, tensor<3x4xELEM>, tensor<3x4xELEM>
}
"""


def compiled_add_and_scale(dtype, element, add):
    example = (torch.ones(3, 4, dtype=dtype), torch.ones(3, 4, dtype=dtype))
    program = torch.export.export(AddAndScale(), example)
    with ir.Context():
        module = ir.Module.parse(ADD_AND_SCALE.replace("ELEM", element).replace("ADD", add))
        return CompiledProgram(program, module)


class CompiledProgramTest(unittest.TestCase):
    def check(self, dtype, element, add, x, y):
        got = compiled_add_and_scale(dtype, element, add)(x, y)
        eager = AddAndScale()(x, y)
        self.assertEqual(set(got), {"sum", "pair"})
        for g, e in [(got["sum"], eager["sum"]), (got["pair"][0], eager["pair"][0]),
                     (got["pair"][1], eager["pair"][1])]:
            self.assertEqual((g.dtype, g.shape), (e.dtype, e.shape))
            self.assertTrue(torch.equal(g, e), (g, e))

    def test_structure_and_values(self):
        self.check(torch.float32, "f32", "arith.addf", torch.randn(3, 4), torch.randn(3, 4))

    def test_integer_and_narrow_dtypes(self):
        self.check(torch.int64, "i64", "arith.addi",
                   torch.randint(-99, 99, (3, 4)), torch.randint(-99, 99, (3, 4)))
        # uint8 travels as i8 and comes back as uint8 (wrapping like eager).
        self.check(torch.uint8, "i8", "arith.addi",
                   torch.randint(0, 256, (3, 4), dtype=torch.uint8),
                   torch.randint(0, 256, (3, 4), dtype=torch.uint8))
        # bf16 travels as its bits; values chosen so sums are exact in bf16.
        self.check(torch.bfloat16, "bf16", "arith.addf",
                   torch.tensor([[1.0, 2.0, -4.0, 0.5]] * 3, dtype=torch.bfloat16),
                   torch.tensor([[0.25, 8.0, 4.0, -0.5]] * 3, dtype=torch.bfloat16))

    def test_inputs_are_not_written(self):
        x, y = torch.randn(3, 4), torch.randn(3, 4)
        before = (x.clone(), y.clone())
        got = compiled_add_and_scale(torch.float32, "f32", "arith.addf")(x, y)
        self.assertTrue(torch.equal(x, before[0]) and torch.equal(y, before[1]))
        self.assertFalse(got["pair"][1].data_ptr() == y.data_ptr())

    def test_bad_arguments(self):
        compiled = compiled_add_and_scale(torch.float32, "f32", "arith.addf")
        x = torch.randn(3, 4)
        with self.assertRaisesRegex(ValueError, "input 1 must be torch.float32, got torch.float64"):
            compiled(x, x.double())
        with self.assertRaisesRegex(ValueError, "do not match the example's structure"):
            compiled(x)
        with self.assertRaisesRegex(ValueError, "input 0 must be a tensor, got float"):
            compiled(1.0, x)
        with self.assertRaisesRegex(ValueError, r"dimension 1 must be 4"):
            compiled(torch.randn(3, 5), x)

    def test_inference_only(self):
        """An input that requires grad, in grad mode, would get results cut off
        from autograd: a ValueError says so; under no_grad it is values."""
        compiled = compiled_add_and_scale(torch.float32, "f32", "arith.addf")
        x, y = torch.randn(3, 4, requires_grad=True), torch.randn(3, 4)
        with self.assertRaisesRegex(ValueError, "input 0 requires grad, and the compiled "
                                                "function is inference only"):
            compiled(x, y)
        with torch.no_grad():
            got = compiled(x, y)
        self.assertTrue(torch.equal(got["sum"], (x + y).detach()))
        self.assertFalse(got["sum"].requires_grad)


class ReluPlus(torch.nn.Module):
    def forward(self, x):
        return torch.relu(x) + x


class MemoryTest(unittest.TestCase):
    def test_compiling_again_and_again_keeps_memory_flat(self):
        """After warm-up, 30 fx.compile's and calls of one model keep the
        resident memory within 3 MB. (Each kept engine was 0.5 MB; PyTorch
        itself keeps about 16 KB per export: the generated code of its graph
        modules, in torch.fx's source cache.)"""
        x = torch.ones(2, 3)

        def resident_mb():
            with open("/proc/self/statm") as f:
                return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

        def compile_and_run(times):
            for _ in range(times):
                self.assertTrue(torch.equal(fx.compile(ReluPlus(), x)(x), 2 * x))
            gc.collect()

        compile_and_run(10)
        before = resident_mb()
        compile_and_run(30)
        grown = resident_mb() - before
        self.assertLess(grown, 3.0, f"30 compiles kept {grown:.1f} MB")


class AddRows(torch.nn.Module):
    def forward(self, x, y):
        return x + y


class StackedPlus(torch.nn.Module):
    def forward(self, x, y):
        return torch.cat([x, x]) + y


class DynamicDimensionsTest(unittest.TestCase):
    """Sizes export tied together or bounded are checked before the call:
    the compiled code indexes by them and would read out of bounds."""

    def test_tied_and_bounded_dimensions(self):
        n = torch.export.Dim("n", min=2, max=16)
        compiled = fx.compile(AddRows(), torch.randn(3, 4), torch.randn(3, 4),
                              dynamic_shapes=({0: n}, {0: n}))
        x, y = torch.randn(5, 4), torch.randn(5, 4)
        self.assertTrue(torch.allclose(compiled(x, y), x + y))
        with self.assertRaisesRegex(ValueError, r"input 1 dimension 0 is 6, but input 0 "
                                                r"dimension 0 is 5; .* same dynamic dimension"):
            compiled(x, torch.randn(6, 4))
        with self.assertRaisesRegex(ValueError, r"input 0 dimension 0 is 17, outside \[2, 16\]"):
            compiled(torch.randn(17, 4), torch.randn(17, 4))
        with self.assertRaisesRegex(ValueError, r"input 0 dimension 0 is 1, outside \[2, 16\]"):
            compiled(torch.randn(1, 4), torch.randn(1, 4))

    def test_derived_dimension(self):
        n = torch.export.Dim("n", min=2, max=32)
        compiled = fx.compile(StackedPlus(), torch.randn(3, 2), torch.randn(6, 2),
                              dynamic_shapes=({0: n}, {0: 2 * n}))
        x, y = torch.randn(4, 2), torch.randn(8, 2)
        self.assertTrue(torch.allclose(compiled(x, y), StackedPlus()(x, y)))
        with self.assertRaisesRegex(ValueError, r"input 1 dimension 0 must be 8 "
                                                r"\(exported as 2\*s\w+\), got 7"):
            compiled(x, torch.randn(7, 2))


class Pools(torch.nn.Module):
    """Max pooling with indices and average pooling (with and without the
    padding counted), 1-D, 2-D and 3-D. (With ceil_mode, export guards on the
    sizes' parity and keeps no dynamic dim: compiler_utils_test runs that.)"""

    def forward(self, x):
        f = torch.nn.functional
        values, indices = f.max_pool2d(x, 3, 2, padding=1, return_indices=True)
        return (values, indices, f.avg_pool2d(x, 3, 2, padding=1),
                f.avg_pool2d(x, 2, count_include_pad=False, padding=1),
                f.max_pool1d(x.flatten(2), 2), f.avg_pool1d(x.flatten(2), 3, 2),
                f.max_pool3d(x.unsqueeze(1), 2))


class DynamicPlanesTest(unittest.TestCase):
    def test_pools_over_planes_known_at_run_time(self):
        # Height and width dynamic: odd and even sizes, as eager.
        h, w = torch.export.Dim("h", min=4, max=64), torch.export.Dim("w", min=4, max=64)
        compiled = fx.compile(Pools(), torch.randn(2, 3, 8, 9),
                              dynamic_shapes=({2: h, 3: w},))
        for size in ((8, 9), (5, 7), (12, 6)):
            x = torch.randn(2, 3, *size)
            for got, want in zip(compiled(x), Pools()(x)):
                self.assertEqual(got.shape, want.shape, size)
                self.assertTrue(torch.allclose(got, want, atol=1e-6), size)


class SymbolicShapeExpressionsTest(unittest.TestCase):
    """import_symbolic_shape_expressions=True: torch.export's size symbols and
    what they say about each tensor, in upstream torch-mlir's spelling; the
    linalg pipeline turns those on the arguments into checks in the compiled
    code itself (here called without fx.compile's own checks in front)."""

    def exported(self):
        n = torch.export.Dim("n", min=2, max=32)
        return torch.export.export(StackedPlus(), (torch.randn(3, 2), torch.randn(6, 2)),
                                   dynamic_shapes=({0: n}, {0: 2 * n}))

    def test_symbols_and_bindings(self):
        program = self.exported()
        (symbol,) = [str(s) for s in program.range_constraints if s.is_Symbol]
        text = str(fx.export_and_import(program, output_type="raw",
                                        import_symbolic_shape_expressions=True))
        self.assertIn(f'torch.symbolic_int "{symbol}" {{min_val = 2, max_val = 32}} : !torch.int',
                      text)
        self.assertRegex(text, r"torch.bind_symbolic_shape %arg0, \[%\w+\], "
                               r"affine_map<\(\)\[s0\] -> \(s0, 2\)> : !torch.vtensor<\[\?,2\],f32>")
        self.assertRegex(text, r"torch.bind_symbolic_shape %arg1, \[%\w+\], "
                               r"affine_map<\(\)\[s0\] -> \(s0 \* 2, 2\)>")
        # The results inside are bound too (cat, add: both 2 * n rows).
        self.assertEqual(text.count("affine_map<()[s0] -> (s0 * 2, 2)>"), 3, text)
        with ir.Context():
            self.assertEqual(str(ir.Module.parse(text)), text)  # it reads back as written
        plain = str(fx.export_and_import(program, output_type="raw"))
        self.assertNotIn("symbolic", plain)
        kept = str(fx.export_and_import(program, output_type="torch",
                                        import_symbolic_shape_expressions=True))
        self.assertIn("torch.bind_symbolic_shape %arg1", kept)

    def test_compiled_code_checks_the_arguments(self):
        from torch_mlir.refbackend import RefBackend

        program = self.exported()
        (symbol,) = [str(s) for s in program.range_constraints if s.is_Symbol]
        module = fx.export_and_import(program, output_type="linalg-on-tensors",
                                      import_symbolic_shape_expressions=True)
        self.assertNotIn("symbolic", str(module))
        backend = RefBackend()
        invoker = backend.load(backend.compile(module))
        x, y = torch.randn(4, 2), torch.randn(8, 2)
        got = invoker.invoke("main", x.numpy(), y.numpy())
        self.assertTrue(torch.allclose(torch.from_numpy(got), StackedPlus()(x, y)))
        with self.assertRaisesRegex(ValueError, rf"argument 0 dimension 0 \({symbol}\) is "
                                                r"outside \[2, 32\], the range torch.export"):
            invoker.invoke("main", torch.randn(33, 2).numpy(), torch.randn(66, 2).numpy())
        with self.assertRaisesRegex(ValueError, rf"argument 1 dimension 0 is not {symbol} \* 2"):
            invoker.invoke("main", x.numpy(), torch.randn(7, 2).numpy())


class BesselAfterNeg(torch.nn.Module):
    """neg lowers; bessel_j0 has no lowering (nor an op in our registry)."""

    def forward(self, x):
        return torch.special.bessel_j0(-x)


class LoweringTest(unittest.TestCase):
    def test_compile_reports_the_first_op_that_does_not_lower(self):
        with self.assertRaises(fx.LoweringError) as raised:
            fx.compile(BesselAfterNeg(), torch.randn(2))
        message = str(raised.exception)
        # The first line (all a log may show) names the op and its source line.
        self.assertRegex(message.splitlines()[0],
                         r'^"special_bessel_j0"\("[^"]*compile_test\.py":\d+:\d+\): '
                         r"'torch.operator' op \"aten.special_bessel_j0\" is not part of the "
                         r"linalg-on-tensors backend contract")
        self.assertIn("torch-backend-to-linalg-on-tensors-backend-pipeline failed", message)
        self.assertRegex(message, r"compile_test\.py\"?:\d+.*'torch.operator' op is not part of "
                                  r"the linalg-on-tensors backend contract")
        path = re.search(r"The IR it was given is in (\S+);", message).group(1)
        given = Path(path).read_text()
        self.assertIn("aten.special_bessel_j0", given)
        self.assertRegex(given, r"loc\(.*compile_test\.py")  # with its source locations
        self.assertIn("torch-mlir-opt --mlir-print-debuginfo --pass-pipeline='builtin.module("
                      "torchdynamo-export-to-torch-backend-pipeline,"
                      f"torch-backend-to-linalg-on-tensors-backend-pipeline)' {path}", message)
        os.unlink(path)

    def test_unknown_output_type(self):
        with self.assertRaisesRegex(ValueError, "output_type 'stablehlo' is not supported; this "
                                                "package offers raw, torch, linalg-on-tensors, tosa"):
            fx.export_and_import(BesselAfterNeg(), torch.randn(2), output_type="stablehlo")

    def test_tosa_output_is_validated_tosa(self):
        # A small CNN block to TOSA: no Torch left, only tosa ops in func.
        class Block(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)
                self.pool = torch.nn.MaxPool2d(2)

            def forward(self, x):
                return self.pool(torch.nn.functional.gelu(self.conv(x))).flatten(1)

        text = str(fx.export_and_import(Block(), torch.randn(2, 3, 8, 8), output_type="tosa"))
        for op in ("tosa.conv2d", "tosa.max_pool2d", "tosa.erf", "tosa.reshape"):
            self.assertIn(op, text)
        ops = set(re.findall(r"= ([a-z_]+\.[a-z_0-9.]+)", text))
        self.assertTrue(ops and all(op.startswith("tosa.") for op in ops), ops)

    def test_tosa_runs_and_matches_eager(self):
        # fx.compile through TOSA: the TOSA module lowered by MLIR's TOSA
        # lowering and run, against eager at odd sizes.
        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = torch.nn.Conv2d(3, 5, 3, stride=2, padding=1, groups=1)
                self.dw = torch.nn.Conv2d(5, 5, 3, padding=1, groups=5)
                self.fc = torch.nn.Linear(5 * 4 * 4, 7)

            def forward(self, x):
                y = torch.relu(self.conv(x))
                y = torch.nn.functional.avg_pool2d(self.dw(y), 2, ceil_mode=True,
                                                   count_include_pad=False)
                y = y.flatten(1)
                return torch.softmax(self.fc(y), dim=-1), y.amax(dim=1)

        torch.manual_seed(0)
        model = Net().eval()
        x = torch.randn(3, 3, 15, 15)
        compiled = fx.compile(model, x, output_type="tosa")
        for got, want in zip(compiled(x), model(x)):
            torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)

    def test_tosa_names_the_op_without_a_tosa_form(self):
        class Sort(torch.nn.Module):
            def forward(self, x):
                return torch.sort(x).values * 2

        with self.assertRaisesRegex(fx.LoweringError, r"(?s)'torch\.aten\.sort' op is not part of "
                                    r"the TOSA backend contract.*output_type 'linalg-on-tensors' "
                                    r"lowers this program"):
            fx.export_and_import(Sort(), torch.randn(5), output_type="tosa")
        # and the program does run through linalg-on-tensors, as it says
        x = torch.randn(5)
        torch.testing.assert_close(fx.compile(Sort(), x)(x), Sort()(x))

    def test_output_types(self):
        # raw: the importer's output; torch: after the dynamo pipeline (what
        # it removes is tested by test/Dialect/Torch/dead_code.mlir);
        # linalg-on-tensors: no Torch left.
        class Double(torch.nn.Module):
            def forward(self, x):
                return x * 2

        for output_type in ("raw", "torch"):
            text = str(fx.export_and_import(Double(), torch.randn(4), output_type=output_type))
            self.assertIn("torch.aten.mul.Tensor", text, output_type)
        lowered = str(fx.export_and_import(Double(), torch.randn(4), output_type="linalg-on-tensors"))
        self.assertIn("linalg.generic", lowered)
        self.assertNotIn("torch.", lowered)

    def test_output_type_enum(self):
        # Upstream's spelling: torch_mlir.compiler_utils.OutputType, its
        # members or their names, wherever an output_type goes.
        from torch_mlir.compiler_utils import OutputType

        class Double(torch.nn.Module):
            def forward(self, x):
                return x * 2

        for spec in (OutputType.LINALG_ON_TENSORS, "LINALG_ON_TENSORS", "linalg-on-tensors"):
            lowered = str(fx.export_and_import(Double(), torch.randn(4), output_type=spec))
            self.assertIn("linalg.generic", lowered, spec)
            self.assertNotIn("torch.aten", lowered, spec)
        torch_ir = str(fx.export_and_import(Double(), torch.randn(4), output_type=OutputType.TORCH))
        self.assertIn("torch.aten.mul.Tensor", torch_ir)
        self.assertIs(fx.OutputType, OutputType)
        for spec in (OutputType.TOSA, "TOSA", "tosa"):
            lowered = str(fx.export_and_import(Double(), torch.randn(4), output_type=spec))
            self.assertIn("tosa.mul", lowered, spec)
            self.assertNotIn("torch.aten", lowered, spec)
        with self.assertRaisesRegex(ValueError, "output_type 'stablehlo' is not "
                                                "supported; this package offers"):
            fx.export_and_import(Double(), torch.randn(4), output_type=OutputType.STABLEHLO)
        with self.assertRaisesRegex(ValueError, "output_type 'llvm' is not an output type"):
            fx.export_and_import(Double(), torch.randn(4), output_type="llvm")

    def test_unknown_keyword_is_a_type_error(self):
        # A keyword neither export_and_import's nor the model's: a TypeError
        # naming it, not an argument for forward failing inside torch.export.
        class Scale(torch.nn.Module):
            def forward(self, x, *, factor=2.0):
                return x * factor

        x = torch.randn(3)
        for api in (fx.export_and_import, fx.compile):
            # Upstream's keywords this package does not take say why.
            with self.assertRaisesRegex(TypeError, r"got an unexpected keyword argument "
                                                   r"'experimental_support_mutation' \(use "
                                                   r"mutations="):
                api(Scale(), x, experimental_support_mutation=True)
            with self.assertRaisesRegex(TypeError, r"unexpected keyword argument 'colour'.*"
                                                   r"its forward takes factor, x"):
                api(Scale(), x, colour=True)
        # The model's own keywords still reach it.
        compiled = fx.compile(Scale(), x, factor=3.0)
        self.assertTrue(torch.allclose(compiled(x, factor=3.0), x * 3))

    def test_backend_legal_ops_stay_whole(self):
        # aten.softmax.int is kept by PyTorch's table and by our pipeline;
        # everything else is decomposed as usual.
        class Attention(torch.nn.Module):
            def forward(self, q, k):
                return torch.softmax(q @ k.transpose(0, 1), -1).sum(0)

        q, k = torch.randn(4, 8), torch.randn(5, 8)
        kept = str(fx.export_and_import(Attention(), q, k, output_type="torch",
                                        backend_legal_ops=["aten.softmax.int"]))
        self.assertIn("torch.aten.softmax.int", kept)
        self.assertNotIn("torch.aten.matmul", kept)
        self.assertNotIn("torch.aten._softmax", kept)
        plain = str(fx.export_and_import(Attention(), q, k, output_type="torch"))
        self.assertNotIn("softmax", plain)
        with self.assertRaisesRegex(TypeError, "a list of op names"):
            fx.export_and_import(Attention(), q, k, backend_legal_ops="aten.softmax.int")
        # Without a table our own decompositions (torch-decompose-complex-ops)
        # take softmax apart, and the result runs like eager.
        compiled = fx.compile(Attention(), q, k, decomposition_table={})
        self.assertTrue(torch.allclose(compiled(q, k), Attention()(q, k), rtol=1e-5, atol=1e-6))

    def test_assertions_in_the_program_are_run_time_checks(self):
        # one_hot's decomposition asserts each class is < num_classes
        # (aten._assert_async.msg, an operator the registry lacks): a call
        # breaking it is a clear error, not a silent wrong answer.
        class OneHot(torch.nn.Module):
            def forward(self, x):
                return torch.nn.functional.one_hot(x, 5)

        compiled = fx.compile(OneHot(), torch.tensor([0, 3]))
        self.assertTrue(torch.equal(compiled(torch.tensor([1, 4])),
                                    OneHot()(torch.tensor([1, 4]))))
        with self.assertRaisesRegex(ValueError, "run-time check failed: .*num_classes"):
            compiled(torch.tensor([1, 7]))

    def test_half_precision_products_round_once(self):
        # f16 mm and convolution without bias accumulate in f32 and round
        # once, as eager does on CPU: within rtol 1e-3 of eager even over
        # long rows (an f16 accumulator is not).
        torch.manual_seed(0)
        cases = [
            (lambda a, b: a @ b, (torch.rand(8, 1024).half(), torch.rand(1024, 16).half())),
            (lambda x, w: torch.nn.functional.conv2d(x, w),
             (torch.rand(1, 64, 6, 6).half(), torch.rand(4, 64, 3, 3).half())),
        ]
        class Fn(torch.nn.Module):
            def __init__(self, fn):
                super().__init__()
                self.fn = fn

            def forward(self, a, b):
                return self.fn(a, b)

        for fn, args in cases:
            got = fx.compile(Fn(fn), *args)(*args)
            expected = fn(*args)
            self.assertTrue(torch.allclose(got.float(), expected.float(), rtol=1e-3, atol=1e-7),
                            (got - expected).abs().max())


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
