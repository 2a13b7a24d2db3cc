"""Views, permutations, slices, concatenation, repetition and gathers; and
new tensors (full, zeros, arange, ...)."""

import torch
import torch.nn.functional as F
from torch.export import Dim

from framework import fn_case


def r(*shape):
    return torch.randn(*shape)


MOVES = {
    "view": (lambda x: x.view(4, 6), lambda: (r(2, 3, 4),)),
    "view_infer": (lambda x: x.view(-1, 4), lambda: (r(2, 3, 4),)),
    "reshape_to_1d": (lambda x: x.reshape(-1), lambda: (r(2, 3, 4),)),
    "reshape_to_0d": (lambda x: x.reshape(()), lambda: (r(1, 1),)),
    "view_from_0d": (lambda x: x.view(1, 1), lambda: (torch.tensor(3.0),)),
    "permute": (lambda x: x.permute(2, 0, 1), lambda: (r(2, 3, 4),)),
    "transpose": (lambda x: x.transpose(0, 2), lambda: (r(2, 3, 4),)),
    "t": (lambda x: x.t(), lambda: (r(3, 4),)),
    "flatten": (lambda x: torch.flatten(x, 1), lambda: (r(2, 3, 4),)),
    "unsqueeze": (lambda x: x.unsqueeze(1), lambda: (r(3, 4),)),
    "unsqueeze_last": (lambda x: x.unsqueeze(-1), lambda: (r(3, 4),)),
    "squeeze": (lambda x: x.squeeze(), lambda: (r(1, 3, 1, 4),)),
    "squeeze_dim": (lambda x: x.squeeze(2), lambda: (r(3, 4, 1),)),
    "expand": (lambda x: x.expand(3, 4), lambda: (r(1, 4),)),
    "expand_new_dims": (lambda x: x.expand(2, 3, 4), lambda: (r(4),)),
    "broadcast_to": (lambda x: torch.broadcast_to(x, (2, 3)), lambda: (r(3),)),
    "slice": (lambda x: x[:, 1:3], lambda: (r(3, 5),)),
    "slice_step": (lambda x: x[::2, 1::2], lambda: (r(5, 6),)),
    "slice_negative": (lambda x: x[-3:-1], lambda: (r(5, 2),)),
    "slice_past_end": (lambda x: x[2:100], lambda: (r(5, 2),)),
    "select": (lambda x: x[1], lambda: (r(3, 4),)),
    "select_negative": (lambda x: x[:, -1], lambda: (r(3, 4),)),
    "narrow": (lambda x: torch.narrow(x, 1, 1, 2), lambda: (r(3, 4),)),
    "cat": (lambda x, y: torch.cat([x, y, x], 1), lambda: (r(2, 3), r(2, 1))),
    "cat_dim0": (lambda x, y: torch.cat([x, y]), lambda: (r(2, 3), r(4, 3))),
    "stack": (lambda x, y: torch.stack([x, y], 1), lambda: (r(2, 3), r(2, 3))),
    "split": (lambda x: torch.split(x, 2, 1), lambda: (r(3, 5),)),
    "split_sizes": (lambda x: torch.split(x, [1, 3], 0), lambda: (r(4, 2),)),
    "chunk": (lambda x: torch.chunk(x, 3, 1), lambda: (r(2, 6),)),
    "unbind": (lambda x: torch.unbind(x, 1), lambda: (r(2, 3),)),
    "repeat": (lambda x: x.repeat(2, 3), lambda: (r(2, 3),)),
    "repeat_new_dims": (lambda x: x.repeat(2, 1, 2), lambda: (r(2, 3),)),
    "flip": (lambda x: torch.flip(x, [0, 1]), lambda: (r(3, 4),)),
    "roll": (lambda x: torch.roll(x, 1, 0), lambda: (r(4, 3),)),
    "tril": (torch.tril, lambda: (r(4, 4),)),
    "triu_diag": (lambda x: torch.triu(x, 1), lambda: (r(3, 5),)),
    "index_select": (lambda x, i: torch.index_select(x, 1, i),
                     lambda: (r(3, 5), torch.tensor([4, 0, 2]))),
    "embedding": (F.embedding, lambda: (torch.randint(0, 10, (2, 3)), r(10, 4))),
    "gather": (lambda x, i: torch.gather(x, 1, i),
               lambda: (r(3, 4), torch.randint(0, 4, (3, 2)))),
    "index_tensor": (lambda x, i: x[i], lambda: (r(5, 3), torch.tensor([4, 1, 1]))),
    # Index tensors apart: their broadcast dims come first.
    "index_tensors_apart": (lambda x, i, j: x[i, :, j],
                            lambda: (r(3, 4, 5), torch.tensor([0, 2]), torch.tensor([1, 4]))),
    "index_tensors_apart_broadcast": (lambda x, i, j: x[:, i, :, j],
                                      lambda: (r(2, 3, 4, 5), torch.tensor([[0], [2]]),
                                               torch.tensor([1, 4, 3]))),
    "contiguous_after_t": (lambda x: x.t().contiguous(), lambda: (r(3, 4),)),
    "pad_constant": (lambda x: F.pad(x, (1, 2)), lambda: (r(2, 3),)),
    "pad_reflect": (lambda x: F.pad(x, (1, 1), mode="reflect"), lambda: (r(1, 2, 4),)),
    "pad_replicate": (lambda x: F.pad(x, (2, 1), mode="replicate"), lambda: (r(1, 2, 4),)),
    "interpolate_nearest": (lambda x: F.interpolate(x, scale_factor=2), lambda: (r(1, 2, 3, 3),)),
    "interpolate_nearest_size": (lambda x: F.interpolate(x, size=(5, 7)), lambda: (r(1, 2, 3, 4),)),
    "interpolate_nearest_down": (lambda x: F.interpolate(x, size=(2, 3)), lambda: (r(2, 1, 5, 7),)),
    "interpolate_bilinear_size": (lambda x: F.interpolate(x, size=(5, 7), mode="bilinear"),
                                  lambda: (r(1, 2, 3, 4),)),
    "interpolate_bilinear_align_corners": (
        lambda x: F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=True),
        lambda: (r(1, 2, 3, 3),)),
    "interpolate_bilinear_down": (lambda x: F.interpolate(x, size=(3, 2), mode="bilinear"),
                                  lambda: (r(1, 1, 7, 5),)),
    "interpolate_bilinear": (lambda x: F.interpolate(x, scale_factor=2, mode="bilinear"),
                             lambda: (r(1, 2, 3, 3),)),
    "masked_fill_tensor": (lambda x, m: x.masked_fill(m, 0.0),
                           lambda: (r(3, 4), torch.rand(3, 4) > 0.5)),
    # A 0-d index keeps the dim, of size 1.
    "index_select_0d_index": (lambda x, i: torch.index_select(x, 1, i),
                              lambda: (r(3, 5), torch.tensor(3))),
    "as_strided": (lambda x: torch.as_strided(x, (2, 3), (1, 2)), lambda: (r(3, 4),)),
    "as_strided_offset": (lambda x: torch.as_strided(x, (3, 3), (4, 1), 1),
                          lambda: (r(4, 4),)),
    # Overlapping windows of a 1-D tensor.
    "as_strided_overlapping": (lambda x: torch.as_strided(x, (5, 4), (1, 1)),
                               lambda: (r(8),)),
    "as_strided_after_add": (lambda x: torch.as_strided(x + 1, (2, 2, 2), (8, 1, 4)),
                             lambda: (r(2, 2, 4),)),
    # as_strided of a view reads the storage the view shares with its base.
    "as_strided_after_transpose": (
        lambda x: x.transpose(1, 2).as_strided((2, 3, 2), (12, 4, 1), 0),
        lambda: (r(2, 3, 4),)),
    "as_strided_after_t": (lambda x: x.t().as_strided((3, 2), (1, 3), 0), lambda: (r(2, 3),)),
    "as_strided_after_select": (lambda x: x.select(1, 1).as_strided((2, 2), (12, 1)),
                                lambda: (r(2, 3, 4),)),
    "as_strided_after_narrow": (lambda x: x.narrow(1, 1, 2).as_strided((2, 3), (20, 1)),
                                lambda: (r(2, 4, 5),)),
    "as_strided_after_expand": (lambda x: x.expand(2, 4).as_strided((2, 3), (0, 1), 0),
                                lambda: (r(1, 4),)),
    "as_strided_after_diagonal": (lambda x: torch.diagonal(x).as_strided((3,), (6,), 0),
                                  lambda: (r(4, 5),)),
    "diagonal": (torch.diagonal, lambda: (r(3, 4),)),
    "diag_embed_offset_dims": (lambda x: torch.diag_embed(x, 1, 1, 3), lambda: (r(2, 3, 4),)),
    "diagonal_offset": (lambda x: torch.diagonal(x, 2), lambda: (r(4, 5),)),
    "diagonal_negative_offset_dims": (lambda x: torch.diagonal(x, -1, 0, 2),
                                      lambda: (r(4, 2, 3),)),
    "diagonal_past_end": (lambda x: torch.diagonal(x, 5), lambda: (r(3, 4),)),
    "einsum_repeated_index": (lambda x: torch.einsum("ii->i", x), lambda: (r(4, 4),)),
    "einsum_trace": (lambda x: torch.einsum("bii->b", x), lambda: (r(2, 3, 3),)),
    "unfold": (lambda x: x.unfold(1, 3, 2), lambda: (r(2, 7),)),
    "unfold_dim0_step1": (lambda x: x.unfold(0, 2, 1), lambda: (r(5, 3),)),
    "unfold_whole": (lambda x: x.unfold(-1, 4, 4), lambda: (r(2, 3, 4),)),
    # Splits, joins, repeats, pads and reorders at odd sizes and dims (each
    # is also one of torch-decompose-complex-ops' patterns).
    "split_last_uneven": (lambda x: torch.split(x, 3, -1), lambda: (r(2, 7),)),
    "split_sizes_dim1": (lambda x: torch.split(x, [2, 1, 3], 1), lambda: (r(2, 6, 2),)),
    "chunk_uneven": (lambda x: torch.chunk(x, 3, 0), lambda: (r(7, 2),)),
    "unbind_last": (lambda x: torch.unbind(x, -1), lambda: (r(2, 3, 2),)),
    "split_then_cat": (lambda x: torch.cat(torch.split(x, 2, 1)[::-1], 1), lambda: (r(3, 5),)),
    "stack_negative_dim": (lambda x, y: torch.stack([x, y, x], -1), lambda: (r(2, 3), r(2, 3))),
    "stack_of_0d": (lambda x, y: torch.stack([x.sum(), y.max()]), lambda: (r(2, 3), r(4))),
    "repeat_rank3_new_dims": (lambda x: x.repeat(1, 2, 1, 3), lambda: (r(2, 1, 3),)),
    "repeat_int": (lambda x: (x * 10).long().repeat(2, 2), lambda: (r(2, 3),)),
    "flip_negative_dim": (lambda x: torch.flip(x, [-1]), lambda: (r(2, 3, 4),)),
    "flip_three_dims": (lambda x: torch.flip(x, [0, 2, 1]), lambda: (r(2, 3, 4),)),
    "roll_two_dims": (lambda x: torch.roll(x, (1, -2), (0, 2)), lambda: (r(3, 2, 5),)),
    "roll_past_size": (lambda x: torch.roll(x, 7, 1), lambda: (r(2, 3),)),
    "roll_negative": (lambda x: torch.roll(x, -1, -1), lambda: (r(4, 5),)),
    "tril_negative_diag": (lambda x: torch.tril(x, -1), lambda: (r(3, 5),)),
    "triu_batched": (torch.triu, lambda: (r(2, 4, 3),)),
    "tril_int": (lambda x: torch.tril((x * 10).long(), 2), lambda: (r(4, 4),)),
    "triu_past_width": (lambda x: torch.triu(x, 9), lambda: (r(3, 4),)),
    "pad_circular": (lambda x: F.pad(x, (1, 2), mode="circular"), lambda: (r(1, 2, 4),)),
    "pad_reflect_2d": (lambda x: F.pad(x, (1, 2, 2, 1), mode="reflect"), lambda: (r(1, 2, 4, 5),)),
    "pad_replicate_3d": (lambda x: F.pad(x, (1, 1, 0, 2, 1, 0), mode="replicate"),
                         lambda: (r(1, 1, 3, 3, 3),)),
    "pad_constant_value_2d": (lambda x: F.pad(x, (1, 0, 2, 1), value=-3.0), lambda: (r(2, 3, 3),)),
    "pad_constant_negative": (lambda x: F.pad(x, (-1, 2)), lambda: (r(2, 5),)),
    "einsum_outer": (lambda x, y: torch.einsum("i,j->ij", x, y), lambda: (r(3), r(4))),
    "einsum_chain": (lambda x, y, z: torch.einsum("ij,jk,kl->il", x, y, z),
                     lambda: (r(2, 3), r(3, 4), r(4, 2))),
    "einsum_implicit_output": (lambda x, y: torch.einsum("ij,kj", x, y), lambda: (r(2, 3), r(4, 3))),
    "einsum_transpose": (lambda x: torch.einsum("ijk->kji", x), lambda: (r(2, 3, 4),)),
    "einsum_sum_all": (lambda x: torch.einsum("ij->", x), lambda: (r(3, 4),)),
    "einsum_attention_scores": (lambda q, k: torch.einsum("bhqd,bhkd->bhqk", q, k),
                                lambda: (r(2, 2, 3, 4), r(2, 2, 5, 4))),
    "einsum_batch_diagonal": (lambda x, y: torch.einsum("bii,bi->bi", x, y),
                              lambda: (r(2, 3, 3), r(2, 3))),
}
for name, (fn, inputs) in MOVES.items():
    fn_case(f"move_{name}", fn, inputs)

