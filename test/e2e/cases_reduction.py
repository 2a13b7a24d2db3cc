"""Reductions: sums, means, extremes with and without indices, products,
any/all, variance and norms, and the softmax family built on them."""

import torch
from torch.export import Dim

from framework import CASES, fn_case


def x34():
    return (torch.randn(3, 4),)


def x234():
    return (torch.randn(2, 3, 4),)


REDUCTIONS = {
    "sum_all": (torch.sum, x34),
    "sum_dim": (lambda x: torch.sum(x, 1), x234),
    "sum_dims_keepdim": (lambda x: torch.sum(x, (0, 2), keepdim=True), x234),
    "sum_negative_dim": (lambda x: torch.sum(x, -1), x234),
    "sum_int": (torch.sum, lambda: (torch.randint(-9, 9, (3, 4)),)),
    "sum_bool": (lambda x: torch.sum(x > 0), x34),
    "sum_dtype_f64": (lambda x: torch.sum(x, 1, dtype=torch.float64), x34),
    "mean_all": (torch.mean, x34),
    "mean_dim": (lambda x: torch.mean(x, 1), x234),
    "mean_dims_keepdim": (lambda x: torch.mean(x, (1, 2), keepdim=True), x234),
    "amax": (lambda x: torch.amax(x, 1), x234),
    "amin_keepdim": (lambda x: torch.amin(x, -1, keepdim=True), x234),
    "max_all": (torch.max, x34),
    "min_all": (torch.min, x34),
    "max_dim": (lambda x: torch.max(x, 1), x234),
    "min_dim_keepdim": (lambda x: torch.min(x, 0, keepdim=True), x234),
    "max_dim_int": (lambda x: torch.max(x, 1), lambda: (torch.randint(-9, 9, (3, 5)),)),
    "max_dim_ties": (lambda x: torch.max(x, 1),
                     lambda: (torch.tensor([[1.0, 3.0, 3.0], [2.0, 2.0, 1.0]]),)),
    "argmax_dim": (lambda x: torch.argmax(x, 1), x234),
    "argmin_dim_keepdim": (lambda x: torch.argmin(x, 2, keepdim=True), x234),
    "argmax_all": (torch.argmax, x234),
    "prod_all": (torch.prod, lambda: (torch.rand(3, 4) + 0.5,)),
    "prod_dim": (lambda x: torch.prod(x, 1), lambda: (torch.rand(3, 4) + 0.5,)),
    "any_dim": (lambda x: torch.any(x > 1, 1), x34),
    "all_all": (lambda x: torch.all(x > -3), x34),
    "any_all": (lambda x: torch.any(x > 2), x34),
    "var_dim": (lambda x: torch.var(x, 1), x234),
    "var_unbiased_false": (lambda x: torch.var(x, 1, unbiased=False), x234),
    "var_all": (torch.var, x34),
    "std_dim_keepdim": (lambda x: torch.std(x, -1, keepdim=True), x234),
    "var_mean": (lambda x: torch.var_mean(x, 1), x234),
    "norm_2": (lambda x: torch.linalg.vector_norm(x), x34),
    "norm_dim": (lambda x: torch.norm(x, dim=1), x234),
    "logsumexp": (lambda x: torch.logsumexp(x, 1), x234),
    "softmax": (lambda x: torch.softmax(x, -1), x234),
    "softmax_dim0": (lambda x: torch.softmax(x, 0), x234),
    "log_softmax": (lambda x: torch.log_softmax(x, 1), x234),
    "softmax_large_values": (lambda x: torch.softmax(x * 100, -1), x34),
    "cumsum": (lambda x: torch.cumsum(x, 1), x34),
    # Far from 0 and long: a sum of squares not centered first loses it all.
    "var_correction_large_input": (lambda x: torch.var(x, dim=[2], correction=2),
                                   lambda: (100 + torch.rand(2, 3, 4096),)),
    "std_correction_large_input": (lambda x: torch.std(x, dim=-1, correction=0, keepdim=True),
                                   lambda: (1000 + torch.rand(3, 8192),)),
    "var_mean_correction_large_input": (lambda x: torch.var_mean(x, 1, correction=1),
                                        lambda: (50 + torch.rand(2, 8192),)),
    "kthvalue": (lambda x: torch.kthvalue(x, 2, 1), x234),
    "kthvalue_keepdim_dim0": (lambda x: torch.kthvalue(x, 3, 0, keepdim=True),
                              lambda: (torch.randn(4, 5),)),
    "searchsorted": (lambda b, x: torch.searchsorted(b, x),
                     lambda: (torch.tensor([-1.0, 0.0, 0.5, 2.0]), torch.randn(3, 4))),
    "searchsorted_right": (lambda b, x: torch.searchsorted(b, x, right=True),
                           lambda: (torch.tensor([0, 2, 2, 5]), torch.tensor([[2, 0], [6, 3]]))),
    "median_dim": (lambda x: torch.median(x, 1),
                   lambda: (torch.randperm(20).reshape(4, 5).float(),)),
    "median_dim_keepdim_even": (lambda x: torch.median(x, 0, keepdim=True),
                                lambda: (torch.randperm(24).reshape(4, 6).float(),)),
    "logcumsumexp": (lambda x: torch.logcumsumexp(x, 1), lambda: (torch.randn(3, 5) * 10,)),
    "bucketize": (lambda x, b: torch.bucketize(x, b),
                  lambda: (torch.randn(3, 4), torch.tensor([-1.0, 0.0, 0.5, 2.0]))),
    "bucketize_right_int32": (lambda x, b: torch.bucketize(x, b, right=True, out_int32=True),
                              lambda: (torch.tensor([[0.0, 0.5], [3.0, -2.0]]),
                                       torch.tensor([-1.0, 0.0, 0.5, 2.0]))),
    "logsumexp_keepdim_dims": (lambda x: torch.logsumexp(x, (0, 2), keepdim=True), x234),
    "logsumexp_large": (lambda x: torch.logsumexp(x * 1000, 1), x234),
    "logsumexp_neg_inf_row": (lambda x: torch.logsumexp(
        torch.cat([x, torch.full((1, x.shape[1]), float("-inf"))]), 1), x34),
    "norm_inf": (lambda x: torch.linalg.vector_norm(x, float("inf"), dim=1), x234),
    "norm_neg_inf": (lambda x: torch.linalg.vector_norm(x, float("-inf"), dim=-1), x234),
    "norm_0": (lambda x: torch.linalg.vector_norm(torch.relu(x), 0, dim=0), x34),
    "norm_1_keepdim": (lambda x: torch.linalg.vector_norm(x, 1, dim=(0, 2), keepdim=True), x234),
    "norm_3": (lambda x: torch.linalg.vector_norm(x, 3), x234),
    "var_mean_unbiased_false": (lambda x: torch.var_mean(x, [0, 2], unbiased=False), x234),
}
for name, (fn, inputs) in REDUCTIONS.items():
    fn_case(f"reduction_{name}", fn, inputs)

