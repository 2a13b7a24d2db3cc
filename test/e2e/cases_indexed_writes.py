"""Writes through index tensors (scatter, scatter_add, scatter_reduce,
index_put and the `x[i] = v` forms that export to it) and sorting (sort,
argsort, topk). Where a write's order is unspecified in PyTorch (two
`scatter` writes to one place), the indices here are distinct; the
accumulating forms get duplicates on purpose."""

import torch
from torch.export import Dim

from framework import fn_case


def r(*shape):
    return torch.randn(*shape)


def distinct_rows(rows, n, cols):
    """An index of shape (rows, cols) into a dim of size n, distinct in
    every column."""
    return torch.rand(n, cols).argsort(0)[:rows]


def put(index_fn):
    """A function that writes into a copy of its first argument."""
    def fn(x, *args):
        y = x.clone()
        index_fn(y, *args)
        return y
    return fn


def _set_rows(y, i, v):
    y[i] = v


def _set_cols(y, i, v):
    y[:, i] = v


def _set_points(y, i, j, v):
    y[i, j] = v


def _set_masked(y):
    y[y > 0] = 0.5


def _set_value(y, i):
    y[i] = -1.0


def _add_rows(y, i, v):
    y.index_put_((i,), v, accumulate=True)


def _set_masked_cols(y, m, i, v):
    """Mixed indices: a boolean mask over dim 0, integers over dim 1."""
    y[m, i] = v


def _put_impl(y, i, v):
    torch.ops.aten._index_put_impl_(y, (i,), v, accumulate=True, unsafe=False)


WRITES = {
    "scatter_src": (lambda x, i, s: x.scatter(0, i, s),
                    lambda: (r(4, 5), distinct_rows(3, 4, 5), r(3, 5))),
    "scatter_src_larger": (lambda x, i, s: x.scatter(1, i, s),
                           lambda: (r(3, 6), distinct_rows(2, 6, 3).t(), r(4, 4))),
    "scatter_value": (lambda x, i: x.scatter(1, i, 2.5),
                      lambda: (r(3, 5), distinct_rows(2, 5, 3).t())),
    "scatter_add": (lambda x, i, s: x.scatter_add(0, i, s),
                    lambda: (r(3, 4), torch.randint(0, 3, (6, 4)), r(6, 4))),
    "scatter_add_int": (lambda x, i, s: x.scatter_add(1, i, s),
                        lambda: (torch.randint(-5, 5, (2, 4)), torch.randint(0, 4, (2, 7)),
                                 torch.randint(-5, 5, (2, 7)))),
    "index_put_rows": (put(_set_rows),
                       lambda: (r(5, 3), torch.tensor([3, 0]), r(2, 3))),
    "index_put_negative": (put(_set_rows),
                           lambda: (r(5, 3), torch.tensor([-1, 1]), r(2, 3))),
    "index_put_broadcast_value": (put(_set_rows),
                                  lambda: (r(5, 3), torch.tensor([4, 2]), r(3))),
    "index_put_cols": (put(_set_cols),
                       lambda: (r(2, 5, 3), torch.tensor([4, 0, 2]), r(2, 3, 3))),
    "index_put_points": (put(_set_points),
                         lambda: (r(4, 5), torch.tensor([0, 3, 1]), torch.tensor([4, 4, 0]),
                                  r(3))),
    "index_put_accumulate": (put(_add_rows),
                             lambda: (r(4, 3), torch.tensor([1, 3, 1, 1]), r(4, 3))),
    "index_put_mask": (put(_set_masked), lambda: (r(3, 4),)),
    "index_put_scalar": (put(_set_value), lambda: (r(4, 2), torch.tensor([2]))),
    "scatter_reduce_add": (lambda x, i, s: x.scatter(1, i, s, reduce="add"),
                           lambda: (r(2, 4), torch.tensor([[0, 1, 1], [3, 3, 0]]), r(2, 3))),
    "scatter_value_reduce_multiply": (lambda x, i: x.scatter(0, i, 2.0, reduce="multiply"),
                                      lambda: (r(3, 2), torch.tensor([[0, 2], [0, 1]]))),
    "index_add": (lambda x, i, s: x.index_add(0, i, s),
                  lambda: (r(4, 3), torch.tensor([0, 2, 0]), r(3, 3))),
    "index_put_mask_and_int": (put(_set_masked_cols),
                               lambda: (r(4, 3), torch.tensor([True, False, True, True]),
                                        torch.tensor([2, 0, 1]), r(3))),
    "index_put_impl_accumulate": (put(_put_impl),
                                  lambda: (r(5, 2), torch.tensor([4, 0, 4]), r(3, 2))),
}
for reduce in ("sum", "prod", "amax", "amin", "mean"):
    for include_self in (True, False):
        suffix = "" if include_self else "_exclude_self"
        WRITES[f"scatter_reduce_{reduce}{suffix}"] = (
            lambda x, i, s, reduce=reduce, include_self=include_self:
                x.scatter_reduce(0, i, s, reduce, include_self=include_self),
            lambda: (r(3, 4), torch.randint(0, 3, (5, 4)), r(5, 4)))
