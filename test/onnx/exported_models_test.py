"""The real-model corpus: models as users bring them, written by PyTorch's
stock ONNX exporters, compiled once by torch_mlir.onnx.compile and compared
against onnxruntime (pinned) on the same file.

--exporter picks the exporter: `torchscript` is `torch.onnx.export(...,
dynamo=False, opset_version=17)`, `dynamo` is `torch.onnx.export(...,
dynamo=True)` at its default opset. Every model is exported twice: static (at
batch 2, sequence 16) and with a dynamic batch, and sequence where the model
has one (`dynamic_axes`, `dynamic_shapes`). A dynamic export is compiled once
and run at three sizes, 1 included; a static one at its size, and at another
batch, which must be a ValueError. The models: torchvision's resnet18 and
mobilenet_v2, BERT, DistilBERT, GPT-2 and T5's encoder from transformers
(small configs, random weights), and torch.nn ones (an MLP, a small CNN,
self-attention, a transformer encoder with a padding mask, LSTM and GRU).

Tolerances (float32): ours against onnxruntime rtol 1e-4, atol 1e-5;
onnxruntime against eager PyTorch rtol 1e-3, atol 1e-4 (that the file is the
model: this test compares compilers, not exporters). Outputs must not be
vanishingly small (random batch-norm statistics would make every comparison
pass: batch norms are calibrated first).

EXPECTED_FAILURES lists, per exporter, what does not run yet, with the stage
that stops it and why; a listed model that runs fails the test (take it off
the list).
"""

import argparse
import io
import sys
import unittest
import warnings

import numpy as np
import onnx
import onnxruntime
import torch
import torch.nn as nn

import models
import unpacked_wheels

RTOL, ATOL = 1e-4, 1e-5
EXPORT_RTOL, EXPORT_ATOL = 1e-3, 1e-4
ARGS = None
tm_onnx = CompileError = None

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
    def __init__(self, kind, **options):
        super().__init__()
        self.rnn = kind(8, 16, batch_first=True, **options)
        self.head = nn.Linear(32 if options.get("bidirectional") else 16, 4)

    def forward(self, x):
        return self.head(self.rnn(x)[0])


class HiddenStates(nn.Module):
    """A transformers model called as users call it (ids and an attention
    mask), returning its last hidden state."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, ids, mask):
        return self.model(input_ids=ids, attention_mask=mask).last_hidden_state


def declare_torchvision_ops():
    """torchvision's wheel carries C++ ops built against another torch, which
    fail to load beside ours; the models use none of them, but importing
    torchvision (which transformers does too, when it is installed) registers
    fakes for two, which needs their schemas declared first."""
    if not hasattr(declare_torchvision_ops, "library"):
        library = torch.library.Library("torchvision", "DEF")
        for op in ("nms", "qnms"):
            library.define(f"{op}(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
        declare_torchvision_ops.library = library  # the definitions live as long as it


def torchvision_models():
    declare_torchvision_ops()
    import torchvision

    return torchvision.models


def transformer(kind):
    declare_torchvision_ops()
    import transformers as tf

    vocab = 50
    if kind == "bert":
        config = tf.BertConfig(vocab_size=vocab, hidden_size=32, num_hidden_layers=2,
                               num_attention_heads=4, intermediate_size=64,
                               max_position_embeddings=64)
        model = tf.BertModel(config)
    elif kind == "distilbert":
        config = tf.DistilBertConfig(vocab_size=vocab, dim=32, n_layers=2, n_heads=4,
                                     hidden_dim=64, max_position_embeddings=64)
        model = tf.DistilBertModel(config)
    elif kind == "gpt2":
        config = tf.GPT2Config(vocab_size=vocab, n_embd=32, n_layer=2, n_head=4, n_positions=64,
                               use_cache=False, bos_token_id=0, eos_token_id=0)
        model = tf.GPT2Model(config)
    else:
        config = tf.T5Config(vocab_size=vocab, d_model=32, d_kv=8, d_ff=64, num_layers=2,
                             num_heads=4)
        model = tf.T5EncoderModel(config)
    return HiddenStates(model.eval())


def images(size):
    return lambda b, t: (torch.randn(b, 3, size, size),)


def sequences(width):
    return lambda b, t: (torch.randn(b, t, width),)


def tokens(b, t):
    mask = torch.ones(b, t, dtype=torch.int64)
    for row in range(b):  # row i has i trailing pads (never a whole row)
        mask[row, max(1, t - row):] = 0
    return torch.randint(1, 50, (b, t)), mask


BATCH = {0: "batch"}
BATCH_SEQ = {0: "batch", 1: "seq"}
TOKENS = (["ids", "mask"], [BATCH_SEQ, BATCH_SEQ])
# name -> (module, inputs(b, t), (input names, dynamic axes per input), sizes)
MODELS = {
    "resnet18": (lambda: torchvision_models().resnet18(num_classes=10), images(32),
                 (["x"], [BATCH]), [(1, 0), (2, 0), (3, 0)]),
    "mobilenet_v2": (lambda: torchvision_models().mobilenet_v2(num_classes=10), images(32),
                     (["x"], [BATCH]), [(1, 0), (2, 0), (3, 0)]),
    "bert": (lambda: transformer("bert"), tokens, TOKENS, [(1, 1), (3, 5), (4, 23)]),
    "distilbert": (lambda: transformer("distilbert"), tokens, TOKENS, [(1, 1), (3, 5), (4, 23)]),
    "gpt2": (lambda: transformer("gpt2"), tokens, TOKENS, [(1, 1), (3, 5), (4, 23)]),
    "t5_encoder": (lambda: transformer("t5"), tokens, TOKENS, [(1, 1), (3, 5), (4, 23)]),
    "mlp": (MLP, lambda b, t: (torch.randn(b, 16),), (["x"], [BATCH]),
            [(1, 0), (3, 0), (7, 0)]),
    "cnn": (CNN, images(16), (["x"], [BATCH]), [(1, 0), (2, 0), (5, 0)]),
    "attention": (models.SelfAttention, sequences(32), (["x"], [BATCH_SEQ]),
                  [(1, 1), (3, 5), (5, 23)]),
    # The TorchScript exporter writes nn.MultiheadAttention's head split with
    # the traced sequence length as a constant (onnxruntime fails the same
    # way at another length): the batch varies; another length is the
    # ValueError test_a_broken_export_is_a_clear_error expects.
    "encoder": (Encoder, tokens, TOKENS, [(1, 16), (3, 16), (5, 16)]),
    # Two bidirectional layers: a layer's Y (both directions) feeds the next.
    "lstm": (lambda: Recurrent(nn.LSTM, num_layers=2, bidirectional=True), sequences(8), (["x"], [BATCH_SEQ]), [(1, 1), (3, 5)]),
    "gru": (lambda: Recurrent(nn.GRU), sequences(8), (["x"], [BATCH_SEQ]), [(1, 1), (3, 5)]),
}
STATIC_SIZE = (2, 16)


def calibrated(module, make_inputs):
    """Batch norms' running statistics from a few random batches (their
    defaults would shrink activations to nothing), then eval mode."""
    if any(isinstance(m, nn.modules.batchnorm._BatchNorm) for m in module.modules()):
        module.train()
        with torch.no_grad():
            for _ in range(4):
                module(*make_inputs(8, 16))
    return module.eval()


def exported(exporter, module, example, names, axes, dynamic):
    """The model file's bytes, as the exporter writes it (its warnings about
    tracing and deprecation silenced)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _export(exporter, module, example, names, axes, dynamic)


