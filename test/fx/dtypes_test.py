"""Every torch dtype in torch_mlir.dtypes through fx.compile, from the two
wheels as built: the tensor goes in and comes back (torch.cat) with the same
bits and dtype, and converts to float32 (and from it) with eager's values.
Also the table's rows against torch's own dtypes: a row per dtype torch can
compute with, and each row's ScalarType code the one the importer writes for
it (eager `x.to(dtype)` imports as aten.to.dtype with that code)."""

import argparse
import re
import sys
import unittest

import torch

import unpacked_wheels

ARGS = None
fx = dtypes = None

# torch dtypes with no row, each with why: eager PyTorch has no kernels for
# them (not even cat or to), so no program computes with them.
NO_ROW = {
    "complex32": "no ops in eager beyond a few; MLIR has complex<f16> but nothing lowers it",
    # New in torch 2.14 (a dtype only there: the test runs on 2.13.0 and 2.14.1).
    "bcomplex32": "experimental in eager (no add kernel); MLIR has complex<bf16> but nothing "
                  "lowers it",
    "quint4x2": "a packed quantized storage type, no arithmetic",
    "quint2x4": "a packed quantized storage type, no arithmetic",
    "bits1x8": "raw bits, no arithmetic", "bits2x4": "raw bits, no arithmetic",
    "bits4x2": "raw bits, no arithmetic", "bits8": "raw bits, no arithmetic",
    "bits16": "raw bits, no arithmetic",
    "float8_e8m0fnu": "MLIR 19 has no such type",
    "float4_e2m1fn_x2": "MLIR 19 has no such type",
    # The 1-, 3-, 5-, 6- and 7-bit integers: no ONNX, numpy or MLIR-lowering use.
    **{f"{s}int{n}": "no kernels in eager" for s in ("", "u") for n in (1, 3, 5, 6, 7)},
}


def setUpModule():
    global fx, dtypes
    unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import dtypes as dtypes_module, fx as fx_module
    fx, dtypes = fx_module, dtypes_module


# Rows whose dtype eager PyTorch cannot compute with (no cat or to kernel),
# each with why: no program computes with them, so they are not compiled here.
EAGER_CANNOT = {
    "qint8": "quantized: eager's cat and to take them only through quantize_per_tensor",
    "quint8": "quantized: eager's cat and to take them only through quantize_per_tensor",
    "qint32": "quantized: eager's cat and to take them only through quantize_per_tensor",
    "uint2": "eager has no kernels for the sub-byte integers",
    "uint4": "eager has no kernels for the sub-byte integers",
    "int2": "eager has no kernels for the sub-byte integers",
    "int4": "eager has no kernels for the sub-byte integers",
}


def computable(dtype):
    """Whether eager can cat a tensor of `dtype` and convert to and from it."""
    try:
        torch.cat([torch.zeros(2, dtype=torch.float32).to(dtype)] * 2).to(torch.float32)
    except (RuntimeError, NotImplementedError, TypeError):
        return False
    return True


def sample(dtype, generator):
    """Values of every kind `dtype` holds: all bit patterns for 8- and 16-bit
    floats (NaNs and infinities too), the extremes for the integers."""
    if dtype == torch.bool:
        return torch.rand(3, 5, generator=generator) > 0.5
    if dtype.is_complex:
        return torch.randn(3, 5, dtype=dtype, generator=generator) * 100
    if dtype.is_floating_point:
        if dtype.itemsize <= 2:  # every bit pattern is as likely
            bits = torch.randint(0, 256 ** dtype.itemsize, (3, 5), generator=generator)
            half = 128 ** dtype.itemsize * 2 ** (dtype.itemsize - 1)  # 128, 32768
            signed = (bits - 2 * half * (bits >= half)).to({1: torch.int8, 2: torch.int16}[dtype.itemsize])
            return signed.view(dtype)
        return torch.randn(3, 5, dtype=dtype, generator=generator) * 100
    info = torch.iinfo(dtype)
    low, high = max(info.min, -2**62), min(info.max, 2**62)
    values = torch.randint(low, high, (3, 5), generator=generator, dtype=torch.int64)
    values[0, 0], values[0, 1] = low, high
    return values.to(dtype)


