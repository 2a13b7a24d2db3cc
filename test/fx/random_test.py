"""Random ops through torch_mlir.fx.compile: their distributions, and the
generator the compiled program owns.

Our streams are not PyTorch's (no two implementations share one), so values
are checked by their statistics on 200,000 draws, with bounds about five
standard errors wide: a correct generator fails one of them about once in
a million runs; a wrong distribution (bad bounds, a lost scale, a biased
mask, a constant) fails at once. The stream itself: fresh values on every
call, the same stream after the same torch.manual_seed, another one after
another seed, and independent streams for two random ops in one program.
"""

import argparse
import math
import sys
import unittest

import torch
import torch.nn.functional as F

import unpacked_wheels

ARGS = None
fx = None
N = 200_000


def setUpModule():
    global fx
    unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import fx as fx_module
    fx = fx_module


class Fn(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)


def compiled(fn, *args, seed=0):
    torch.manual_seed(seed)
    return fx.compile(Fn(fn), *args)


def standard_error(variance, n=N):
    return math.sqrt(variance / n)


class Distributions(unittest.TestCase):
    def assertNear(self, got, expected, error, what):
        self.assertLess(abs(got - expected), 5 * error,
                        f"{what}: {got:.5f}, expected {expected:.5f} +- {5 * error:.5f}")

    def test_rand_like_is_uniform_in_unit_interval(self):
        x = torch.zeros(N)
        u = compiled(torch.rand_like, x)(x)
        self.assertEqual(u.dtype, torch.float32)
        self.assertGreaterEqual(u.min().item(), 0.0)
        self.assertLess(u.max().item(), 1.0)
        self.assertNear(u.mean().item(), 0.5, standard_error(1 / 12), "mean")
        self.assertNear(u.var().item(), 1 / 12, standard_error(1 / 180), "variance")
        # Every tenth of the interval holds a tenth of the draws.
        counts = torch.histc(u, bins=10, min=0, max=1) / N
        for i, share in enumerate(counts.tolist()):
            self.assertNear(share, 0.1, standard_error(0.09), f"bin {i}")

    def test_rand_of_float64_and_float16(self):
        for dtype in (torch.float64, torch.float16):
            x = torch.zeros(N, dtype=dtype)
            u = compiled(lambda x: torch.rand(N, dtype=dtype) + x, x)(x)
            self.assertEqual(u.dtype, dtype)
            self.assertGreaterEqual(u.min().item(), 0.0)
            self.assertLess(u.max().item(), 1.0, dtype)
            self.assertNear(u.double().mean().item(), 0.5, standard_error(1 / 12), str(dtype))

    def test_uniform_in_place_takes_its_bounds(self):
        def fn(x):
            y = x.clone()
            y.uniform_(-2.0, 3.0)
            return y

        x = torch.zeros(N)
        y = compiled(fn, x)(x)
        self.assertGreaterEqual(y.min().item(), -2.0)
        self.assertLess(y.max().item(), 3.0)
        self.assertNear(y.mean().item(), 0.5, standard_error(25 / 12), "mean")

    def test_randn_is_standard_normal(self):
        x = torch.zeros(N)
        for fn in (torch.randn_like, lambda x: torch.randn(N) + x):
            z = compiled(fn, x)(x)
            self.assertTrue(torch.isfinite(z).all())
            self.assertNear(z.mean().item(), 0.0, standard_error(1), "mean")
            self.assertNear(z.var().item(), 1.0, standard_error(2), "variance")
            # The normal CDF at -1, 0 and 1.
            for at in (-1.0, 0.0, 1.0):
                p = 0.5 * (1 + math.erf(at / math.sqrt(2)))
                share = (z < at).double().mean().item()
                self.assertNear(share, p, standard_error(p * (1 - p)), f"P(z < {at})")

    def test_normal_takes_mean_and_std(self):
        def fn(x):
            y = x.clone()
            y.normal_(3.0, 0.5)
            return y

        x = torch.zeros(N)
        y = compiled(fn, x)(x)
        self.assertNear(y.mean().item(), 3.0, standard_error(0.25), "mean")
        self.assertNear(y.var().item(), 0.25, standard_error(2 * 0.25**2), "variance")

    def test_bernoulli(self):
        x = torch.full((N,), 0.25)
        for fn in (torch.bernoulli, lambda x: torch.bernoulli(torch.zeros_like(x), 0.25)):
            b = compiled(fn, x)(x)
            self.assertEqual(set(b.unique().tolist()), {0.0, 1.0})
            self.assertNear(b.mean().item(), 0.25, standard_error(0.25 * 0.75), "P(1)")

    def test_dropout_in_training(self):
        p = 0.3
        x = torch.rand(N) + 1.0  # no zeros of its own
        y = compiled(lambda x: F.dropout(x, p, training=True), x)(x)
        dropped = (y == 0).double().mean().item()
        self.assertNear(dropped, p, standard_error(p * (1 - p)), "dropped share")
        kept = y != 0
        self.assertTrue(torch.allclose(y[kept], x[kept] / (1 - p), rtol=1e-6))

    def test_randint(self):
        x = torch.zeros(N, dtype=torch.int64)
        r = compiled(lambda x: torch.randint(3, 13, (N,)) + x, x)(x)
        self.assertEqual(r.dtype, torch.int64)
        self.assertEqual(set(r.unique().tolist()), set(range(3, 13)))
        counts = torch.bincount(r - 3, minlength=10).double() / N
        for value, share in enumerate(counts.tolist(), start=3):
            self.assertNear(share, 0.1, standard_error(0.09), f"value {value}")

    def test_exponential(self):
        def fn(x):
            y = x.clone()
            y.exponential_(2.0)
            return y

        x = torch.zeros(N)
        y = compiled(fn, x)(x)
        self.assertGreaterEqual(y.min().item(), 0.0)
        self.assertNear(y.mean().item(), 0.5, standard_error(0.25), "mean")

    def test_rrelu_in_training_draws_slopes_in_bounds(self):
        x = -(torch.rand(N) + 0.5)
        y = compiled(lambda x: F.rrelu(x, 0.1, 0.3, training=True), x)(x)
        slopes = y / x
        self.assertGreaterEqual(slopes.min().item(), 0.1 - 1e-6)
        self.assertLess(slopes.max().item(), 0.3 + 1e-6)
        self.assertNear(slopes.mean().item(), 0.2, standard_error(0.04 / 12), "mean slope")