n = Dim("n")
fn_case("move_view_dynamic", lambda x: x.view(x.shape[0], 2, 2), lambda: (r(3, 4),),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (r(6, 4),))
fn_case("move_flatten_dynamic", lambda x: torch.flatten(x, 1), lambda: (r(3, 2, 2),),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (r(5, 2, 2),))
fn_case("move_permute_dynamic", lambda x: x.permute(1, 0), lambda: (r(3, 4),),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (r(6, 4),))
fn_case("move_slice_dynamic", lambda x: x[:, 1:3], lambda: (r(3, 4),),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (r(6, 4),))
fn_case("move_cat_dynamic", lambda x, y: torch.cat([x, y]), lambda: (r(3, 4), r(2, 4)),
        dynamic_shapes=({0: n}, {0: Dim("k")}),
        make_other_inputs=lambda: (r(5, 4), r(1, 4)))
fn_case("move_diagonal_dynamic", lambda x: torch.diagonal(x, 1, 1, 2), lambda: (r(2, 3, 4),),
        dynamic_shapes=({1: n},), make_other_inputs=lambda: [(r(2, 6, 4),), (r(2, 1, 4),)])
fn_case("move_unfold_dynamic", lambda x: x.unfold(0, 3, 2), lambda: (r(7, 2),),
        dynamic_shapes=({0: Dim("w", min=3)},), make_other_inputs=lambda: [(r(3, 2),), (r(10, 2),)])