class Cat(torch.nn.Module):
    def forward(self, x):
        return torch.cat([x, x])


class ToFloat(torch.nn.Module):
    def forward(self, x):
        return x.to(torch.float32)


class FromFloat(torch.nn.Module):
    def __init__(self, dtype):
        super().__init__()
        self.dtype = dtype

    def forward(self, x):
        return x.to(self.dtype)


def same_bits(a, b):
    return a.dtype == b.dtype and a.shape == b.shape and torch.equal(
        a.contiguous().view(torch.uint8), b.contiguous().view(torch.uint8))


class DtypesTest(unittest.TestCase):
    def rows(self):
        """(row, torch dtype) of each row eager computes with."""
        return [(d, getattr(torch, d.torch)) for d in dtypes.TABLE
                if isinstance(getattr(torch, d.torch, None), torch.dtype)
                and d.torch not in EAGER_CANNOT]

    def test_eager_computes_with_every_row_not_listed(self):
        for row in dtypes.TABLE:
            dtype = getattr(torch, row.torch, None)
            with self.subTest(row.torch):
                self.assertIsInstance(dtype, torch.dtype, "this torch lacks the dtype")
                self.assertEqual(computable(dtype), row.torch not in EAGER_CANNOT,
                                 "EAGER_CANNOT is wrong about it")

    def test_every_torch_dtype_has_a_row_or_a_reason(self):
        named = {d.torch for d in dtypes.TABLE}
        missing = sorted(name for name in dir(torch)
                         if isinstance(getattr(torch, name), torch.dtype)
                         and str(getattr(torch, name)) == f"torch.{name}"
                         and name not in named and name not in NO_ROW)
        self.assertEqual(missing, [], "torch dtypes with no row in torch_mlir.dtypes")

    def test_scalar_type_codes_are_the_ones_imported(self):
        for row, dtype in self.rows():
            if dtype == torch.float32:
                continue  # to(float32) of a float32 is no conversion
            with self.subTest(row.torch):
                module = fx.export_and_import(FromFloat(dtype), torch.zeros(2),
                                              output_type="torch")
                text = str(module)
                self.assertIn(f"!torch.vtensor<[2],{row.element}>", text)
                ints = [int(c) for c in re.findall(r"torch\.constant\.int (\d+)", text)]
                self.assertIn(row.scalar_type, ints, text)

    def test_cat_keeps_every_bit(self):
        generator = torch.Generator().manual_seed(0)
        for row, dtype in self.rows():
            with self.subTest(row.torch):
                x = sample(dtype, generator)
                got = fx.compile(Cat(), x)(x)
                self.assertTrue(same_bits(got, torch.cat([x, x])), f"{x} -> {got}")

    def test_to_and_from_float32_as_eager(self):
        generator = torch.Generator().manual_seed(1)
        for row, dtype in self.rows():
            if dtype.is_complex:
                continue  # to float32 drops the imaginary part, with a warning
            with self.subTest(row.torch):
                x = sample(dtype, generator)
                torch.testing.assert_close(fx.compile(ToFloat(), x)(x), x.to(torch.float32),
                                           rtol=0, atol=0, equal_nan=True)
                y = torch.randn(3, 5, generator=generator) * 50
                if not dtype.is_floating_point and dtype != torch.bool:
                    info = torch.iinfo(dtype)  # in range: out of it is undefined in C++
                    y = y.clamp(info.min, min(info.max, 2**24)).trunc()
                got, want = fx.compile(FromFloat(dtype), y)(y), y.to(dtype)
                self.assertTrue(same_bits(got, want), f"{y} -> {got}, eager {want}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=sys.argv[:1] + rest)