n = Dim("n")

fn_case("reduction_sum_dynamic", lambda x: torch.sum(x, 1), x34,
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (torch.randn(6, 4),))
fn_case("reduction_mean_over_dynamic", lambda x: torch.mean(x, 0), x34,
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (torch.randn(9, 4),))
fn_case("reduction_softmax_dynamic", lambda x: torch.softmax(x, -1), x34,
        dynamic_shapes=({0: n, 1: Dim("m")},), make_other_inputs=lambda: (torch.randn(2, 7),))
fn_case("reduction_max_dim_dynamic", lambda x: torch.max(x, 1), x34,
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (torch.randn(5, 4),))

# The reductions of random inputs again as users bring them: odd sizes
# (nothing a power of two), and a dynamic first dim called at two sizes.
# input maker -> (odd shape, the shape's other size for the dynamic first dim)
ODD = {x34: ((7, 17), (8, 4)), x234: ((5, 7, 9), (6, 3, 4))}
for name, (fn, inputs) in REDUCTIONS.items():
    if inputs not in ODD:
        continue
    odd, other = ODD[inputs]
    fn_case(f"reduction_{name}_odd_shape", fn, lambda odd=odd: (torch.randn(*odd),),
            variant_of=f"reduction_{name}")
    if f"reduction_{name}_dynamic" in CASES:  # written out above
        continue
    fn_case(f"reduction_{name}_dynamic", fn, inputs, dynamic_shapes=({0: Dim("rows", min=2)},),
            make_other_inputs=lambda other=other: (torch.randn(*other),))

# Distances and histograms.
fn_case("reduction_cdist", torch.cdist, lambda: (torch.randn(2, 5, 3), torch.randn(2, 4, 3)))
fn_case("reduction_cdist_p1", lambda a, b: torch.cdist(a, b, p=1.0),
        lambda: (torch.randn(5, 3), torch.randn(6, 3)))
fn_case("reduction_histc", lambda x: torch.histc(x, 5, -2, 2), lambda: (torch.randn(40),))
fn_case("reduction_histc_edges", lambda x: torch.histc(x, 4, 0, 1),
        lambda: (torch.tensor([0.0, 0.3, 1.0, 1.5, -0.1, 0.75, 0.99]),))


# uint8 holds 128..255, which a signed i8 reads as negative: its extremes,
# their indices and its sums must come out unsigned.
def u8():
    return (torch.tensor([[3, 200, 130, 255], [0, 128, 127, 7], [90, 250, 1, 129]],
                         dtype=torch.uint8),)


UNSIGNED = {
    "max_dim_uint8": lambda x: torch.max(x, 1),
    "min_dim_uint8": lambda x: torch.min(x, 0),
    "amax_uint8": lambda x: torch.amax(x, 1),
    "amin_uint8": lambda x: torch.amin(x, 0),
    "max_all_uint8": torch.max,
    "argmax_uint8": lambda x: torch.argmax(x, 1),
    "argmin_uint8": lambda x: torch.argmin(x, 1),
    "sum_uint8": torch.sum,
    "cumsum_uint8": lambda x: torch.cumsum(x, 1),
    "sort_uint8": lambda x: torch.sort(x, 1),
    "topk_uint8": lambda x: torch.topk(x, 2, 1),
}
for name, fn in UNSIGNED.items():
    fn_case(f"reduction_{name}", fn, u8)
