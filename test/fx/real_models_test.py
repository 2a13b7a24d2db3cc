"""Models users bring, through fx.compile, against eager PyTorch.

Hugging Face's GPT2LMHeadModel (the model most people try first) and a
Llama-style decoder with grouped key/value heads, both without a KV cache;
torchvision's ConvNeXt and Swin at small widths (the same blocks as the
-tiny models: ConvNeXt's permuted LayerNorm and adaptive pooling, Swin's
shifted windows and relative position bias). Each is compiled once with
static sizes and once with a dynamic batch (and sequence, for the decoders),
the dynamic one run at three sizes; outputs must match eager within 1e-4
(absolute, on outputs of magnitude about 1). Random weights, seeded.

Through TOSA (TosaTest): the CNNs (ConvNeXt, torchvision's ResNet-18 at its
real widths), a BERT encoder and GPT-2, static sizes, lowered to TOSA
(validated) and run through MLIR's TOSA lowering, within the same 1e-4 of
eager. Swin does not lower to TOSA yet: its shifted-window mask takes an
i64 fmod, and TOSA divides only i32.
"""

import argparse
import sys
import unittest

import torch
from torch.export import Dim

import unpacked_wheels

ARGS = None
fx = None
TOLERANCE = 1e-4


def setUpModule():
    global fx
    unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import fx as fx_module

    fx = fx_module


def declare_torchvision_ops():
    """torchvision's wheel carries C++ ops built against another torch; the
    models here use none, but importing torchvision (transformers does too)
    registers fakes for two, which needs their schemas declared first."""
    # PyPI's torchvision wheels are CUDA builds: beside a CUDA build of torch
    # (2.14.1's) their ops load and define themselves, and declaring them
    # here first would define them twice.
    if torch.version.cuda is None and not hasattr(declare_torchvision_ops, "library"):
        library = torch.library.Library("torchvision", "DEF")
        for op in ("nms", "qnms"):
            library.define(f"{op}(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
        declare_torchvision_ops.library = library


def decoder(kind):
    declare_torchvision_ops()
    import transformers as tf

    if kind == "gpt2":
        config = tf.GPT2Config(vocab_size=100, n_embd=32, n_layer=2, n_head=4, n_positions=64,
                               use_cache=False, bos_token_id=0, eos_token_id=0)
        return tf.GPT2LMHeadModel(config).eval()
    config = tf.LlamaConfig(vocab_size=100, hidden_size=32, intermediate_size=64,
                            num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                            max_position_embeddings=64, use_cache=False, bos_token_id=0,
                            eos_token_id=0, pad_token_id=0)
    return tf.LlamaForCausalLM(config).eval()


def vision(kind):
    declare_torchvision_ops()
    from torchvision.models import convnext, swin_transformer

    if kind == "convnext":
        blocks = [convnext.CNBlockConfig(16, 32, 2), convnext.CNBlockConfig(32, None, 2)]
        return convnext.ConvNeXt(blocks, num_classes=10).eval()
    return swin_transformer.SwinTransformer(patch_size=[4, 4], embed_dim=16, depths=[2, 2],
                                            num_heads=[2, 4], window_size=[4, 4],
                                            num_classes=10).eval()


def tokens(batch, length):
    """Token ids and a padding mask: row i has i trailing pads (never all)."""
    mask = torch.ones(batch, length, dtype=torch.int64)
    for row in range(batch):
        mask[row, max(1, length - row):] = 0
    return torch.randint(1, 100, (batch, length)), mask


class Matching(unittest.TestCase):
    def assert_matches(self, expected, got, what):
        self.assertEqual(got.shape, expected.shape, what)
        error = (got - expected).abs().max().item()
        self.assertLess(error, TOLERANCE, f"{what}: max |compiled - eager| = {error}")
        self.assertGreater(expected.abs().max().item(), 1e-2, f"{what}: eager's output vanishes")


class RealModelsTest(Matching):
    def check_decoder(self, kind):
        torch.manual_seed(0)
        model = decoder(kind)
        ids, mask = tokens(2, 7)
        static = fx.compile(model, ids, attention_mask=mask)
        with torch.no_grad():
            self.assert_matches(model(ids, attention_mask=mask).logits,
                                static(ids, attention_mask=mask).logits, f"{kind} static")
        batch, length = Dim("batch", max=16), Dim("length", max=64)
        dims = {0: batch, 1: length}
        dynamic = fx.compile(model, ids, attention_mask=mask,
                             dynamic_shapes={"input_ids": dims, "attention_mask": dims})
        for size in ((1, 1), (3, 5), (4, 23)):
            ids, mask = tokens(*size)
            with torch.no_grad():
                expected = model(ids, attention_mask=mask).logits
            self.assert_matches(expected, dynamic(ids, attention_mask=mask).logits,
                                f"{kind} dynamic at {size}")

    def check_vision(self, kind):
        torch.manual_seed(0)
        model = vision(kind)
        x = torch.randn(2, 3, 32, 32)
        static = fx.compile(model, x)
        with torch.no_grad():
            self.assert_matches(model(x), static(x), f"{kind} static")
        dynamic = fx.compile(model, x, dynamic_shapes=({0: Dim("batch", max=16)},))
        for batch in (1, 3, 5):
            x = torch.randn(batch, 3, 32, 32)
            with torch.no_grad():
                expected = model(x)
            self.assert_matches(expected, dynamic(x), f"{kind} dynamic at batch {batch}")

    def test_gpt2(self):
        self.check_decoder("gpt2")

    def test_llama(self):
        self.check_decoder("llama")

    def test_convnext(self):
        self.check_vision("convnext")

    def test_swin(self):
        self.check_vision("swin")


def bert():
    declare_torchvision_ops()
    import transformers as tf

    config = tf.BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2,
                           num_attention_heads=4, intermediate_size=64,
                           max_position_embeddings=64)
    return tf.BertModel(config).eval()


class TosaTest(Matching):
    """The corpus's CNNs and encoders through TOSA: fx.compile(output_type="tosa")."""

    def check_tosa(self, model, args, kwargs=None, output=lambda out: out):
        kwargs = kwargs or {}
        compiled = fx.compile(model, *args, output_type="tosa", **kwargs)
        with torch.no_grad():
            self.assert_matches(output(model(*args, **kwargs)),
                                output(compiled(*args, **kwargs)), "through TOSA")

    def test_convnext_tosa(self):
        torch.manual_seed(0)
        self.check_tosa(vision("convnext"), (torch.randn(2, 3, 32, 32),))

    def test_swin_tosa(self):
        torch.manual_seed(0)
        self.check_tosa(vision("swin"), (torch.randn(2, 3, 32, 32),))

    def test_resnet18_tosa(self):
        declare_torchvision_ops()
        from torchvision.models import resnet18

        torch.manual_seed(0)
        self.check_tosa(resnet18(num_classes=10).eval(), (torch.randn(1, 3, 64, 64),))

    def test_bert_tosa(self):
        torch.manual_seed(0)
        ids, mask = tokens(2, 7)
        self.check_tosa(bert(), (ids,), {"attention_mask": mask},
                        output=lambda out: out.last_hidden_state)

    def test_gpt2_tosa(self):
        torch.manual_seed(0)
        ids, mask = tokens(2, 7)
        self.check_tosa(decoder("gpt2"), (ids,), {"attention_mask": mask},
                        output=lambda out: out.logits)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
