"""Models as PyTorch's stock ONNX exporter writes them (the TorchScript-based
`torch.onnx.export`, opset 17), with a dynamic batch, and sequence where the
model has one (`dynamic_axes`), compiled once by torch_mlir.onnx.compile and
run at three sizes, 1 included, against eager PyTorch on the same inputs
(float32: rtol 1e-4, atol 1e-5). The exported graphs compute their shapes at
run time (Shape -> Gather -> Concat -> Reshape, Expand of the mask, Range of
the positions), which is what this test is for.

EXPECTED_FAILURES lists the models that do not compile yet, each with the
reason; one that compiles and matches fails the test (take it off the list).
"""

import argparse
import io
import sys
import unittest

import numpy as np
import torch
import torch.nn as nn

import models
import unpacked_wheels

RTOL, ATOL = 1e-4, 1e-5
ARGS = None
tm_onnx = CompileError = None

# name -> what stops it (a substring of the CompileError).
EXPECTED_FAILURES = {
    "lstm": "onnx.LSTM (opset 17): no conversion for this ONNX op",  # recurrent ops: issue 43
    "gru": "onnx.GRU (opset 17): no conversion for this ONNX op",
}


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 10), nn.Softmax(-1))

    def forward(self, x):
        return self.net(x)


class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
            nn.Linear(16, 10))

    def forward(self, x):
        return self.net(x)


class Encoder(nn.Module):
    """Token and position embeddings, a padding mask, two transformer layers:
    a BERT-like encoder from torch.nn alone."""

    def __init__(self, vocab=50, width=32):
        super().__init__()
        self.tokens = nn.Embedding(vocab, width)
        self.positions = nn.Embedding(64, width)
        layer = nn.TransformerEncoderLayer(width, 4, 64, dropout=0.0, batch_first=True)
        self.layers = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(width)

    def forward(self, ids, mask):
        positions = torch.arange(ids.shape[1]).unsqueeze(0)
        x = self.tokens(ids) + self.positions(positions)
        return self.norm(self.layers(x, src_key_padding_mask=mask == 0))


class Recurrent(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.rnn = kind(8, 16, batch_first=True)
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        return self.head(self.rnn(x)[0])


def sequences(width):
    return lambda b, t: (torch.randn(b, t, width),)


def tokens(b, t):
    mask = torch.ones(b, t, dtype=torch.int64)
    for row in range(b):  # row i has i trailing pads (never a whole row)
        mask[row, max(1, t - row):] = 0
    return torch.randint(1, 50, (b, t)), mask


BATCH_SEQ = {0: "batch", 1: "seq"}
# name -> (module, inputs(b, t), input names, dynamic axes per input, sizes)
MODELS = {
    "mlp": (MLP, lambda b, t: (torch.randn(b, 16),), ["x"], [{0: "batch"}],
            [(1, 0), (3, 0), (7, 0)]),
    "cnn": (CNN, lambda b, t: (torch.randn(b, 3, 16, 16),), ["x"], [{0: "batch"}],
            [(1, 0), (2, 0), (5, 0)]),
    "attention": (models.SelfAttention, sequences(32), ["x"], [BATCH_SEQ], [(1, 1), (3, 5), (5, 23)]),
    # The exporter writes nn.MultiheadAttention's head split with the traced
    # sequence length as a constant (onnxruntime fails the same way at
    # another length): the batch varies; another length is the ValueError
    # test_a_broken_export_is_a_clear_error expects.
    "encoder": (Encoder, tokens, ["ids", "mask"], [BATCH_SEQ, BATCH_SEQ],
                [(1, 16), (3, 16), (5, 16)]),
    "lstm": (lambda: Recurrent(nn.LSTM), sequences(8), ["x"], [BATCH_SEQ], [(1, 1), (3, 5)]),
    "gru": (lambda: Recurrent(nn.GRU), sequences(8), ["x"], [BATCH_SEQ], [(1, 1), (3, 5)]),
}


def calibrated(module):
    """Batch norms' running statistics from a few random batches (their
    defaults would shrink activations to nothing), then eval mode."""
    if any(isinstance(m, nn.BatchNorm2d) for m in module.modules()):
        module.train()
        with torch.no_grad():
            for _ in range(4):
                module(torch.randn(8, 3, 16, 16))
    return module.eval()


def exported(module, example, names, axes):
    buffer = io.BytesIO()
    torch.onnx.export(module, example, buffer, dynamo=False, opset_version=17,
                      input_names=names, output_names=["y"],
                      dynamic_axes={name: a for name, a in zip(names, axes)})
    return buffer.getvalue()


class ExportedModelsTest(unittest.TestCase):
    def test_models_compile_once_and_match_eager_at_every_size(self):
        import onnx

        passed, failed = [], []
        for name, (make, make_inputs, names, axes, sizes) in MODELS.items():
            with self.subTest(model=name):
                torch.manual_seed(0)
                module = calibrated(make())
                model = onnx.load_from_string(exported(module, make_inputs(2, 16), names, axes))
                try:
                    compiled = tm_onnx.compile(model)
                except CompileError as error:
                    if name in EXPECTED_FAILURES:
                        self.assertIn(EXPECTED_FAILURES[name], str(error))
                        failed.append(name)
                        continue
                    raise
                self.assertNotIn(name, EXPECTED_FAILURES,
                                 f"{name} compiles now: take it off EXPECTED_FAILURES")
                for b, t in sizes:
                    inputs = make_inputs(b, t)
                    with torch.no_grad():
                        want = module(*inputs).numpy()
                    got = compiled(**{n: x.numpy() for n, x in zip(names, inputs)})["y"]
                    self.assertEqual(got.shape, want.shape, (name, b, t))
                    np.testing.assert_allclose(got, want, rtol=RTOL, atol=ATOL,
                                               err_msg=f"{name} at batch {b}, seq {t}")
                passed.append(name)
        self.assertEqual(sorted(failed), sorted(EXPECTED_FAILURES), "expected failures that did not run")
        print(f"exported models: {len(passed)} matched at every size ({', '.join(passed)}); "
              f"{len(failed)} expected failures ({', '.join(failed)})")

    def test_a_broken_export_is_a_clear_error(self):
        # Reshape_4 of the exported encoder holds the traced length (16): at
        # another length its element count is wrong, which the compiled code
        # checks and reports instead of reading past a buffer.
        import onnx

        torch.manual_seed(0)
        module = Encoder().eval()
        model = onnx.load_from_string(exported(module, tokens(2, 16), ["ids", "mask"],
                                               [BATCH_SEQ, BATCH_SEQ]))
        compiled = tm_onnx.compile(model)
        ids, mask = tokens(2, 7)
        with self.assertRaisesRegex(ValueError, "Reshape.*element count"):
            compiled(ids=ids.numpy(), mask=mask.numpy())
        ids, mask = tokens(2, 16)  # and it still runs at the traced length
        with torch.no_grad():
            want = module(ids, mask).numpy()
        np.testing.assert_allclose(compiled(ids=ids.numpy(), mask=mask.numpy())["y"], want,
                                   rtol=RTOL, atol=ATOL)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    ARGS, rest = parser.parse_known_args()
    unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import onnx as tm_onnx_module
    from torch_mlir.refbackend import CompileError as compile_error
    tm_onnx, CompileError = tm_onnx_module, compile_error
    unittest.main(argv=[sys.argv[0]] + rest)
