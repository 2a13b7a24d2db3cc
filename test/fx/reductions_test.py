"""Every reduction over every dtype eager takes, and sums over extents where
a plain float accumulator stops growing, through fx.compile against eager.

For each dtype (floats of four widths, signed and unsigned integers, bool)
one program computes every reduction eager accepts for it, over all
elements, one dim, several dims (keepdim too), on an input of odd sizes with
values that reach the dtype's extremes (unsigned ones above 127); results
must have eager's dtype and shape, integers and bools exactly eager's
values, floats within a tolerance per width. The large extents are sums of
ones past 2^24 in float32 (one accumulator per output, and a dynamic
extent) and past 256 and 2048 in bfloat16 and float16.
"""

import argparse
import sys
import unittest

import torch
from torch.export import Dim

import like_eager
import unpacked_wheels

ARGS = None
fx = None

# (rtol, atol) per float dtype: sums of ~100 elements rounded once in eager's
# order and once in ours.
TOLERANCES = {torch.float64: (1e-10, 1e-10), torch.float32: (1e-5, 1e-5),
              torch.float16: (1e-2, 1e-2), torch.bfloat16: (2e-2, 2e-2)}
DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int8,
          torch.uint8, torch.int16, torch.int32, torch.int64, torch.bool]

REDUCTIONS = {
    "sum": torch.sum,
    "sum_dim": lambda x: torch.sum(x, 1),
    "sum_dims_keepdim": lambda x: torch.sum(x, (0, 2), keepdim=True),
    "mean": torch.mean,
    "mean_dim": lambda x: torch.mean(x, -1),
    "prod_dim": lambda x: torch.prod(x, 2),
    "amax": lambda x: torch.amax(x, 1),
    "amin_dims": lambda x: torch.amin(x, (0, 2)),
    "max": torch.max,
    "min": torch.min,
    "max_dim_values": lambda x: torch.max(x, 1).values,
    "max_dim_indices": lambda x: torch.max(x, 1).indices,
    "min_dim_values": lambda x: torch.min(x, 2, keepdim=True).values,
    "min_dim_indices": lambda x: torch.min(x, 2, keepdim=True).indices,
    "argmax": lambda x: torch.argmax(x, 0),
    "argmin": lambda x: torch.argmin(x, 1),
    "any_dim": lambda x: torch.any(x, 1),
    "all_dim": lambda x: torch.all(x, 2),
    "any": torch.any,
    "count_nonzero": lambda x: torch.count_nonzero(x, 1),
    "cumsum": lambda x: torch.cumsum(x, 1),
    "cumprod": lambda x: torch.cumprod(x, 2),
    "logsumexp": lambda x: torch.logsumexp(x, 1),
    "var": lambda x: torch.var(x, 1),
    "std_all": torch.std,
    "norm": lambda x: torch.linalg.vector_norm(x, dim=1),
    "nansum": lambda x: torch.nansum(x, 2),
    "aminmax_min": lambda x: torch.aminmax(x, dim=1).min,
}


def setUpModule():
    global fx
    unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import fx as fx_module

    fx = fx_module


def values(dtype, shape, generator):
    """Random values of `dtype` reaching its extremes (and distinct enough
    that max/min indices have no ties among floats)."""
    if dtype == torch.bool:
        return torch.rand(shape, generator=generator) > 0.5
    if dtype.is_floating_point:
        return (torch.randn(shape, generator=generator) * 3).to(dtype)
    info = torch.iinfo(dtype)
    low, high = max(info.min, -200), min(info.max, 250)
    x = torch.randint(low, high + 1, shape, generator=generator, dtype=torch.int64).to(dtype)
    flat = x.view(-1)
    flat[0], flat[-1] = info.max, info.min  # the extremes, once each
    return x


class Program(torch.nn.Module):
    def __init__(self, functions):
        super().__init__()
        self.functions = functions

    def forward(self, x):
        return tuple(f(x) for f in self.functions)


class ReductionsTest(unittest.TestCase):
    def assert_like_eager(self, what, expected, got):
        like_eager.assert_like_eager(self, what, expected, got, TOLERANCES)

    def test_every_reduction_over_every_dtype(self):
        generator = torch.Generator().manual_seed(0)
        for dtype in DTYPES:
            x = values(dtype, (3, 5, 7), generator)
            taken = {}
            for name, f in REDUCTIONS.items():
                try:
                    f(x)
                except (RuntimeError, TypeError):
                    continue  # eager refuses it for this dtype
                taken[name] = f
            with self.subTest(dtype=dtype):
                self.assertGreater(len(taken), 10)
                compiled = fx.compile(Program(list(taken.values())), x)
                for x_run in (x, values(dtype, (3, 5, 7), generator)):
                    for name, expected, got in zip(taken, Program(list(taken.values()))(x_run),
                                                   compiled(x_run)):
                        self.assert_like_eager(f"{name} over {dtype}", expected, got)

    def test_sums_past_where_a_float_accumulator_stops(self):
        n = (1 << 24) + 3_000_000  # float32 ones: a plain accumulator stops at 2^24
        cases = [
            ("float32 column sum", lambda x: x.sum(0), torch.ones(n, 1), None),
            ("float32 two column sums", lambda x: x.sum(0), torch.ones(n // 2, 2), None),
            ("float32 dynamic mean", lambda x: x.mean() * x.shape[0],
             torch.ones(n), ({0: Dim("n", max=1 << 30)},)),
            ("bfloat16 sum", torch.sum, torch.ones(3000, dtype=torch.bfloat16), None),
            ("float16 column sum", lambda x: x.sum(0), torch.ones(3000, 1, dtype=torch.float16),
             None),
            ("bfloat16 mean", torch.mean, torch.full((3000,), 0.5, dtype=torch.bfloat16), None),
        ]
        for what, f, x, dynamic in cases:
            with self.subTest(what):
                got = fx.compile(Program([f]), x, dynamic_shapes=dynamic)(x)[0]
                self.assert_like_eager(what, f(x), got)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