fn_case("move_unsqueeze_dynamic", lambda x: x.unsqueeze(0), lambda: (r(3, 4),),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (r(6, 4),))

NEW = {
    "zeros": lambda x: torch.zeros(2, 3) + x,
    "ones_int": lambda x: torch.ones(2, 3, dtype=torch.int64) + x.long(),
    "full": lambda x: torch.full((2, 3), 2.5) * x,
    "zeros_like": lambda x: torch.zeros_like(x),
    "ones_like": lambda x: torch.ones_like(x),
    "full_like": lambda x: torch.full_like(x, -1.5),
    "new_zeros": lambda x: x.new_zeros(4),
    "new_ones": lambda x: x.new_ones(2, 2),
    "new_full": lambda x: x.new_full((3,), 7.0),
    "arange": lambda x: torch.arange(5) + x.sum().long(),
    "arange_float": lambda x: torch.arange(0.0, 2.0, 0.25) * x.sum(),
    "arange_start_step": lambda x: torch.arange(1, 10, 3),
    "eye": lambda x: torch.eye(2, 3) + x,
    "linspace": lambda x: torch.linspace(0, 1, 5) + x.sum(),
    "empty_like_filled": lambda x: torch.empty_like(x).fill_(3.0),
    "scalar_tensor": lambda x: x + torch.tensor(2.0),
    "eye_square": lambda x: torch.eye(3)[:2] + x,
    "eye_int": lambda x: torch.eye(2, 3, dtype=torch.int64) + x.long(),
    "eye_bool": lambda x: torch.where(torch.eye(2, 3, dtype=torch.bool), x, -x),
    "linspace_one_step": lambda x: torch.linspace(2, 5, 1) + x.sum(),
    "linspace_descending": lambda x: torch.linspace(1, -1, 7) * x.sum(),
    "linspace_many": lambda x: torch.linspace(-3, 3, 101).sum() + x,
}
for name, fn in NEW.items():
    fn_case(f"new_{name}", fn, lambda: (r(2, 3),))
