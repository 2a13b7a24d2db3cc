"""The models of the FX importer tests and of bench/fx_import.py.

Each is small, but exercises what real models need: linear layers, conv +
batchnorm + pooling, attention with softmax and layernorm, embedding + GRU,
a dynamic batch dimension, heads split with sizes read at run time
(SelfAttention), in-place ops and buffer mutation, scalar and list
arguments, tuple returns, torch.cond, a spectrum's magnitude (complex
intermediates) and a top-k router (topk, then scatter).
"""

import torch
import torch.nn as nn
from torch.export import Dim

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(8, 16), nn.Linear(16, 4)

    def forward(self, x):
        return torch.softmax(self.fc2(torch.relu(self.fc1(x))), dim=-1)


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(8 * 4 * 4, 10)

    def forward(self, x):
        x = self.pool(torch.relu(self.bn(self.conv(x))))
        return self.fc(torch.flatten(x, 1))


class EncoderBlock(nn.Module):
    """Single-head self-attention with softmax, layernorm, and a GELU MLP."""

    def __init__(self, d=16):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.norm1, self.norm2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 32), nn.GELU(), nn.Linear(32, d))
        self.scale = d ** -0.5

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = torch.softmax(q @ k.transpose(-2, -1) * self.scale, dim=-1)
        x = self.norm1(x + self.out(attn @ v))
        return self.norm2(x + self.ff(x))


class SelfAttention(nn.Module):
    """Multi-head self-attention that splits heads with the batch and sequence
    sizes read from its input (`x.reshape(b, t, h, d // h)`), as exported
    transformers do: two symbolic sizes in one view when both are dynamic."""

    def __init__(self, width=32, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(width, 3 * width)
        self.out = nn.Linear(width, width)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (y.reshape(b, t, self.heads, d // self.heads).transpose(1, 2)
                   for y in self.qkv(x).chunk(3, dim=-1))
        p = torch.softmax(q @ k.transpose(-1, -2) / (d // self.heads) ** 0.5, dim=-1)
        return self.out((p @ v).transpose(1, 2).reshape(b, t, d))


class EmbeddingGRU(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(50, 8)
        self.gru = nn.GRU(8, 12, batch_first=True)

    def forward(self, tokens):
        out, _ = self.gru(self.embed(tokens))
        return out[:, -1]


class DynamicBatch(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        return self.fc(x).view(x.shape[0], 2, 2)


class InPlaceWithBuffers(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("calls", torch.zeros(3))
        self.register_buffer("offset", torch.full((3,), 0.5))

    def forward(self, x):
        self.calls.add_(1)
        y = x.clone()
        y.mul_(2).relu_()
        return y + self.offset


class ScalarAndListArgs(nn.Module):
    def forward(self, x, alpha: float, repeats: int, dims: list):
        return (x * alpha).repeat(repeats, 1).sum(dims)


class TupleReturn(nn.Module):
    def forward(self, x):
        return x.max(dim=1), x.t()


class Branchy(nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t.sin(), lambda t: t.cos() + 1, (x,))



class Spectrum(nn.Module):
    """Features from the magnitude of a real signal's spectrum."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(9, 4)

    def forward(self, x):
        return self.fc(torch.fft.rfft(x).abs())


class TopKRouter(nn.Module):
    """A mixture-of-experts gate: the two best experts per row get softmax
    weights, the others zero."""

    def __init__(self):
        super().__init__()
        self.score = nn.Linear(8, 6)

    def forward(self, x):
        scores = self.score(x)
        best, experts = scores.topk(2, dim=-1)
        return torch.zeros_like(scores).scatter(1, experts, best.softmax(-1))


# name -> (make model, example args, export_and_import keyword arguments)
CASES = {
    "mlp": (MLP, lambda: (torch.randn(2, 8),), {}),
    "cnn": (lambda: SmallCNN().eval(), lambda: (torch.randn(1, 3, 8, 8),), {}),
    "encoder_block": (lambda: EncoderBlock().eval(), lambda: (torch.randn(2, 5, 16),), {}),
    "embedding_gru": (lambda: EmbeddingGRU().eval(), lambda: (torch.randint(0, 50, (2, 7)),), {}),
    "dynamic_batch": (DynamicBatch, lambda: (torch.randn(4, 8),),
                      {"dynamic_shapes": {"x": {0: Dim("batch")}}}),
    "in_place_buffers": (InPlaceWithBuffers, lambda: (torch.randn(3),), {}),
    "scalar_list_args": (ScalarAndListArgs, lambda: (torch.randn(2, 3), 1.5, 2, [0, 1]), {}),
    "tuple_return": (TupleReturn, lambda: (torch.randn(2, 3),), {}),
    "cond": (Branchy, lambda: (torch.randn(3),), {}),
    "spectrum": (Spectrum, lambda: (torch.randn(2, 16),), {}),
    "topk_router": (TopKRouter, lambda: (torch.randn(5, 8),), {}),
}
