"""ONNX Runtime's contrib ops (domain com.microsoft), as optimized exports hold
them, compiled by torch_mlir.onnx.compile and compared with onnxruntime (the
ops' definition) on random inputs at rtol 1e-4, atol 1e-5 (f32). An op of
that domain is never taken for the default domain's op of the same name."""

import sys
import unittest

import numpy as np
from onnx import TensorProto, helper

import unpacked_wheels

RTOL, ATOL = 1e-4, 1e-5
MS = "com.microsoft"


def model(nodes, inputs, outputs):
    graph = helper.make_graph(nodes, "g", inputs, outputs)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17),
                                                   helper.make_opsetid(MS, 1)])


def tensor(name, shape):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, shape)


class ContribOpsTest(unittest.TestCase):
    def setUp(self):
        self.rng = np.random.default_rng(0)

    def floats(self, *shape):
        return self.rng.standard_normal(shape).astype(np.float32)

    def check(self, m, inputs):
        import onnxruntime

        got = tm_onnx.compile(m)(**inputs)
        session = onnxruntime.InferenceSession(m.SerializeToString(),
                                               providers=["CPUExecutionProvider"])
        names = [o.name for o in m.graph.output]
        for name, want in zip(names, session.run(names, inputs)):
            np.testing.assert_allclose(got[name], want, rtol=RTOL, atol=ATOL, err_msg=name)

    def test_the_gelu_family(self):
        x, b = self.floats(3, 8), self.floats(8)
        for op, extra in [("Gelu", []), ("FastGelu", ["b"]), ("BiasGelu", ["b"]),
                          ("QuickGelu", [])]:
            with self.subTest(op=op):
                m = model([helper.make_node(op, ["x", *extra], ["y"], domain=MS)],
                          [tensor("x", [3, 8]), *[tensor("b", [8]) for _ in extra]],
                          [tensor("y", [3, 8])])
                self.check(m, {"x": 3 * x, **({"b": b} if extra else {})})

    def test_fused_matmul(self):
        for trans_a, trans_b in [(0, 0), (1, 0), (0, 1), (1, 1)]:
            with self.subTest(transA=trans_a, transB=trans_b):
                a_shape = [2, 5, 4] if trans_a else [2, 4, 5]
                b_shape = [3, 5] if trans_b else [5, 3]
                m = model([helper.make_node("FusedMatMul", ["a", "b"], ["y"], domain=MS,
                                            alpha=0.5, transA=trans_a, transB=trans_b)],
                          [tensor("a", a_shape), tensor("b", b_shape)], [tensor("y", [2, 4, 3])])
                self.check(m, {"a": self.floats(*a_shape), "b": self.floats(*b_shape)})

    def test_skip_layer_normalization(self):
        shape = [2, 3, 8]
        m = model([helper.make_node("SkipLayerNormalization",
                                    ["x", "skip", "gamma", "beta", "bias"],
                                    ["y", "", "", "sum"], domain=MS, epsilon=1e-5)],
                  [tensor("x", shape), tensor("skip", shape), tensor("gamma", [8]),
                   tensor("beta", [8]), tensor("bias", [8])],
                  [tensor("y", shape), tensor("sum", shape)])
        self.check(m, {"x": self.floats(*shape), "skip": self.floats(*shape),
                       "gamma": self.floats(8), "beta": self.floats(8),
                       "bias": self.floats(8)})
        m = model([helper.make_node("SkipSimplifiedLayerNormalization",
                                    ["x", "skip", "gamma"], ["y"], domain=MS, epsilon=1e-6)],
                  [tensor("x", shape), tensor("skip", shape), tensor("gamma", [8])],
                  [tensor("y", shape)])
        self.check(m, {"x": self.floats(*shape), "skip": self.floats(*shape),
                       "gamma": self.floats(8)})

    def test_another_domains_op_is_not_the_default_ones(self):
        # A Relu of com.microsoft is not ONNX's Relu: it is named, not converted.
        m = model([helper.make_node("Relu", ["x"], ["y"], domain=MS)],
                  [tensor("x", [2])], [tensor("y", [2])])
        with self.assertRaisesRegex(RuntimeError, "no conversion for ONNX domain 'com.microsoft'"):
            tm_onnx.compile(m)


if __name__ == "__main__":
    wheels = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--wheel=")]
    unpacked_wheels.use(wheels)
    from torch_mlir import onnx as tm_onnx
    unittest.main(argv=sys.argv[:1])
