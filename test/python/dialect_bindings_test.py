"""MLIR's dialects in the core wheel's Python bindings, used as users use them.

Every dialect module our lowering writes imports and its op builders make ops
(linalg, scf, math, memref, vector, ml_program, bufferization, affine, complex,
index, beside builtin, func, arith, cf and tensor). A program built through
them alone (linalg.fill and linalg.matmul, a linalg.generic applying math.exp,
an scf.for accumulating) runs on the reference backend and matches numpy.
linalg's op DSL writes its named ops as YAML (PyYAML, which importing linalg
does not need). No torch: the core wheel, numpy and PyYAML.

Run: dialect_bindings_test.py [--wheel=<core wheel>] (without --wheel, the
torch_mlir on sys.path is tested).
"""

import importlib
import sys
import unittest

import numpy as np

import unpacked_wheels

DIALECTS = ("affine", "arith", "bufferization", "builtin", "cf", "complex", "func", "index",
            "linalg", "math", "memref", "ml_program", "scf", "tensor", "vector")


def run(module, *arrays):
    from torch_mlir.refbackend import RefBackend

    backend = RefBackend()
    return backend.load(backend.compile(module)).invoke("main", *arrays)


class DialectBindingsTest(unittest.TestCase):
    def test_every_dialect_imports_with_op_classes(self):
        for name in DIALECTS:
            with self.subTest(name):
                module = importlib.import_module(f"torch_mlir.dialects.{name}")
                ops = [v for v in vars(module).values()
                       if isinstance(v, type) and issubclass(v, ir.OpView)
                       and getattr(v, "OPERATION_NAME", "").startswith(name + ".")]
                self.assertTrue(ops, f"torch_mlir.dialects.{name} has no op builders")

    def test_linalg_matmul_and_generic_run(self):
        from torch_mlir.dialects import arith, func, linalg, math, tensor

        with ir.Context(), ir.Location.unknown():
            module = ir.Module.create()
            f32 = ir.F32Type.get()
            lhs, rhs = (ir.RankedTensorType.get(s, f32) for s in ([5, 7], [7, 3]))
            with ir.InsertionPoint(module.body):
                @func.FuncOp.from_py_func(lhs, rhs)
                def main(a, b):
                    zero = arith.ConstantOp(f32, 0.0)
                    product = linalg.matmul(a, b, outs=[linalg.fill(
                        zero, outs=[tensor.EmptyOp([5, 3], f32)])])
                    # exp of every element: a linalg.generic built by hand.
                    identity = ir.AffineMap.get_identity(2)
                    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
                    generic = linalg.GenericOp(
                        [product.type], [product], [tensor.EmptyOp([5, 3], f32)],
                        ir.ArrayAttr.get([ir.AffineMapAttr.get(identity)] * 2),
                        ir.ArrayAttr.get([parallel] * 2))
                    body = generic.regions[0].blocks.append(f32, f32)
                    with ir.InsertionPoint(body):
                        linalg.YieldOp([math.ExpOp(body.arguments[0]).result])
                    return generic.result
            self.assertTrue(module.operation.verify())
            text = str(module)
        self.assertIn("linalg.matmul", text)
        self.assertIn("math.exp", text)
        a = np.random.default_rng(0).random((5, 7), dtype=np.float32) / 4
        b = np.random.default_rng(1).random((7, 3), dtype=np.float32) / 4
        with ir.Context():
            got = run(ir.Module.parse(text), a, b)
        np.testing.assert_allclose(got, np.exp(a @ b), rtol=1e-5)

    def test_scf_for_runs(self):
        from torch_mlir.dialects import arith, func, scf

        with ir.Context(), ir.Location.unknown():
            module = ir.Module.create()
            i64, index_type = ir.IntegerType.get_signless(64), ir.IndexType.get()
            with ir.InsertionPoint(module.body):
                @func.FuncOp.from_py_func(i64)
                def main(n):
                    # sum of 0..9, plus n
                    lower, upper, step = (arith.ConstantOp(index_type, v) for v in (0, 10, 1))
                    loop = scf.ForOp(lower, upper, step, [n])
                    with ir.InsertionPoint(loop.body):
                        i = arith.IndexCastOp(i64, loop.induction_variable)
                        scf.YieldOp([arith.AddIOp(loop.inner_iter_args[0], i).result])
                    return loop.results[0]
            text = str(module)
        self.assertIn("scf.for", text)
        with ir.Context():
            self.assertEqual(int(run(ir.Module.parse(text), 7)), 7 + sum(range(10)))

    def test_opdsl_writes_every_named_op_as_yaml(self):
        # Our yaml_helper (PyYAML only when writing) gives MLIR's format: one
        # tagged !LinalgOpConfig document per named op, multi-line docs as
        # literal blocks. (It made byte-identical YAML to MLIR's module for
        # all 87 ops when written.)
        import yaml
        from torch_mlir.dialects.linalg.opdsl.lang.comprehension import LinalgOpDef
        from torch_mlir.dialects.linalg.opdsl.lang.config import LinalgOpConfig
        from torch_mlir.dialects.linalg.opdsl.lang.yaml_helper import yaml_dump_all
        from torch_mlir.dialects.linalg.opdsl.ops import core_named_ops

        defs = [v.op_def for v in vars(core_named_ops).values()
                if isinstance(getattr(v, "op_def", None), LinalgOpDef)]
        text = "".join(yaml_dump_all(LinalgOpConfig.from_linalg_op_def(d)) for d in defs)
        documents = list(yaml.compose_all(text))
        self.assertEqual(len(documents), len(defs))
        self.assertGreater(len(defs), 50)
        self.assertEqual({d.tag for d in documents}, {"!LinalgOpConfig"})
        names = {dict((k.value, v) for k, v in d.value)["metadata"].value[0][1].value
                 for d in documents}
        self.assertIn("matmul", names)
        self.assertIn("doc: |-\n    Performs a matrix multiplication of two 2D inputs.", text)

    def test_ml_program_global(self):
        from torch_mlir.dialects import ml_program

        with ir.Context(), ir.Location.unknown():
            module = ir.Module.create()
            value = ir.DenseElementsAttr.get(np.arange(4, dtype=np.float32))
            with ir.InsertionPoint(module.body):
                ml_program.GlobalOp("weights", ir.TypeAttr.get(value.type), value=value,
                                    sym_visibility="private")
            self.assertTrue(module.operation.verify())
            self.assertIn("ml_program.global private @weights(dense<[0.000000e+00, "
                          "1.000000e+00, 2.000000e+00, 3.000000e+00]>", str(module))


if __name__ == "__main__":
    wheels = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--wheel=")]
    if wheels:
        unpacked_wheels.use(wheels)
    from torch_mlir import ir

    unittest.main(argv=sys.argv[:1] + [a for a in sys.argv[1:] if not a.startswith("--wheel=")],
                  verbosity=2)
