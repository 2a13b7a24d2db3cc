"""torch-mlir-core[onnx], installed the way a user installs it, with no torch.

One fresh venv, `pip install --no-index 'torch_mlir_core-*.whl[onnx]'` from
the pinned wheel files. In it: `import torch` fails; a model made there with
onnx.helper goes through the `torch-mlir-import-onnx` command (with and
without --externalize-weights) and through torch_mlir.onnx.compile, and runs
against numpy (float32: rtol 1e-5, atol 1e-5); a file that is not a model
exits 1 naming it.
"""

import argparse
import sys
import unittest
from pathlib import Path

from fresh_venv import FreshVenv

ARGS = None

MAKE_MODEL = r"""
import sys
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
rng = np.random.default_rng(0)
w = rng.standard_normal((8, 4)).astype(np.float32)
b = rng.standard_normal(4).astype(np.float32)
graph = helper.make_graph(
    [helper.make_node("Gemm", ["x", "w", "b"], ["h"]), helper.make_node("Relu", ["h"], ["y"])],
    "mlp", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 8])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 4])],
    [numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b")])
onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)]), sys.argv[1])
np.save(sys.argv[2], w)
np.save(sys.argv[3], b)
"""

RUN = r"""
import sys
import numpy as np
from torch_mlir import onnx as tm_onnx, weights
from torch_mlir.refbackend import RefBackend
model, mlir, w, b = sys.argv[1:5]
w, b = np.load(w), np.load(b)
x = np.random.default_rng(1).standard_normal((3, 8)).astype(np.float32)
expected = np.maximum(x @ w + b, 0)
got = tm_onnx.compile(model)(x=x)["y"]
np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
module = tm_onnx.lower(weights.load_module(mlir))
backend = RefBackend()
np.testing.assert_allclose(backend.load(backend.compile(module)).main(x), expected,
                           rtol=1e-5, atol=1e-5)
print("matched")
"""


class CoreWheelOnnxTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.venv = FreshVenv()
        cls.venv.pip_install_with(ARGS.find_links, ARGS.wheel + "[onnx]")
        cls.model = cls.venv.tmp / "mlp.onnx"
        cls.w, cls.b = cls.venv.tmp / "w.npy", cls.venv.tmp / "b.npy"
        proc = cls.venv.python(["-c", MAKE_MODEL, str(cls.model), str(cls.w), str(cls.b)])
        if proc.returncode != 0:
            raise AssertionError(proc.stderr)

    @classmethod
    def tearDownClass(cls):
        cls.venv.remove()

    def test_torch_is_absent(self):
        self.assertNotEqual(self.venv.python(["-c", "import torch"]).returncode, 0)

    def test_the_command_and_compile(self):
        command = str(self.venv.bin / "torch-mlir-import-onnx")
        inline = self.venv.tmp / "inline.mlir"
        proc = self.venv.run([command, str(self.model), "-o", str(inline)])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn('torch.operator "onnx.Gemm"', inline.read_text())
        self.assertIn("dialect_resources", inline.read_text())  # w's bytes, in the text

        outside = self.venv.tmp / "outside.mlir"
        proc = self.venv.run([command, str(self.model), "-o", str(outside),
                              "--externalize-weights"])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertNotIn("dialect_resources", outside.read_text())
        self.assertTrue((self.venv.tmp / "outside.safetensors").is_file())

        proc = self.venv.python(["-c", RUN, str(self.model), str(outside),
                                 str(self.w), str(self.b)])
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertEqual(proc.stdout.strip(), "matched")

    def test_a_file_that_is_not_a_model(self):
        bad = self.venv.tmp / "bad.onnx"
        bad.write_bytes(b"\x00\x01 not a model")
        proc = self.venv.run([str(self.venv.bin / "torch-mlir-import-onnx"), str(bad)])
        self.assertEqual(proc.returncode, 1)
        self.assertIn("torch-mlir-import-onnx: error:", proc.stderr)
        self.assertIn("bad.onnx", proc.stderr)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", required=True)
    parser.add_argument("--find-links", nargs="+", required=True,
                        help="wheels the core wheel and its onnx extra require")
    ARGS, rest = parser.parse_known_args()
    ARGS.wheel = str(Path(ARGS.wheel).resolve())
    unittest.main(argv=[sys.argv[0]] + rest)