class Streams(unittest.TestCase):
    def test_each_call_draws_fresh_values(self):
        x = torch.zeros(1000)
        program = compiled(torch.rand_like, x)
        first, second = program(x), program(x)
        self.assertFalse(torch.equal(first, second))

    def test_same_seed_same_stream_other_seed_other_stream(self):
        x = torch.zeros(1000)
        a = compiled(torch.rand_like, x, seed=7)
        b = compiled(torch.rand_like, x, seed=7)
        c = compiled(torch.rand_like, x, seed=8)
        a1, a2 = a(x), a(x)
        self.assertTrue(torch.equal(a1, b(x)))
        self.assertTrue(torch.equal(a2, b(x)))
        self.assertFalse(torch.equal(a1, c(x)))

    def test_two_random_ops_are_independent(self):
        x = torch.zeros(N)
        u, v = compiled(lambda x: (torch.rand_like(x), torch.rand_like(x)), x)(x)
        self.assertFalse(torch.equal(u, v))
        correlation = torch.corrcoef(torch.stack([u, v]))[0, 1].item()
        self.assertLess(abs(correlation), 5 / math.sqrt(N))

    def test_neighbouring_elements_are_uncorrelated(self):
        x = torch.zeros(N)
        u = compiled(torch.rand_like, x)(x)
        correlation = torch.corrcoef(torch.stack([u[:-1], u[1:]]))[0, 1].item()
        self.assertLess(abs(correlation), 5 / math.sqrt(N))

    def test_seed_must_be_an_int(self):
        from torch_mlir.refbackend import RefBackend
        with self.assertRaisesRegex(TypeError, "seed must be an int"):
            RefBackend(seed="7")
        with self.assertRaisesRegex(TypeError, "seed must be an int"):
            fx.compile(Fn(torch.rand_like), torch.zeros(3), seed=7.0)

    def test_an_explicit_seed_is_the_stream_whatever_torch_seed(self):
        # fx.compile(seed=) as RefBackend and onnx.compile take it: the same
        # stream as after torch.manual_seed of that seed, whatever torch's seed is.
        x = torch.zeros(1000)
        torch.manual_seed(1)
        a = fx.compile(Fn(torch.rand_like), x, seed=7)
        torch.manual_seed(2)
        b = fx.compile(Fn(torch.rand_like), x, seed=7)
        c = compiled(torch.rand_like, x, seed=7)
        d = fx.compile(Fn(torch.rand_like), x, seed=8)
        first = a(x)  # each program's first draw
        self.assertTrue(torch.equal(first, b(x)))
        self.assertTrue(torch.equal(first, c(x)))
        self.assertFalse(torch.equal(first, d(x)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