fn_case("new_zeros_dynamic", lambda x: torch.zeros(x.shape[0], 2),
        lambda: (r(3, 2),), dynamic_shapes=({0: n},), make_other_inputs=lambda: (r(5, 2),))
fn_case("move_split_dynamic", lambda x: torch.split(x, 2, 1), lambda: (r(3, 5),),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (r(6, 5),))
fn_case("move_repeat_dynamic", lambda x: x.repeat(2, 1, 3), lambda: (r(3, 2),),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (r(5, 2),))
fn_case("move_pad_reflect_dynamic", lambda x: F.pad(x, (2, 1), mode="reflect"), lambda: (r(2, 4),),
        dynamic_shapes=({1: Dim("w", min=3)},), make_other_inputs=lambda: (r(2, 7),))
fn_case("move_flip_dynamic", lambda x: torch.flip(x, [0]), lambda: (r(3, 4),),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (r(6, 4),))
fn_case("move_tril_dynamic", torch.tril, lambda: (r(3, 4),),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (r(6, 4),))
fn_case("move_stack_dynamic", lambda x, y: torch.stack([x, y]), lambda: (r(3, 4), r(3, 4)),
        dynamic_shapes=({0: n}, {0: n}), make_other_inputs=lambda: (r(5, 4), r(5, 4)))

