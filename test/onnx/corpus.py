"""The real-model corpus as PyTorch's stock ONNX exporters write it: a build
action (//test/onnx:corpus_<exporter>), so that exporting, the slow part, is
done once per change of the models or of the pinned torch, and the tests
that read the corpus (exported_models_test.py) need no torch.

`corpus.py --exporter E --out corpus.zip` exports every model of MODELS
twice, static (at batch 2, sequence 16) and with a dynamic batch, and
sequence where the model has one, and writes for each export, under
`<model>/<static|dynamic>/`:
- `model.onnx`: the file as the exporter wrote it (its warnings silenced);
- `meta.json`: the input names, the sizes to run it at (a dynamic export's
  three, a static one's own), the `extra` sizes (EXTRA_SIZES) and, for a
  static export, the `bad` size (another batch) the compiled model must refuse;
- `data.npz`: `<b>x<t>.<input>` and `<b>x<t>.eager` for every size and extra
  size (and the bad size's inputs): the inputs and eager PyTorch's output;
- or, when the exporter itself fails, only `error.txt` (`Type: message`).

`torchscript` is `torch.onnx.export(..., dynamo=False, opset_version=17)`,
`dynamo` is `torch.onnx.export(..., dynamo=True)` at its default opset. The
models: torchvision's resnet18 and mobilenet_v2, BERT, DistilBERT, GPT-2 and
T5's encoder from transformers (small configs, random weights), and torch.nn
ones (an MLP, a small CNN, self-attention, a transformer encoder with a
padding mask, LSTM and GRU). Batch norms are calibrated first (random
running statistics would make every output vanishingly small).
"""

import argparse
import io
import json
import os
import sys
import tempfile
import warnings
import zipfile

import numpy as np
import torch
import torch.nn as nn

import models

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
    # PyPI's torchvision wheels are CUDA builds: beside a CUDA build of torch
    # (2.14.1's) their ops load and define themselves, and declaring them
    # here first would define them twice.
    if torch.version.cuda is None and not hasattr(declare_torchvision_ops, "library"):
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


# Sizes recorded beside a dynamic export's own: the encoder's TorchScript
# export holds the traced length (16), so at length 7 the compiled model must
# refuse it (exported_models_test.py's broken-export test), at 16 still run.
EXTRA_SIZES = {"encoder": [(2, 7), (2, 16)]}


def export_one(exporter, name, dynamic):
    """One export's files, name -> bytes: model.onnx, meta.json and data.npz,
    or only error.txt if the exporter failed."""
    make, make_inputs, (names, axes), sizes = MODELS[name]
    torch.manual_seed(0)
    module = calibrated(make(), make_inputs)
    try:
        data = exported(exporter, module, make_inputs(*STATIC_SIZE), names, axes, dynamic)
    except Exception as error:  # the exporter's own failure, whatever its type
        return {"error.txt": f"{type(error).__name__}: {error}".encode()}
    run_at = sizes if dynamic else [STATIC_SIZE]
    extra = EXTRA_SIZES.get(name, []) if dynamic else []
    arrays = {}
    for b, t in run_at + extra:
        inputs = make_inputs(b, t)
        for n, x in zip(names, inputs):
            arrays[f"{b}x{t}.{n}"] = x.numpy()
        with torch.no_grad():
            arrays[f"{b}x{t}.eager"] = module(*inputs).numpy()
    meta = {"names": names, "sizes": run_at, "extra": extra}
    if not dynamic:
        b, t = STATIC_SIZE
        meta["bad"] = (b + 1, t)
        for n, x in zip(names, make_inputs(b + 1, t)):
            arrays[f"{b + 1}x{t}.{n}"] = x.numpy()
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return {"model.onnx": data, "meta.json": json.dumps(meta).encode(),
            "data.npz": buffer.getvalue()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exporter", choices=["torchscript", "dynamo"], required=True)
    parser.add_argument("--out", required=True, help="the corpus (.zip) to write")
    args = parser.parse_args()
    torch.set_num_threads(1)
    with zipfile.ZipFile(args.out, "w", zipfile.ZIP_STORED) as corpus:
        for dynamic in (False, True):
            for name in MODELS:
                kind = "dynamic" if dynamic else "static"
                for file, data in export_one(args.exporter, name, dynamic).items():
                    corpus.writestr(f"{name}/{kind}/{file}", data)
    return 0


if __name__ == "__main__":
    # A build action: PyTorch's and transformers' caches go to a scratch
    # home, and nothing is looked up online.
    os.environ["HOME"] = tempfile.mkdtemp()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    sys.exit(main())