def _export(exporter, module, example, names, axes, dynamic):
    if exporter == "torchscript":
        buffer = io.BytesIO()
        torch.onnx.export(module, example, buffer, dynamo=False, opset_version=17,
                          input_names=names, output_names=["y"],
                          dynamic_axes={n: a for n, a in zip(names, axes)} if dynamic else None)
        return buffer.getvalue()
    dims = {}
    shapes = None
    if dynamic:
        shapes = tuple({axis: dims.setdefault(name, torch.export.Dim(name))
                        for axis, name in a.items()} for a in axes)
    program = torch.onnx.export(module, example, dynamo=True, input_names=names,
                                output_names=["y"], dynamic_shapes=shapes, verbose=False)
    return program.model_proto.SerializeToString()


def expected_failure(name, dynamic):
    """The model's entry in EXPECTED_FAILURES for this export, or None."""
    table = EXPECTED_FAILURES[ARGS.exporter]
    return table.get(name) or (table.get(f"{name} (dynamic)") if dynamic else None)


class ExportedModelsTest(unittest.TestCase):
    def run_model(self, name, dynamic):
        make, make_inputs, (names, axes), sizes = MODELS[name]
        expected = expected_failure(name, dynamic)
        torch.manual_seed(0)
        module = calibrated(make(), make_inputs)
        try:
            data = exported(ARGS.exporter, module, make_inputs(*STATIC_SIZE), names, axes, dynamic)
        except Exception as error:  # the exporter's own failure, whatever its type
            if expected and expected[0] == "export":
                self.assertIn(expected[1], str(error))
                return "expected"
            raise
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        reference = onnxruntime.InferenceSession(data, options, providers=["CPUExecutionProvider"])
        model = onnx.load_from_string(data)
        outputs = [o.name for o in model.graph.output]
        try:
            compiled = tm_onnx.compile(model)
        except CompileError as error:
            if expected and expected[0] == "compile":
                self.assertIn(expected[1], str(error))
                return "expected"
            raise
        if expected and expected[0] == "run":
            b, t = sizes[0]
            feed = {n: x.numpy() for n, x in zip(names, make_inputs(b, t))}
            with self.assertRaisesRegex(ValueError, expected[1]):
                compiled(**feed)
            return "expected"
        self.assertIsNone(expected, f"{name} runs now: take it off EXPECTED_FAILURES")
        for b, t in (sizes if dynamic else [STATIC_SIZE]):
            inputs = make_inputs(b, t)
            feed = {n: x.numpy() for n, x in zip(names, inputs)}
            want = reference.run(outputs, feed)
            with torch.no_grad():
                eager = module(*inputs).numpy()
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
            b, t = STATIC_SIZE
            feed = {n: x.numpy() for n, x in zip(names, make_inputs(b + 1, t))}
            with self.assertRaisesRegex(ValueError, names[0]):
                compiled(**feed)
        return "passed"

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

        torch.manual_seed(0)
        module = Encoder().eval()
        model = onnx.load_from_string(exported("torchscript", module, tokens(2, 16),
                                               *TOKENS, dynamic=True))
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
    parser.add_argument("--exporter", choices=["torchscript", "dynamo"], required=True)
    ARGS, rest = parser.parse_known_args()
    unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import onnx as tm_onnx_module
    from torch_mlir.refbackend import CompileError as compile_error
    tm_onnx, CompileError = tm_onnx_module, compile_error
    unittest.main(argv=[sys.argv[0]] + rest)