WRITES["scatter_reduce_mean_int"] = (
    lambda x, i, s: x.scatter_reduce(0, i, s, "mean"),
    lambda: (torch.randint(-9, 9, (3, 4)), torch.randint(0, 3, (5, 4)),
             torch.randint(-9, 9, (5, 4))))
for name, (fn, inputs) in WRITES.items():
    fn_case(f"write_{name}", fn, inputs)

n = Dim("n")
fn_case("write_scatter_add_dynamic", lambda x, i, s: x.scatter_add(0, i, s),
        lambda: (r(3, 4), torch.randint(0, 3, (6, 4)), r(6, 4)),
        dynamic_shapes=(None, {0: n}, {0: n}),
        make_other_inputs=lambda: (r(3, 4), torch.randint(0, 3, (9, 4)), r(9, 4)))
fn_case("write_index_put_dynamic", put(_set_rows),
        lambda: (r(5, 3), torch.tensor([3, 0]), r(2, 3)),
        dynamic_shapes=(None, {0: n}, {0: n}),
        make_other_inputs=lambda: (r(5, 3), torch.tensor([4, 1, 0]), r(3, 3)))


def with_nans(*shape):
    x = torch.randn(*shape)
    x[0, 1] = float("nan")
    x[-1, 0] = float("nan")
    return x


SORTS = {
    "sort": (lambda x: torch.sort(x), lambda: (r(3, 6),)),
    "sort_descending": (lambda x: torch.sort(x, descending=True), lambda: (r(3, 6),)),
    "sort_dim0": (lambda x: torch.sort(x, 0), lambda: (r(5, 3),)),
    "sort_stable_ties": (lambda x: torch.sort(x, stable=True),
                         lambda: (torch.randint(0, 3, (2, 8)),)),
    "sort_stable_ties_descending": (lambda x: torch.sort(x, stable=True, descending=True),
                                    lambda: (torch.randint(0, 3, (2, 8)),)),
    "sort_nan": (lambda x: torch.sort(x, 0), lambda: (with_nans(4, 3),)),
    "sort_nan_descending": (lambda x: torch.sort(x, 0, descending=True),
                            lambda: (with_nans(4, 3),)),
    "sort_1d": (lambda x: torch.sort(x), lambda: (r(7),)),
    "sort_f64": (lambda x: torch.sort(x), lambda: (r(2, 5).double(),)),
    "argsort": (lambda x: torch.argsort(x, 1), lambda: (r(3, 5),)),
    "topk": (lambda x: torch.topk(x, 2), lambda: (r(3, 6),)),
    "topk_smallest": (lambda x: torch.topk(x, 3, largest=False), lambda: (r(3, 6),)),
    "topk_dim0": (lambda x: torch.topk(x, 2, 0), lambda: (r(5, 4),)),
    "topk_int": (lambda x: torch.topk(x, 2), lambda: (torch.randperm(12).reshape(2, 6),)),
    "topk_k_equals_n": (lambda x: torch.topk(x, 4), lambda: (r(2, 4),)),
}
for name, (fn, inputs) in SORTS.items():
    fn_case(name, fn, inputs)
fn_case("sort_dynamic", lambda x: torch.sort(x, 1), lambda: (r(3, 6),),
        dynamic_shapes=({0: n, 1: Dim("m")},), make_other_inputs=lambda: (r(2, 9),))
fn_case("topk_dynamic", lambda x: torch.topk(x, 2), lambda: (r(3, 6),),
        dynamic_shapes=({0: n, 1: Dim("m")},), make_other_inputs=lambda: (r(4, 5),))
