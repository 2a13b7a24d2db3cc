"""Matrix products, convolutions and pooling."""

import torch
import torch.nn.functional as F
from torch.export import Dim

from framework import fn_case


def r(*shape):
    return torch.randn(*shape)


MATMULS = {
    "mm": (torch.mm, lambda: (r(3, 5), r(5, 2))),
    "bmm": (torch.bmm, lambda: (r(4, 3, 5), r(4, 5, 2))),
    "matmul_1d_2d": (torch.matmul, lambda: (r(5), r(5, 2))),
    "matmul_2d_1d": (torch.matmul, lambda: (r(3, 5), r(5))),
    "matmul_1d_1d": (torch.matmul, lambda: (r(5), r(5))),
    "matmul_3d_2d": (torch.matmul, lambda: (r(2, 3, 5), r(5, 4))),
    "matmul_broadcast_batch": (torch.matmul, lambda: (r(2, 1, 3, 5), r(4, 5, 2))),
    "matmul_int": (torch.matmul, lambda: (torch.randint(-5, 5, (3, 4)),
                                          torch.randint(-5, 5, (4, 2)))),
    "linear": (F.linear, lambda: (r(3, 5), r(4, 5), r(4))),
    "linear_no_bias": (F.linear, lambda: (r(2, 3, 5), r(4, 5))),
    "addmm_beta_alpha": (lambda b, x, y: torch.addmm(b, x, y, beta=0.5, alpha=2.0),
                         lambda: (r(2), r(3, 4), r(4, 2))),
    "baddbmm": (lambda b, x, y: torch.baddbmm(b, x, y, alpha=0.5),
                lambda: (r(2, 3, 2), r(2, 3, 4), r(2, 4, 2))),
    "einsum_ij_jk": (lambda x, y: torch.einsum("ij,jk->ik", x, y), lambda: (r(3, 4), r(4, 5))),
    "einsum_bij_bjk": (lambda x, y: torch.einsum("bij,bjk->bik", x, y),
                       lambda: (r(2, 3, 4), r(2, 4, 5))),
    "outer": (torch.outer, lambda: (r(3), r(4))),
    "matmul_f64": (torch.matmul, lambda: (r(3, 4).double(), r(4, 2).double())),
    "bilinear": (F.bilinear, lambda: (r(3, 4), r(3, 5), r(2, 4, 5), r(2))),
    "bilinear_no_bias": (F.bilinear, lambda: (r(2, 3, 4), r(2, 3, 2), r(5, 4, 2))),
    # _trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim).
    "trilinear_plain": (lambda a, b, c: torch.ops.aten._trilinear(a, b, c, [], [], [], [], 0),
                        lambda: (r(3, 3, 3), r(3, 3, 3), r(3, 3, 3))),
    "trilinear_sum_dims": (lambda a, b, c: torch.ops.aten._trilinear(a, b, c, [1], [], [], [0, 2]),
                           lambda: (r(2, 6), r(2, 3, 6), r(2, 3, 6))),
    "trilinear_varying_ranks": (
        lambda a, b, c: torch.ops.aten._trilinear(a, b, c, [1], [], [1, 0], [2, 0]),
        lambda: (r(2, 6), r(2, 3, 6), r(6))),
    # A size-0 dim stays 0 through the broadcast product (not a stretched 1).
    "trilinear_zero_size": (lambda a, b, c: torch.ops.aten._trilinear(a, b, c, [1], [], [], []),
                            lambda: (r(0, 6), r(0, 2, 6), r(0, 2, 6))),
    "trilinear_zero_size_expanded": (
        lambda a, b, c: torch.ops.aten._trilinear(a, b, c, [0], [0], [], []),
        lambda: (r(2, 6), r(2, 6), r(0, 2, 6))),
    "trilinear_zero_size_sum_dims": (
        lambda a, b, c: torch.ops.aten._trilinear(a, b, c, [1], [], [], [0, 2]),
        lambda: (r(2, 6), r(2, 0, 6), r(2, 0, 6))),
    # ATen sizes an empty product by its kernel, not by broadcasting: an
    # empty first operand against [1, 2, 6] twice is [1, 2, 6] of zeros.
    "trilinear_zero_size_first_operand": (
        lambda a, b, c: torch.ops.aten._trilinear(a, b, c, [], [], [], []),
        lambda: (r(0, 2, 6), r(1, 2, 6), r(1, 2, 6))),
    "trilinear_zero_size_expanded_middle": (
        lambda a, b, c: torch.ops.aten._trilinear(a, b, c, [1], [1], [1], []),
        lambda: (r(1, 6), r(0, 6), r(1, 6))),
    "baddbmm_beta0_ignores_nan": (
        lambda b, x, y: torch.baddbmm(b * float("nan"), x, y, beta=0),
        lambda: (r(2, 3, 5), r(2, 3, 4), r(2, 4, 5))),
    "baddbmm_broadcast_beta": (lambda b, x, y: torch.baddbmm(b, x, y, beta=2.0, alpha=-1.0),
                               lambda: (r(3, 5), r(2, 3, 4), r(2, 4, 5))),
}
for name, (fn, inputs) in MATMULS.items():
    fn_case(f"linear_{name}", fn, inputs)

