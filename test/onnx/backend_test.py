"""torch_mlir.onnx.backend.Backend driven by ONNX's own test runner
(onnx.backend.test.BackendTest) over a sample of the node suite (one case per
op family; about 5 s): the runner compares each case's outputs with its own
expected ones, at its own tolerances. The whole suite, by stage, is
node_suite_test."""

import sys
import unittest

import unpacked_wheels

# Node cases (their names in the suite, which BackendTest suffixes with _cpu).
SAMPLE = [
    "test_relu", "test_add_bcast", "test_matmul_4d", "test_gemm_all_attributes",
    "test_softmax_axis_1", "test_conv_with_strides_and_asymmetric_padding",
    "test_maxpool_2d_pads", "test_reduce_sum_keepdims_random",
    "test_resize_upsample_scales_linear", "test_gather_negative_indices",
    "test_layer_normalization_4d_axis1", "test_rms_normalization_2d_axis1",
    "test_einsum_batch_matmul", "test_top_k", "test_cumsum_1d_reverse",
]


class BackendUnitTest(unittest.TestCase):
    def test_supports_cpu_only(self):
        self.assertTrue(Backend.supports_device("CPU"))
        self.assertFalse(Backend.supports_device("CUDA"))

    def test_outputs_by_position_and_name(self):
        from onnx import TensorProto, helper
        import numpy as np
        graph = helper.make_graph(
            [helper.make_node("Neg", ["x"], ["y"]), helper.make_node("Abs", ["x"], ["z"])],
            "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3]),
             helper.make_tensor_value_info("z", TensorProto.FLOAT, [3])])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
        x = np.array([-1.0, 2.0, -3.0], np.float32)
        out = Backend.run_model(model, [x])
        np.testing.assert_array_equal(out[0], -x)
        np.testing.assert_array_equal(out.z, np.abs(x))


if __name__ == "__main__":
    wheels = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--wheel=")]
    unpacked_wheels.use(wheels)
    import onnx.backend.test
    from torch_mlir.onnx.backend import Backend
    backend_test = onnx.backend.test.BackendTest(Backend, __name__)
    for name in SAMPLE:
        backend_test.include(f"^{name}_cpu$")
    cases = backend_test.test_cases
    generated = {name for case in cases.values() for name in dir(case)}
    missing = [n for n in SAMPLE if f"{n}_cpu" not in generated]
    if missing:  # a sample that names no case would pass by not running
        raise SystemExit(f"not in onnx's node suite: {missing}")
    globals().update(cases)
    unittest.main(argv=sys.argv[:1])
