"""Random ops where eager and compiled must agree although their streams
differ: bounds, shapes, dtypes, and the limits where a draw decides nothing
(p = 0 or 1, an empty range). test/fx/random_test.py checks the
distributions themselves."""

import torch
import torch.nn.functional as F
from torch.export import Dim

from framework import fn_case


def r(*shape):
    return torch.randn(*shape)


def in_unit_interval(u):
    return (u >= 0).all() & (u < 1).all()


fn_case("random_rand_like_bounds", lambda x: in_unit_interval(torch.rand_like(x)),
        lambda: (r(7, 17),))
fn_case("random_rand_like_f64", lambda x: in_unit_interval(torch.rand_like(x, dtype=torch.float64)),
        lambda: (r(5, 3),))
fn_case("random_rand_shape_and_dtype", lambda x: torch.rand(3, 4, dtype=torch.float64) * 0 + x,
        lambda: (r(3, 4).double(),))
fn_case("random_randn_like_finite", lambda x: torch.isfinite(torch.randn_like(x)).all(),
        lambda: (r(33, 9),))
fn_case("random_randn_shape", lambda x: torch.randn(2, 5).shape[1] + x, lambda: (r(3),))
fn_case("random_uniform_bounds",
        lambda x: ((x.clone().uniform_(-3, -2) >= -3) & (x.clone().uniform_(-3, -2) < -2)).all(),
        lambda: (r(6, 6),))
fn_case("random_normal_zero_std", lambda x: x.clone().normal_(1.5, 0.0), lambda: (r(4, 5),))
fn_case("random_exponential_nonnegative", lambda x: (x.clone().exponential_(3.0) >= 0).all(),
        lambda: (r(10, 10),))
fn_case("random_bernoulli_limits",
        lambda x: (torch.bernoulli(torch.zeros_like(x)), torch.bernoulli(torch.ones_like(x))),
        lambda: (r(4, 7),))
fn_case("random_bernoulli_p_limits",
        lambda x: (torch.bernoulli(x, 0.0), torch.bernoulli(x, 1.0)), lambda: (r(3, 3),))
fn_case("random_randint_single_value", lambda x: torch.randint(5, 6, (3, 4)) + x,
        lambda: (torch.randint(0, 3, (3, 4)),))
fn_case("random_randint_bounds",
        lambda x: ((torch.randint(-4, 9, (50,)) >= -4) & (torch.randint(-4, 9, (50,)) < 9)).all(),
        lambda: (r(1),))
fn_case("random_dropout_training_p0", lambda x: F.dropout(x, 0.0, training=True),
        lambda: (r(5, 8),))
fn_case("random_dropout_training_p1", lambda x: F.dropout(x, 1.0, training=True),
        lambda: (r(5, 8),))
def scaled_or_zero(x):
    y = F.dropout(x, 0.4, training=True)
    return ((y == 0) | torch.isclose(y, x / 0.6)).all()


fn_case("random_dropout_training_scaled_or_zero", scaled_or_zero, lambda: (r(9, 9),))
fn_case("random_dropout_eval", lambda x: F.dropout(x, 0.5, training=False), lambda: (r(4, 4),))
fn_case("random_rrelu_training_positive", lambda x: F.rrelu(x.abs() + 0.1, training=True),
        lambda: (r(6, 5),))
fn_case("random_rand_like_dynamic", lambda x: in_unit_interval(torch.rand_like(x)),
        lambda: (r(3, 4),), dynamic_shapes=({0: Dim("rows", min=2)},),
        make_other_inputs=lambda: (r(9, 4),))