fn_case("linear_mm_dynamic", torch.mm, lambda: (r(3, 5), r(5, 2)),
        dynamic_shapes=({0: Dim("m")}, None), make_other_inputs=lambda: (r(7, 5), r(5, 2)))

CONVS = {
    "conv1d": (lambda x, w, b: F.conv1d(x, w, b), lambda: (r(2, 3, 10), r(4, 3, 3), r(4))),
    "conv1d_stride_pad": (lambda x, w: F.conv1d(x, w, stride=2, padding=1),
                          lambda: (r(1, 2, 9), r(3, 2, 3))),
    "conv2d": (lambda x, w, b: F.conv2d(x, w, b), lambda: (r(1, 3, 8, 8), r(4, 3, 3, 3), r(4))),
    "conv2d_stride_pad": (lambda x, w, b: F.conv2d(x, w, b, stride=2, padding=1),
                          lambda: (r(2, 3, 9, 9), r(5, 3, 3, 3), r(5))),
    "conv2d_dilation": (lambda x, w: F.conv2d(x, w, dilation=2),
                        lambda: (r(1, 2, 9, 9), r(3, 2, 3, 3))),
    "conv2d_groups": (lambda x, w: F.conv2d(x, w, groups=2),
                      lambda: (r(1, 4, 6, 6), r(6, 2, 3, 3))),
    "conv2d_depthwise": (lambda x, w: F.conv2d(x, w, padding=1, groups=4),
                         lambda: (r(1, 4, 6, 6), r(4, 1, 3, 3))),
    "conv2d_rect_kernel": (lambda x, w: F.conv2d(x, w, padding=(1, 0), stride=(1, 2)),
                           lambda: (r(1, 2, 7, 8), r(3, 2, 3, 2))),
    "conv3d": (lambda x, w: F.conv3d(x, w, padding=1), lambda: (r(1, 2, 4, 5, 5), r(3, 2, 3, 3, 3))),
    "conv_transpose2d": (lambda x, w: F.conv_transpose2d(x, w, stride=2),
                         lambda: (r(1, 3, 4, 4), r(3, 2, 3, 3))),
    "conv_transpose2d_pad_output_pad": (
        lambda x, w, b: F.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1),
        lambda: (r(2, 3, 5, 4), r(3, 4, 3, 3), r(4))),
    "conv_transpose2d_dilation": (lambda x, w: F.conv_transpose2d(x, w, dilation=2),
                                  lambda: (r(1, 2, 4, 4), r(2, 3, 3, 3))),
    "conv_transpose1d": (lambda x, w, b: F.conv_transpose1d(x, w, b, stride=3),
                         lambda: (r(2, 3, 5), r(3, 2, 4), r(2))),
    "conv_transpose2d_groups": (lambda x, w: F.conv_transpose2d(x, w, groups=2),
                                lambda: (r(1, 4, 3, 3), r(4, 1, 2, 2))),
    "conv_transpose2d_groups_bias_stride": (
        lambda x, w, b: F.conv_transpose2d(x, w, b, stride=2, padding=1, groups=3),
        lambda: (r(2, 6, 4, 3), r(6, 2, 3, 3), r(6))),
    "conv_transpose1d_depthwise": (lambda x, w: F.conv_transpose1d(x, w, groups=4),
                                   lambda: (r(1, 4, 6), r(4, 1, 3))),
    "conv1d_groups": (lambda x, w, b: F.conv1d(x, w, b, groups=2, padding=2, dilation=2),
                      lambda: (r(2, 4, 9), r(6, 2, 3), r(6))),
    "conv1d_depthwise_stride": (lambda x, w: F.conv1d(x, w, stride=2, padding=1, groups=3),
                                lambda: (r(1, 3, 10), r(6, 1, 3))),
    "conv3d_groups": (lambda x, w: F.conv3d(x, w, groups=2, padding=(0, 1, 1)),
                      lambda: (r(1, 4, 3, 4, 4), r(2, 2, 2, 3, 3))),
    "conv2d_depthwise_stride_dilation_pad": (
        lambda x, w, b: F.conv2d(x, w, b, stride=2, padding=2, dilation=2, groups=3),
        lambda: (r(2, 3, 9, 8), r(3, 1, 3, 3), r(3))),
    "conv_transpose3d": (lambda x, w: F.conv_transpose3d(x, w, stride=2, padding=1),
                         lambda: (r(1, 2, 3, 3, 2), r(2, 3, 3, 3, 2))),
    "conv2d_same_padding": (lambda x, w: F.conv2d(x, w, padding="same"),
                            lambda: (r(2, 2, 7, 6), r(3, 2, 3, 2))),
    "conv1d_same_padding_dilation": (lambda x, w: F.conv1d(x, w, padding="same", dilation=2),
                                     lambda: (r(1, 2, 9), r(4, 2, 4))),
    "conv2d_valid_padding": (lambda x, w: F.conv2d(x, w, padding="valid"),
                             lambda: (r(1, 2, 6, 6), r(3, 2, 3, 3))),
    # Padding larger than (kernel - 1) * dilation: the transposed
    # convolution crops its full output.
    "conv_transpose1d_crop": (lambda x, w, b: F.conv_transpose1d(x, w, b, stride=4, padding=3),
                              lambda: (r(1, 1, 7), r(1, 2, 3), r(2))),
    "conv_transpose2d_asymmetric_crop": (
        lambda x, w, b: F.conv_transpose2d(x, w, b, stride=(3, 4), padding=(2, 3),
                                           output_padding=(2, 1)),
        lambda: (r(1, 1, 6, 5), r(1, 1, 5, 7), r(1))),
    "conv_tbc": (lambda x, w, b: torch.conv_tbc(x, w, b, 1),
                 lambda: (r(9, 4, 5), r(3, 5, 6), r(6))),
}
for name, (fn, inputs) in CONVS.items():
    fn_case(f"linear_{name}", fn, inputs)

