"""Normalizations, attention and recurrent layers, as modules."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim

from framework import case, fn_case


def r(*shape):
    return torch.randn(*shape)


MODULES = {
    "layer_norm": (lambda: nn.LayerNorm(8), lambda: (r(2, 3, 8),)),
    "layer_norm_no_affine": (lambda: nn.LayerNorm([3, 4], elementwise_affine=False),
                             lambda: (r(2, 3, 4),)),
    "batch_norm_eval": (lambda: _eval(_randomized(nn.BatchNorm2d(3))), lambda: (r(2, 3, 4, 4),)),
    "batch_norm1d_eval": (lambda: _eval(_randomized(nn.BatchNorm1d(4))), lambda: (r(5, 4),)),
    "group_norm": (lambda: nn.GroupNorm(2, 4), lambda: (r(2, 4, 3, 3),)),
    "instance_norm": (lambda: nn.InstanceNorm2d(3), lambda: (r(2, 3, 4, 4),)),
    "linear_relu_stack": (lambda: nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 2)),
                          lambda: (r(4, 6),)),
    "conv_bn_relu": (lambda: _eval(nn.Sequential(nn.Conv2d(3, 4, 3, padding=1),
                                                 _randomized(nn.BatchNorm2d(4)), nn.ReLU())),
                     lambda: (r(1, 3, 6, 6),)),
    "multihead_attention": (lambda: _eval(_MHA()), lambda: (r(2, 5, 8),)),
    "transformer_encoder_layer": (lambda: _eval(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0,
                                                                           batch_first=True)),
                                  lambda: (r(2, 5, 8),)),
    "gru": (lambda: _First(nn.GRU(4, 6, batch_first=True)), lambda: (r(2, 3, 4),)),
    "lstm": (lambda: _First(nn.LSTM(4, 6, batch_first=True)), lambda: (r(2, 3, 4),)),
    "rnn_tanh": (lambda: _First(nn.RNN(4, 5)), lambda: (r(3, 2, 4),)),
    "embedding_bag_like": (lambda: nn.Sequential(nn.Embedding(10, 4), nn.Flatten()),
                           lambda: (torch.randint(0, 10, (2, 3)),)),
    "dropout_eval": (lambda: _eval(nn.Dropout(0.5)), lambda: (r(3, 4),)),
    "prelu": (lambda: nn.PReLU(3), lambda: (r(2, 3, 4),)),
    "group_norm_no_affine": (lambda: nn.GroupNorm(3, 6, affine=False), lambda: (r(2, 6, 5),)),
    "group_norm_one_group": (lambda: nn.GroupNorm(1, 4), lambda: (r(2, 4, 7),)),
    "group_norm_per_channel_3d": (lambda: nn.GroupNorm(4, 4), lambda: (r(1, 4, 2, 3, 2),)),
    "instance_norm1d_affine": (lambda: nn.InstanceNorm1d(3, affine=True), lambda: (r(2, 3, 8),)),
    "instance_norm3d": (lambda: nn.InstanceNorm3d(2), lambda: (r(1, 2, 3, 4, 2),)),
    "prelu_single": (lambda: nn.PReLU(), lambda: (r(2, 3, 4),)),
    "prelu_2d": (lambda: nn.PReLU(3), lambda: (r(2, 3, 4, 4),)),
}
for name, (make, inputs) in MODULES.items():
    case(f"nn_{name}", make, inputs)

ATTENTION = {
    "sdpa": (lambda q, k, v: F.scaled_dot_product_attention(q, k, v),
             lambda: (r(1, 2, 4, 8), r(1, 2, 6, 8), r(1, 2, 6, 8))),
    "sdpa_causal": (lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True),
                    lambda: (r(1, 2, 4, 8), r(1, 2, 4, 8), r(1, 2, 4, 8))),
    "sdpa_masked": (lambda q, k, v, m: F.scaled_dot_product_attention(q, k, v, attn_mask=m),
                    lambda: (r(1, 2, 4, 8), r(1, 2, 6, 8), r(1, 2, 6, 8),
                             torch.rand(4, 6) > 0.3)),
    "sdpa_scale": (lambda q, k, v: F.scaled_dot_product_attention(q, k, v, scale=0.3),
                   lambda: (r(2, 3, 8), r(2, 5, 8), r(2, 5, 8))),
    "sdpa_float_mask": (lambda q, k, v, m: F.scaled_dot_product_attention(q, k, v, attn_mask=m),
                        lambda: (r(1, 2, 4, 8), r(1, 2, 6, 8), r(1, 2, 6, 8), r(4, 6))),
    "sdpa_value_width": (lambda q, k, v: F.scaled_dot_product_attention(q, k, v),
                         lambda: (r(2, 2, 3, 4), r(2, 2, 5, 4), r(2, 2, 5, 6))),
    "sdpa_causal_rectangular": (
        lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True),
        lambda: (r(1, 3, 8), r(1, 5, 8), r(1, 5, 8))),
    "sdpa_3d_head_dim_odd": (lambda q, k, v: F.scaled_dot_product_attention(q, k, v),
                             lambda: (r(3, 7, 5), r(3, 7, 5), r(3, 7, 5))),
}
for name, (fn, inputs) in ATTENTION.items():
    fn_case(f"nn_{name}", fn, inputs)

ACTIVATIONS = {
    "rrelu_eval": (lambda x: F.rrelu(x, 0.1, 0.3, training=False), lambda: (r(3, 4),)),
    "rrelu_default_eval": (lambda x: F.rrelu(x), lambda: (r(2, 5),)),
    "rrelu_eval_3d": (lambda x: F.rrelu(x, 0.0, 1.0, training=False), lambda: (r(2, 3, 4),)),
    "logsigmoid_large": (lambda x: F.logsigmoid(x * 50), lambda: (r(4, 5),)),
}
for name, (fn, inputs) in ACTIVATIONS.items():
    fn_case(f"nn_{name}", fn, inputs)


def _quantized_decomposed():
    import torch.ao.quantization.fx._decomposed  # noqa: F401 - registers the ops
    return torch.ops.quantized_decomposed


def _fake_quant_per_tensor(x):
    q = _quantized_decomposed()
    i8 = q.quantize_per_tensor(x, 0.05, 3, -128, 127, torch.int8)
    return i8, q.dequantize_per_tensor(i8, 0.05, 3, -128, 127, torch.int8)


def _fake_quant_per_channel(x, scales, zero_points):
    q = _quantized_decomposed()
    u8 = q.quantize_per_channel(x, scales, zero_points, 1, 0, 255, torch.uint8)
    return u8, q.dequantize_per_channel(u8, scales, zero_points, 1, 0, 255, torch.uint8)


def _quantized_linear(x, w):
    """A PT2E-style quantized linear: both operands through fake quantization."""
    q = _quantized_decomposed()
    xq = q.dequantize_per_tensor(q.quantize_per_tensor(x, 0.02, 0, -128, 127, torch.int8),
                                 0.02, 0, -128, 127, torch.int8)
    wq = q.dequantize_per_tensor(q.quantize_per_tensor(w, 0.01, 0, -127, 127, torch.int8),
                                 0.01, 0, -127, 127, torch.int8)
    return F.linear(xq, wq)


QUANTIZED = {
    "quantize_per_tensor": (_fake_quant_per_tensor, lambda: (r(3, 5) * 4,)),
    "quantize_per_channel": (_fake_quant_per_channel,
                             lambda: (r(2, 3, 4) * 3, torch.tensor([0.02, 0.05, 0.1]),
                                      torch.tensor([128, 100, 0]))),
    "quantized_linear": (_quantized_linear, lambda: (r(4, 8), r(3, 8) * 0.5)),
}
for name, (fn, inputs) in QUANTIZED.items():
    fn_case(f"nn_{name}", fn, inputs)

case("nn_linear_dynamic_batch", lambda: nn.Linear(4, 3), lambda: (r(2, 4),),
     dynamic_shapes=({0: Dim("batch")},), make_other_inputs=lambda: (r(7, 4),))
case("nn_layer_norm_dynamic", lambda: nn.LayerNorm(4), lambda: (r(2, 4),),
     dynamic_shapes=({0: Dim("batch")},), make_other_inputs=lambda: (r(5, 4),))


def _eval(module):
    return module.eval()


def _randomized(norm):
    """A batch norm whose running statistics are not the identity."""
    with torch.no_grad():
        norm.running_mean.uniform_(-1, 1)
        norm.running_var.uniform_(0.5, 2)
        norm.weight.uniform_(0.5, 1.5)
        norm.bias.uniform_(-0.5, 0.5)
    return norm


class _MHA(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = nn.MultiheadAttention(8, 2, batch_first=True)

    def forward(self, x):
        return self.attention(x, x, x, need_weights=False)[0]


class _First(nn.Module):
    """A recurrent layer's output sequence (its first result)."""

    def __init__(self, rnn):
        super().__init__()
        self.rnn = rnn

    def forward(self, x):
        return self.rnn(x)[0]


# Programs that write their inputs or buffers: fx.compile writes the new
# values back as eager does (the harness compares inputs and buffers after
# each call).
def _add_into(x, y):
    x.add_(y)
    return x * 2


fn_case("mutation_input_add_", _add_into, lambda: (r(3), r(3)))


class _Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(()))
        self.register_buffer("total", torch.zeros(4))

    def forward(self, x):
        self.count += 1
        self.total.add_(x)
        return self.total / self.count


case("mutation_buffers_running_mean", _Counter, lambda: (r(4),),
     dynamic_shapes=None)
case("mutation_batch_norm_training", lambda: nn.BatchNorm1d(3), lambda: (r(5, 3),))
