"""Dynamic batch and sequence: each case is exported with dimensions
torch.export leaves symbolic, compiled once, and called at three sizes, 1
included, against eager. The families a model with a dynamic batch or sequence
goes through: reshapes into heads and back (two symbolic sizes in one view),
matrix products with a symbolic batch, broadcasting of symbolic sizes (one of
them 1 at run time), reductions, softmax and layer norm over symbolic
dimensions, expand to sizes computed from the input, and whole attention and
transformer layers; Python numbers read from tensors and from symbolic sizes."""

import torch
import torch.nn as nn
from torch.export import Dim

import models
from framework import case, fn_case


def r(*shape):
    return torch.randn(*shape)


B, T = Dim("batch", min=1, max=64), Dim("seq", min=1, max=64)
BT = ({0: B, 1: T},)
SIZES = [(1, 1), (3, 5), (5, 23)]  # the example is (2, 16); these come after


def sequences(width):
    """Inputs [batch, seq, width] at the example size, then at SIZES."""
    return (lambda: (r(2, 16, width),),
            lambda: [(r(b, t, width),) for b, t in SIZES])


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)

    def forward(self, x):
        return self.layer(x)


def _eval(module):
    return module.eval()


first, others = sequences(32)
case("dynamic_attention", models.SelfAttention, first, dynamic_shapes=BT, make_other_inputs=others)
case("dynamic_transformer_encoder_layer", lambda: _eval(Encoder()), first,
     dynamic_shapes=BT, make_other_inputs=others)
case("dynamic_layer_norm", lambda: nn.LayerNorm(32), first, dynamic_shapes=BT,
     make_other_inputs=others)

first8, others8 = sequences(8)
fn_case("dynamic_heads_reshape", lambda x: x.reshape(x.shape[0], x.shape[1], 2, 4)
        .transpose(1, 2).reshape(x.shape[0], 2 * x.shape[1], 4), first8,
        dynamic_shapes=[{0: B, 1: T}], make_other_inputs=others8)
fn_case("dynamic_flatten_batch_and_seq", lambda x: x.flatten(0, 1) * 2, first8,
        dynamic_shapes=[{0: B, 1: T}], make_other_inputs=others8)
fn_case("dynamic_softmax_over_seq", lambda x: torch.softmax(x, dim=1), first8,
        dynamic_shapes=[{0: B, 1: T}], make_other_inputs=others8)
fn_case("dynamic_mean_over_seq", lambda x: x.mean(dim=1), first8,
        dynamic_shapes=[{0: B, 1: T}], make_other_inputs=others8)
fn_case("dynamic_scores_bmm", lambda x: x @ x.transpose(1, 2), first8,
        dynamic_shapes=[{0: B, 1: T}], make_other_inputs=others8)
fn_case("dynamic_linear_rows", lambda x, w: x @ w, lambda: (r(2, 16, 8), r(8, 3)),
        dynamic_shapes=[{0: B, 1: T}, None],
        make_other_inputs=lambda: [(r(b, t, 8), r(8, 3)) for b, t in SIZES])
# A mask [batch, 1, 1, seq] expanded to [batch, 1, seq, seq] and applied.
fn_case("dynamic_mask_expand", lambda x, m: x.masked_fill(
            m[:, None, None, :].expand(x.shape[0], 1, x.shape[2], x.shape[3]) == 0, -1e4),
        lambda: (r(2, 3, 16, 16), (torch.rand(2, 16) > 0.3).to(torch.int64)),
        dynamic_shapes=[{0: B, 2: T, 3: T}, {0: B, 1: T}],
        make_other_inputs=lambda: [(r(b, 3, t, t), (torch.rand(b, t) > 0.3).to(torch.int64))
                                   for b, t in SIZES])
# Python numbers from tensors and sizes: tensor.item() (exported as
# aten._local_scalar_dense) and torch.sym_float of a symbolic size.
fn_case("dynamic_scale_by_item", lambda x, k: x * k.item(), lambda: (r(2, 8), torch.tensor(2.5)),
        dynamic_shapes=[{0: B}, None],
        make_other_inputs=lambda: [(r(1, 8), torch.tensor(-1.0)), (r(5, 8), torch.tensor(0.5))])
fn_case("dynamic_shift_by_int_item", lambda x, k: x + k.item(),
        lambda: (r(2, 8), torch.tensor(4)), dynamic_shapes=[{0: B}, None],
        make_other_inputs=lambda: [(r(1, 8), torch.tensor(-3)), (r(5, 8), torch.tensor(7))])
fn_case("dynamic_scale_by_batch_size", lambda x: x * torch.sym_float(x.shape[0]),
        lambda: (r(2, 8),), dynamic_shapes=[{0: B}],
        make_other_inputs=lambda: [(r(1, 8),), (r(5, 8),)])