POOLS = {
    "max_pool2d": (lambda x: F.max_pool2d(x, 2), lambda: (r(1, 3, 8, 8),)),
    "max_pool2d_stride_pad": (lambda x: F.max_pool2d(x, 3, 2, 1), lambda: (r(2, 2, 9, 9),)),
    "max_pool2d_ceil": (lambda x: F.max_pool2d(x, 2, ceil_mode=True), lambda: (r(1, 2, 7, 7),)),
    "max_pool2d_dilation": (lambda x: F.max_pool2d(x, 2, 1, 0, 2), lambda: (r(1, 1, 6, 6),)),
    "max_pool2d_indices": (lambda x: F.max_pool2d(x, 2, return_indices=True),
                           lambda: (r(1, 2, 6, 6),)),
    "max_pool1d": (lambda x: F.max_pool1d(x, 3, 2), lambda: (r(2, 3, 11),)),
    "max_pool3d": (lambda x: F.max_pool3d(x, 2), lambda: (r(1, 2, 4, 4, 4),)),
    "avg_pool2d": (lambda x: F.avg_pool2d(x, 2), lambda: (r(1, 3, 8, 8),)),
    "avg_pool2d_pad": (lambda x: F.avg_pool2d(x, 3, 2, 1), lambda: (r(1, 2, 7, 7),)),
    "avg_pool2d_pad_exclude": (lambda x: F.avg_pool2d(x, 3, 2, 1, count_include_pad=False),
                               lambda: (r(1, 2, 7, 7),)),
    "avg_pool2d_ceil": (lambda x: F.avg_pool2d(x, 2, ceil_mode=True), lambda: (r(1, 1, 5, 5),)),
    "avg_pool2d_divisor": (lambda x: F.avg_pool2d(x, 2, divisor_override=3),
                           lambda: (r(1, 1, 4, 4),)),
    "avg_pool1d": (lambda x: F.avg_pool1d(x, 3, 2), lambda: (r(2, 3, 11),)),
    "adaptive_avg_pool2d_1": (lambda x: F.adaptive_avg_pool2d(x, 1), lambda: (r(2, 3, 5, 5),)),
    "adaptive_avg_pool2d_2": (lambda x: F.adaptive_avg_pool2d(x, 2), lambda: (r(1, 3, 6, 6),)),
    "adaptive_avg_pool2d_uneven": (lambda x: F.adaptive_avg_pool2d(x, (3, 2)),
                                   lambda: (r(2, 3, 7, 5),)),
    "adaptive_avg_pool2d_larger_output": (lambda x: F.adaptive_avg_pool2d(x, (5, 6)),
                                          lambda: (r(1, 2, 3, 4),)),
    "adaptive_max_pool2d": (lambda x: F.adaptive_max_pool2d(x, 2), lambda: (r(1, 3, 6, 6),)),
    # Windows of unequal, overlapping sizes (7 -> 3: [0, 3), [2, 5), [4, 7)).
    "adaptive_max_pool2d_uneven_indices": (
        lambda x: F.adaptive_max_pool2d(x, (3, 2), return_indices=True),
        lambda: (r(2, 2, 7, 5),)),
    "adaptive_max_pool2d_3d_input": (lambda x: F.adaptive_max_pool2d(x, (2, 4)),
                                     lambda: (r(3, 5, 9),)),
    "adaptive_max_pool1d": (lambda x: F.adaptive_max_pool1d(x, 4), lambda: (r(2, 3, 10),)),
    "adaptive_avg_pool3d": (lambda x: F.adaptive_avg_pool3d(x, (2, 3, 2)),
                            lambda: (r(1, 2, 5, 7, 4),)),
    "adaptive_avg_pool3d_larger_output": (lambda x: F.adaptive_avg_pool3d(x, (3, 4, 5)),
                                          lambda: (r(2, 2, 3, 3),)),
    "adaptive_max_pool3d": (lambda x: F.adaptive_max_pool3d(x, (2, 3, 2)),
                            lambda: (r(1, 2, 5, 7, 4),)),
    "adaptive_max_pool3d_indices": (lambda x: F.adaptive_max_pool3d(x, 2, return_indices=True),
                                    lambda: (r(2, 3, 3, 5),)),
}
for name, (fn, inputs) in POOLS.items():
    fn_case(f"pool_{name}", fn, inputs)

# A dynamic first dim, run at size 0: the product broadcast at run time keeps
# the 0 (a size-0 operand dim is not a stretched 1).
fn_case("linear_trilinear_zero_size_dynamic",
        lambda a, b, c: torch.ops.aten._trilinear(a, b, c, [1], [], [], []),
        lambda: (r(3, 6), r(3, 2, 6), r(3, 2, 6)),
        dynamic_shapes=({0: Dim("n")}, {0: Dim("n")}, {0: Dim("n")}),
        make_other_inputs=lambda: (r(0, 6), r(0, 2, 6), r(0, 2, 6)))
