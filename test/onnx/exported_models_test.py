"""The real-model corpus: models as users bring them, written by PyTorch's
stock ONNX exporters (corpus.py, a build action: //test/onnx:corpus_<exporter>),
compiled once by torch_mlir.onnx.compile and compared against onnxruntime
(pinned) on the same file. No torch here: the corpus holds each export's
inputs and eager PyTorch's outputs beside the file.

--corpus is one exporter's corpus.zip. Every model is there twice: static (at
batch 2, sequence 16) and with a dynamic batch, and sequence where the model
has one. A dynamic export is compiled once and run at three sizes, 1
included; a static one at its size, and at another batch, which must be a
ValueError.

Tolerances (float32): ours against onnxruntime rtol 1e-4, atol 1e-5;
onnxruntime against eager PyTorch rtol 1e-3, atol 1e-4 (that the file is the
model: this test compares compilers, not exporters). Outputs must not be
vanishingly small.

EXPECTED_FAILURES lists, per exporter, what does not run yet, with the stage
that stops it and why; a listed model that runs fails the test (take it off
the list), and so does a model of the corpus the test does not know.
"""

import argparse
import io
import json
import sys
import unittest
import zipfile

import numpy as np
import onnx
import onnxruntime

import unpacked_wheels

RTOL, ATOL = 1e-4, 1e-5
EXPORT_RTOL, EXPORT_ATOL = 1e-3, 1e-4
ARGS = None
tm_onnx = CompileError = None

# The corpus's models (corpus.py's MODELS), each exported static and dynamic.
MODELS = ("resnet18", "mobilenet_v2", "bert", "distilbert", "gpt2", "t5_encoder", "mlp", "cnn",
          "attention", "encoder", "lstm", "gru")

# exporter -> model, or "<model> (dynamic)" for its dynamic export only ->
# (stage, a substring of the error). Stages: "export" (the exporter itself
# fails: not ours to fix), "compile", "run" (the compiled model's ValueError
# at a size other than the example's).
EXPECTED_FAILURES = {
    "torchscript": {},
    "dynamo": {
        # torch 2.13's exporter decomposes T5's attention into a view of a
        # transposed tensor, which torch.export refuses ("Cannot view a tensor
        # with shape [2, 16, 4, 8] and strides ...").
        "t5_encoder": ("export", "Cannot view a tensor"),
    },
}


class Export:
    """One export of the corpus: its file, meta.json, data.npz or error.txt."""

    def __init__(self, corpus, name, dynamic):
        self.name, self.dynamic = name, dynamic
        prefix = f"{name}/{'dynamic' if dynamic else 'static'}/"
        files = {n[len(prefix):] for n in corpus.namelist() if n.startswith(prefix)}
        if not files:
            raise AssertionError(f"the corpus has no {prefix}")
        self.error = corpus.read(prefix + "error.txt").decode() if "error.txt" in files else None
        if self.error is None:
            self.data = corpus.read(prefix + "model.onnx")
            self.meta = json.loads(corpus.read(prefix + "meta.json"))
            self.arrays = dict(np.load(io.BytesIO(corpus.read(prefix + "data.npz"))))

    def feed(self, b, t):
        return {n: self.arrays[f"{b}x{t}.{n}"] for n in self.meta["names"]}

    def eager(self, b, t):
        return self.arrays[f"{b}x{t}.eager"]


def expected_failure(name, dynamic):
    """The model's entry in EXPECTED_FAILURES for this export, or None."""
    table = EXPECTED_FAILURES[ARGS.exporter]
    return table.get(name) or (table.get(f"{name} (dynamic)") if dynamic else None)


class ExportedModelsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.corpus = zipfile.ZipFile(ARGS.corpus)

    @classmethod
    def tearDownClass(cls):
        cls.corpus.close()

    def run_model(self, name, dynamic):
        expected = expected_failure(name, dynamic)
        export = Export(self.corpus, name, dynamic)
        if export.error is not None:
            if expected and expected[0] == "export":
                self.assertIn(expected[1], export.error)
                return "expected"
            self.fail(f"the {ARGS.exporter} exporter failed on {name}: {export.error}")
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        reference = onnxruntime.InferenceSession(export.data, options,
                                                 providers=["CPUExecutionProvider"])
        model = onnx.load_from_string(export.data)
        outputs = [o.name for o in model.graph.output]
        try:
            compiled = tm_onnx.compile(model)
        except CompileError as error:
            if expected and expected[0] == "compile":
                self.assertIn(expected[1], str(error))
                return "expected"
            raise
        if expected and expected[0] == "run":
            with self.assertRaisesRegex(ValueError, expected[1]):
                compiled(**export.feed(*export.meta["sizes"][0]))
            return "expected"
        self.assertIsNone(expected, f"{name} runs now: take it off EXPECTED_FAILURES")
        for b, t in export.meta["sizes"]:
            feed = export.feed(b, t)
            want = reference.run(outputs, feed)
            eager = export.eager(b, t)
            where = f"{name} ({'dynamic' if dynamic else 'static'}) at batch {b}, seq {t}"
            np.testing.assert_allclose(want[0], eager, rtol=EXPORT_RTOL, atol=EXPORT_ATOL,
                                       err_msg=f"onnxruntime against eager: {where}")
            self.assertGreater(np.abs(want[0]).max(), 1e-3, f"a vanishing output: {where}")
            got = compiled(**feed)
            self.assertEqual(sorted(got), sorted(outputs), where)
            for output, reference_value in zip(outputs, want):
                self.assertEqual(got[output].shape, reference_value.shape, where)
                np.testing.assert_allclose(got[output], reference_value, rtol=RTOL, atol=ATOL,
                                           err_msg=where)
        if not dynamic:
            feed = export.feed(*export.meta["bad"])
            with self.assertRaisesRegex(ValueError, export.meta["names"][0]):
                compiled(**feed)
        return "passed"

    def test_the_corpus_holds_every_model(self):
        exported = sorted({n.split("/")[0] for n in self.corpus.namelist()})
        self.assertEqual(exported, sorted(MODELS))

    def test_models_compile_once_and_match_onnxruntime(self):
        outcomes = {}
        for dynamic in (False, True):
            for name in MODELS:
                with self.subTest(model=name, dynamic=dynamic):
                    outcomes[name, dynamic] = self.run_model(name, dynamic)
        passed = sorted(f"{n}{'' if d else ' (static)'}" for (n, d), o in outcomes.items()
                        if o == "passed")
        failed = sorted({n if n in EXPECTED_FAILURES[ARGS.exporter] else f"{n} (dynamic)"
                         for (n, d), o in outcomes.items() if o == "expected"})
        self.assertEqual(failed, sorted(EXPECTED_FAILURES[ARGS.exporter]),
                         "expected failures that did not run")
        print(f"{ARGS.exporter} exporter: {len(passed)} of {len(outcomes)} exports matched "
              f"onnxruntime at every size; expected failures: {', '.join(failed)}")

    def test_a_broken_export_is_a_clear_error(self):
        # Reshape_4 of the encoder exported by the TorchScript exporter holds
        # the traced length (16): at another length its element count is
        # wrong, which the compiled code checks and reports instead of
        # reading past a buffer.
        if ARGS.exporter != "torchscript":
            self.skipTest("the traced length is the TorchScript exporter's")
        export = Export(self.corpus, "encoder", dynamic=True)
        self.assertIsNone(export.error)
        compiled = tm_onnx.compile(onnx.load_from_string(export.data))
        with self.assertRaisesRegex(ValueError, "Reshape.*element count"):
            compiled(**export.feed(2, 7))
        # And it still runs at the traced length.
        np.testing.assert_allclose(compiled(**export.feed(2, 16))["y"], export.eager(2, 16),
                                   rtol=RTOL, atol=ATOL)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    parser.add_argument("--exporter", choices=["torchscript", "dynamo"], required=True)
    parser.add_argument("--corpus", required=True, help="that exporter's corpus.zip")
    ARGS, rest = parser.parse_known_args()
    unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import onnx as tm_onnx_module
    from torch_mlir.refbackend import CompileError as compile_error
    tm_onnx, CompileError = tm_onnx_module, compile_error
    unittest.main(argv=[sys.argv[0]] + rest)