# Index constructors, selections of data-dependent length, one-hot codes.
fn_case("new_tril_indices", lambda x: torch.tril_indices(3, 4, 1) + x, lambda: (torch.tensor(1),))
fn_case("new_triu_indices_negative", lambda x: torch.triu_indices(4, 3, -1) * x,
        lambda: (torch.tensor(2),))
fn_case("move_masked_select", torch.masked_select, lambda: (r(3, 4), torch.rand(3, 4) > 0.5))
fn_case("move_masked_select_broadcast_mask", torch.masked_select,
        lambda: (r(3, 4), torch.tensor([True, False, True, True])))
fn_case("move_one_hot", lambda x: F.one_hot(x, 5), lambda: (torch.tensor([0, 3, 1, 4, 3]),))

# Resampling of an image whose batch and spatial sizes are known only at run
# time (a dynamic factor's output size): nearest and bilinear, by a scale.
_h, _w = Dim("h", min=2), Dim("w", min=2)
fn_case("move_interpolate_nearest_dynamic", lambda x: F.interpolate(x, scale_factor=2),
        lambda: (r(2, 2, 3, 4),), dynamic_shapes=({0: Dim("b"), 2: _h, 3: _w},),
        make_other_inputs=lambda: (r(3, 2, 5, 3),))
fn_case("move_interpolate_bilinear_dynamic",
        lambda x: F.interpolate(x, scale_factor=2, mode="bilinear"),
        lambda: (r(1, 2, 3, 4),), dynamic_shapes=({2: _h, 3: _w},),
        make_other_inputs=lambda: (r(1, 2, 6, 5),))
