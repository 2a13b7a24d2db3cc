"""torch_mlir.refbackend from the core wheel alone: linalg-on-tensors programs
written by hand, compiled and run, checked against numpy on random inputs.

Run by //test/wheels:core_wheel_test inside a fresh venv with the wheel and
numpy and no torch. Tolerances: float32 results within rtol=1e-5, atol=1e-6 of
numpy's float64 computation (matmul and convolution sum a few dozen products);
integer and bool results exact.
"""

import fractions
import gc
import math
import os
import resource
import subprocess
import sys
import textwrap
import unittest

import numpy as np

import torch_mlir.ir as ir
from torch_mlir.refbackend import CompileError, RefBackend
from torch_mlir.runtime import bf16_to_float32, float32_to_bf16, sign_extend_low_bits

RNG = np.random.default_rng(20261130)
F32 = dict(rtol=1e-5, atol=1e-6)


def run(source, function="main", *args, opt_level=2):
    with ir.Context():
        module = ir.Module.parse(textwrap.dedent(source))
        backend = RefBackend(opt_level=opt_level)
        invoker = backend.load(backend.compile(module))
        return invoker.invoke(function, *args)


MATMUL = """
func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty(%m, %n) : tensor<?x?xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                     outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
"""

CONV2D = """
func.func @main(%x: tensor<2x3x9x11xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x4x5xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x4x4x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
       ins(%x, %w : tensor<2x3x9x11xf32>, tensor<4x3x3x3xf32>)
       outs(%init : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  return %r : tensor<2x4x4x5xf32>
}
"""

ROW_SUM = """
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @main(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %rows = tensor.dim %x, %c0 : tensor<?x?xf64>
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty(%rows) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
       ins(%x : tensor<?x?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %s = arith.addf %in, %acc : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}
"""

# tanh(x + bias) with bias broadcast along the dynamic first dimension; tanh is
# a libm call in the JIT.
BROADCAST = """
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @main(%x: tensor<?x4xf32>, %bias: tensor<4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %rows = tensor.dim %x, %c0 : tensor<?x4xf32>
  %empty = tensor.empty(%rows) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
       ins(%x, %bias : tensor<?x4xf32>, tensor<4xf32>) outs(%empty : tensor<?x4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
"""

# x * 2^n by a loop of n doublings (scf.for carrying a tensor), n a scalar argument.
LOOP = """
#id = affine_map<(i) -> (i)>
func.func @main(%x: tensor<?xi64>, %n: i64) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = arith.index_cast %n : i64 to index
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %x) -> (tensor<?xi64>) {
    %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
         ins(%acc : tensor<?xi64>) outs(%acc : tensor<?xi64>) {
    ^bb0(%a: i64, %out: i64):
      %s = arith.addi %a, %a : i64
      linalg.yield %s : i64
    } -> tensor<?xi64>
    scf.yield %d : tensor<?xi64>
  }
  return %r : tensor<?xi64>
}
"""


def conv2d_reference(x, w, stride):
    windows = np.lib.stride_tricks.sliding_window_view(x, w.shape[2:], axis=(2, 3))
    windows = windows[:, :, ::stride, ::stride]  # n, c, oh, ow, kh, kw
    return np.einsum("ncijhw,fchw->nfij", windows, w)


class ProgramsTest(unittest.TestCase):
    def test_matmul_dynamic(self):
        for m, k, n in [(3, 5, 7), (1, 1, 1), (17, 33, 9)]:
            a = RNG.standard_normal((m, k), dtype=np.float32)
            b = RNG.standard_normal((k, n), dtype=np.float32)
            got = run(MATMUL, "main", a, b)
            self.assertEqual((got.shape, got.dtype), ((m, n), np.float32))
            np.testing.assert_allclose(got, a.astype(np.float64) @ b, **F32)

    def test_conv2d_strided(self):
        x = RNG.standard_normal((2, 3, 9, 11), dtype=np.float32)
        w = RNG.standard_normal((4, 3, 3, 3), dtype=np.float32)
        got = run(CONV2D, "main", x, w)
        # Sums of 27 float32 products of normal values: their rounding is a
        # few 1e-6 wherever the sum cancels to near 0.
        np.testing.assert_allclose(got, conv2d_reference(x.astype(np.float64), w, 2),
                                   rtol=1e-5, atol=1e-5)

    def test_row_sum_f64(self):
        for shape in [(4, 6), (1, 100), (5, 0)]:
            x = RNG.standard_normal(shape)
            got = run(ROW_SUM, "main", x)
            self.assertEqual(got.shape, (shape[0],))
            np.testing.assert_allclose(got, x.sum(axis=1), rtol=1e-12, atol=1e-12)

    def test_broadcast_with_dynamic_rows_and_libm(self):
        bias = RNG.standard_normal(4, dtype=np.float32)
        for rows in [1, 3, 64]:
            x = RNG.standard_normal((rows, 4), dtype=np.float32)
            got = run(BROADCAST, "main", x, bias)
            np.testing.assert_allclose(got, np.tanh(x.astype(np.float64) + bias), **F32)

    def test_scf_loop_with_scalar_argument(self):
        x = RNG.integers(-1000, 1000, size=7, dtype=np.int64)
        for n in [0, 1, 5, 40]:
            np.testing.assert_array_equal(run(LOOP, "main", x, n), x * (2 ** n))

    def test_every_opt_level_agrees(self):
        a = RNG.standard_normal((6, 5), dtype=np.float32)
        b = RNG.standard_normal((5, 4), dtype=np.float32)
        results = [run(MATMUL, "main", a, b, opt_level=level) for level in range(4)]
        for got in results:
            np.testing.assert_allclose(got, a.astype(np.float64) @ b, **F32)


def negate_program(element, negate):
    return f"""
    #id = affine_map<(i, j) -> (i, j)>
    func.func @main(%x: tensor<?x?x{element}>) -> tensor<?x?x{element}> {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %d0 = tensor.dim %x, %c0 : tensor<?x?x{element}>
      %d1 = tensor.dim %x, %c1 : tensor<?x?x{element}>
      %empty = tensor.empty(%d0, %d1) : tensor<?x?x{element}>
      %r = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}}
           ins(%x : tensor<?x?x{element}>) outs(%empty : tensor<?x?x{element}>) {{
      ^bb0(%a: {element}, %out: {element}):
        {negate}
        linalg.yield %n : {element}
      }} -> tensor<?x?x{element}>
      return %r : tensor<?x?x{element}>
    }}
    """


class DtypesTest(unittest.TestCase):
    """Each element type goes in and comes back with the dtype and values numpy expects."""

    def check_int(self, element, dtype):
        x = RNG.integers(np.iinfo(dtype).min // 2, np.iinfo(dtype).max // 2, size=(3, 5), dtype=dtype)
        program = negate_program(element, f"%z = arith.constant 0 : {element}\n"
                                          f"        %n = arith.subi %z, %a : {element}")
        got = run(program, "main", x)
        self.assertEqual(got.dtype, dtype)
        np.testing.assert_array_equal(got, -x)

    def test_integers(self):
        for element, dtype in [("i8", np.int8), ("i32", np.int32), ("i64", np.int64)]:
            with self.subTest(element):
                self.check_int(element, dtype)

    def test_i8_also_takes_uint8_bytes(self):
        x = np.array([[1, 2, 255]], dtype=np.uint8)
        program = negate_program("i8", "%z = arith.constant 0 : i8\n        %n = arith.subi %z, %a : i8")
        np.testing.assert_array_equal(run(program, "main", x), np.array([[-1, -2, 1]], dtype=np.int8))

    def test_sub_byte_integers_a_byte_each(self):
        # Only the low bits count going in (here the others are garbage);
        # results come back sign-extended from them.
        for element, bits in (("i4", 4), ("i2", 2)):
            with self.subTest(element):
                low = 2 ** (bits - 1) - 1
                x = np.arange(-low, low + 1, dtype=np.int8).reshape(1, -1)
                garbage = ((x.view(np.uint8) & (2 ** bits - 1)) | 0xA0).astype(np.uint8)
                program = negate_program(element, f"%z = arith.constant 0 : {element}\n"
                                                  f"        %n = arith.subi %z, %a : {element}")
                for given in (x, garbage):
                    got = run(program, "main", given)
                    self.assertEqual(got.dtype, np.int8)
                    np.testing.assert_array_equal(got, -x)
        np.testing.assert_array_equal(
            sign_extend_low_bits(np.array([0xF7, 0x08, 0x0F], np.uint8), 4), [7, -8, -1])

    def test_i1(self):
        x = RNG.integers(0, 2, size=(4, 3)).astype(np.bool_)
        program = negate_program("i1", "%t = arith.constant true\n        %n = arith.xori %a, %t : i1")
        got = run(program, "main", x)
        self.assertEqual(got.dtype, np.bool_)
        np.testing.assert_array_equal(got, ~x)

    def test_floats(self):
        for element, dtype in [("f16", np.float16), ("f32", np.float32), ("f64", np.float64)]:
            with self.subTest(element):
                x = RNG.standard_normal((2, 7)).astype(dtype)
                x[0, 0] = np.nan
                program = negate_program(element, f"%c = arith.constant 1.5 : {element}\n"
                                                  f"        %n = arith.mulf %a, %c : {element}")
                got = run(program, "main", x)
                self.assertEqual(got.dtype, dtype)
                # Exact: 1.5 * x is exact in every format for these magnitudes, except
                # possibly the last bit of f16, so f16 gets one ulp.
                np.testing.assert_allclose(got, x * dtype(1.5), rtol=1e-3 if dtype == np.float16 else 0,
                                           equal_nan=True)

    def test_bf16_travels_as_bits(self):
        values = np.array([[1.0, -2.5, 3.140625, 1e-3]], dtype=np.float32)
        bits = float32_to_bf16(values)
        program = negate_program("bf16", "%c = arith.constant 2.0 : bf16\n"
                                         "        %n = arith.mulf %a, %c : bf16")
        got = run(program, "main", bits)
        self.assertEqual(got.dtype, np.uint16)
        # Doubling is exact in bf16.
        np.testing.assert_array_equal(bf16_to_float32(got), bf16_to_float32(bits) * 2)
        np.testing.assert_array_equal(run(program, "main", bits.view(np.int16)), got)

    def test_bf16_rounding_helpers(self):
        values = np.array([1.0, 1.00390625, 1.01171875, -0.0, np.inf, np.nan], dtype=np.float32)
        # 1 + 2^-8 is a tie: to even (1.0); 1 + 3 * 2^-8 is a tie: to even (1 + 2^-6).
        expected = np.array([1.0, 1.0, 1.015625, -0.0, np.inf, np.nan], dtype=np.float32)
        np.testing.assert_array_equal(bf16_to_float32(float32_to_bf16(values)), expected)

    def test_truncations_to_bf16_round_to_nearest_even(self):
        # arith.truncf to bf16 is a call of __truncsfbf2 / __truncdfbf2 on a
        # CPU without bf16 instructions; the reference backend's runtime
        # defines them (no libgcc before GCC 13 has them). Checked against
        # the exactly nearest bf16, ties to the even one, computed here.
        f64_values = [1.0, 1.0 + 2.0**-8, 1.0 + 3 * 2.0**-8,  # ties: to even
                      # just past a tie, in f64 only: f32 rounding first
                      # would make it a tie and round it down
                      1.0 + 2.0**-8 + 2.0**-30, -(1.0 + 2.0**-8 + 2.0**-40),
                      1.0 + 2.0**-8 - 2.0**-40, 3.140625, -2.5, 1e-3, 0.0, -0.0,
                      3.4e38, 3.39e38, -3.4028235e38, 1e300, -1e300,  # overflow to inf
                      1e-40, -2.0**-133, 2.0**-134 * 3, 1e-320,  # subnormals
                      math.inf, -math.inf, math.nan]
        f64_values += list(RNG.standard_normal(64) * 10.0 ** RNG.integers(-30, 30, 64))
        for element, dtype in [("f32", np.float32), ("f64", np.float64)]:
            with self.subTest(source=element):
                values = np.array([f64_values], dtype=dtype)
                program = f"""
                #id = affine_map<(i, j) -> (i, j)>
                func.func @main(%x: tensor<?x?x{element}>) -> tensor<?x?xbf16> {{
                  %c0 = arith.constant 0 : index
                  %c1 = arith.constant 1 : index
                  %d0 = tensor.dim %x, %c0 : tensor<?x?x{element}>
                  %d1 = tensor.dim %x, %c1 : tensor<?x?x{element}>
                  %empty = tensor.empty(%d0, %d1) : tensor<?x?xbf16>
                  %r = linalg.generic {{indexing_maps = [#id, #id],
                                       iterator_types = ["parallel", "parallel"]}}
                       ins(%x : tensor<?x?x{element}>) outs(%empty : tensor<?x?xbf16>) {{
                  ^bb0(%a: {element}, %out: bf16):
                    %t = arith.truncf %a : {element} to bf16
                    linalg.yield %t : bf16
                  }} -> tensor<?x?xbf16>
                  return %r : tensor<?x?xbf16>
                }}
                """
                got = run(program, "main", values)
                self.assertEqual(got.dtype, np.uint16)
                for value, bits in zip(values.ravel().tolist(), got.ravel().tolist()):
                    if math.isnan(value):
                        self.assertTrue(bits & 0x7F80 == 0x7F80 and bits & 0x7F,
                                        f"{element} NaN to bf16: got {bits:#06x}")
                        continue
                    self.assertEqual(bits, nearest_bf16_bits(value),
                                     f"{element} {value!r} to bf16: got {bits:#06x}")


def bf16_value(bits):
    """The exact value of a finite bf16 bit pattern."""
    sign = -1 if bits & 0x8000 else 1
    exponent, mantissa = (bits >> 7) & 0xFF, bits & 0x7F
    if exponent == 0:
        return sign * fractions.Fraction(mantissa, 2**7) * fractions.Fraction(2) ** -126
    return sign * (1 + fractions.Fraction(mantissa, 2**7)) * fractions.Fraction(2) ** (exponent - 127)


def nearest_bf16_bits(value):
    """Round to nearest, ties to even, of a non-NaN Python float to bf16: by exact search."""
    sign = 0x8000 if math.copysign(1.0, value) < 0 else 0
    if math.isinf(value):
        return sign | 0x7F80
    magnitude = fractions.Fraction(abs(value))
    largest = bf16_value(0x7F7F)
    # Past the midpoint between the largest finite bf16 and 2^128: infinity.
    if magnitude >= largest + (fractions.Fraction(2) ** 128 - largest) / 2:
        return sign | 0x7F80
    low, high = 0, 0x7F7F
    while low < high:  # the largest pattern at or below the magnitude
        middle = (low + high + 1) // 2
        if bf16_value(middle) <= magnitude:
            low = middle
        else:
            high = middle - 1
    below, above = low, min(low + 1, 0x7F80)
    gap_below = magnitude - bf16_value(below)
    gap_above = (bf16_value(above) if above < 0x7F80 else fractions.Fraction(2) ** 128) - magnitude
    if gap_below < gap_above or (gap_below == gap_above and below % 2 == 0):
        return sign | below
    return sign | above


SEVERAL = """
func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<2xi64>, i64) {
  %k = arith.constant dense<[7, -9]> : tensor<2xi64>
  %c = arith.constant 42 : i64
  %empty = tensor.empty() : tensor<3xf32>
  %twice = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                           iterator_types = ["parallel"]}
           ins(%x : tensor<3xf32>) outs(%empty : tensor<3xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %x, %twice, %k, %c : tensor<3xf32>, tensor<3xf32>, tensor<2xi64>, i64
}
"""

# Writes into its argument's buffer (the linalg op's init is the argument).
IN_PLACE = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
       outs(%x : tensor<4xf32>) {
  ^bb0(%out: f32):
    %one = arith.constant 1.0 : f32
    %s = arith.addf %out, %one : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


# One buffer returned twice, and a constant returned twice.
ALIASED = """
func.func @main(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<2xf32>, tensor<2xf32>) {
  %k = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %empty = tensor.empty(%n) : tensor<?xf32>
  %twice = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                           iterator_types = ["parallel"]}
           ins(%x : tensor<?xf32>) outs(%empty : tensor<?xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %twice, %twice, %k, %k : tensor<?xf32>, tensor<?xf32>, tensor<2xf32>, tensor<2xf32>
}
"""


def resident_bytes():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class CallingConventionTest(unittest.TestCase):
    def test_results_are_handed_over_not_copied_and_freed_once(self):
        # The compiled code allocates its results and Python's arrays own
        # them: a buffer returned twice is one array's memory twice (freed
        # once: glibc aborts the process on a double free), each constant
        # returned is a copy of its own, and results outlive the invoker.
        x = RNG.standard_normal(1024, dtype=np.float32)
        with ir.Context():
            backend = RefBackend()
            invoker = backend.load(backend.compile(ir.Module.parse(ALIASED)))
            first, again, k, k_again = invoker.main(x)
            later = invoker.main(x)
        del invoker
        gc.collect()
        self.assertTrue(np.shares_memory(first, again))
        self.assertFalse(np.shares_memory(first, later[0]))
        self.assertFalse(np.shares_memory(k, later[2]))
        self.assertFalse(np.shares_memory(k, k_again))
        k[0] = 99.0  # each copy of a constant is the caller's to write
        np.testing.assert_array_equal(later[2], [1.0, 2.0])
        del first, later
        gc.collect()
        np.testing.assert_array_equal(again, 2 * x)  # the buffer lives on
        np.testing.assert_array_equal(k_again, [1.0, 2.0])

    def test_large_buffers_are_reused_not_faulted_in_again(self):
        # 16 MiB results, dropped after each call: the C library would give
        # the memory back to the kernel and the next call would fault in
        # its 4096 pages again; the runtime's malloc keeps the block.
        x = np.ones(1 << 22, dtype=np.float32)
        with ir.Context():
            backend = RefBackend()
            invoker = backend.load(backend.compile(ir.Module.parse(ALIASED)))
            invoker.main(x)
            gc.collect()
            before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
            for _ in range(5):
                invoker.main(x)
            faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
        self.assertLess(faults / 5, 1024)

    def test_results_are_freed_when_their_arrays_go(self):
        x = np.ones(1 << 20, dtype=np.float32)  # 4 MiB results
        with ir.Context():
            backend = RefBackend()
            invoker = backend.load(backend.compile(ir.Module.parse(ALIASED)))
            for _ in range(5):
                invoker.main(x)
            before = resident_bytes()
            for _ in range(100):  # 400 MiB if the results leaked
                invoker.main(x)
            gc.collect()
            self.assertLess(resident_bytes() - before, 64 << 20)

    def test_several_results_including_an_argument_a_constant_and_a_scalar(self):
        x = np.array([1.0, -2.0, 0.5], dtype=np.float32)
        for _ in range(3):  # nothing the function does not own is freed
            same, twice, k, c = run(SEVERAL, "main", x)
            np.testing.assert_array_equal(same, x)
            np.testing.assert_array_equal(twice, 2 * x)
            np.testing.assert_array_equal(k, np.array([7, -9]))
            self.assertEqual(c, 42)
            self.assertIsNot(same, x)

    def test_caller_arrays_are_never_written(self):
        x = np.arange(4, dtype=np.float32)
        got = run(IN_PLACE, "main", x)
        np.testing.assert_array_equal(got, np.arange(4) + 1)
        np.testing.assert_array_equal(x, np.arange(4))

    def test_non_contiguous_input(self):
        a = RNG.standard_normal((8, 6), dtype=np.float32)[::2, ::-1]
        b = RNG.standard_normal((6, 3), dtype=np.float32)
        np.testing.assert_allclose(run(MATMUL, "main", a, b), a.astype(np.float64) @ b, **F32)

    def test_compile_leaves_the_module_alone(self):
        with ir.Context():
            module = ir.Module.parse(MATMUL)
            before = str(module)
            compiled = RefBackend().compile(module)
            self.assertEqual(str(module), before)
            self.assertIn("llvm.func @_mlir_ciface_main", str(compiled))
            self.assertNotIn("linalg.", str(compiled))

    def test_several_functions_and_one_loaded_twice(self):
        source = MATMUL.replace("@main", "@mm") + ROW_SUM.replace("@main", "@rows")
        with ir.Context():
            backend = RefBackend()
            compiled = backend.compile(ir.Module.parse(source))
            first, second = backend.load(compiled), backend.load(compiled)
            self.assertEqual(first.functions, ["mm", "rows"])
            a = np.ones((2, 3), dtype=np.float32)
            np.testing.assert_array_equal(first.mm(a, a.T.copy()), np.full((2, 2), 3.0))
            np.testing.assert_array_equal(second.rows(np.ones((2, 5))), [5.0, 5.0])


class BadInputTest(unittest.TestCase):
    def invoker(self, source):
        with ir.Context():
            backend = RefBackend()
            return backend.load(backend.compile(ir.Module.parse(source)))

    def test_wrong_arguments_raise_value_errors_naming_them(self):
        matmul, conv = self.invoker(MATMUL), self.invoker(CONV2D)
        a = np.ones((2, 2), dtype=np.float32)
        cases = [
            (lambda: matmul.main(a), r"main\(\) takes 2 argument\(s\) \(tensor<\?x\?xf32>, tensor<\?x\?xf32>\), 1 given"),
            (lambda: matmul.main(a, a, a), r"3 given"),
            (lambda: matmul.main(a, np.ones(2, dtype=np.float32)), r"argument 1 of main\(\) .*expected rank 2"),
            (lambda: matmul.main(a, a.astype(np.float64)), r"argument 1 of main\(\) .*expected dtype float32, got float64"),
            (lambda: matmul.main([[1.0]], a), r"argument 0 of main\(\) .*expected a numpy array, got list"),
            (lambda: conv.main(np.ones((2, 3, 9, 12), np.float32), np.ones((4, 3, 3, 3), np.float32)),
             r"argument 0 of main\(\) \(tensor<2x3x9x11xf32>\): dimension 3 must be 11"),
            (lambda: self.invoker(LOOP).main(np.ones(2, np.int64), 2.5), r"argument 1 of main\(\) \(i64\): expected a i64 scalar"),
        ]
        for call, message in cases:
            with self.subTest(message):
                with self.assertRaisesRegex(ValueError, message):
                    call()
        # Still usable afterwards.
        np.testing.assert_array_equal(matmul.main(a, a), np.full((2, 2), 2.0))

    def test_unknown_function(self):
        with self.assertRaisesRegex(AttributeError, r"no public function 'nope' \(it has: main\)"):
            self.invoker(MATMUL).nope

    def test_not_linalg_on_tensors_names_the_first_offending_op(self):
        cases = [
            ("func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
             "  %0 = memref.alloc() : memref<2xf32>\n  return %x : tensor<2xf32>\n}",
             r"'memref.alloc' op is not part of the linalg-on-tensors backend contract: dialect 'memref'"),
            ("func.func @main(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {\n"
             "  %0 = torch.aten.neg %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>\n"
             "  return %0 : !torch.vtensor<[2],f32>\n}",
             r"'torch.aten.neg' op is not part of the linalg-on-tensors backend contract: dialect 'torch'"),
        ]
        for source, message in cases:
            with self.subTest(message):
                with ir.Context():
                    module = ir.Module.parse(source)
                    with self.assertRaisesRegex(CompileError, message):
                        RefBackend().compile(module)

    def test_invalid_ir_is_a_compile_error_naming_the_op(self):
        # Built with the Python API, which does not verify: a function whose
        # return gives an i32 where its type says f32, and an arith.addf of a
        # tensor and a scalar. The passes assume valid IR; the module is
        # verified before they run.
        from torch_mlir.dialects import arith, func
        with ir.Context(), ir.Location.unknown():
            f32 = ir.F32Type.get()
            returns_i32 = ir.Module.create()
            with ir.InsertionPoint(returns_i32.body):
                function = func.FuncOp("main", ir.FunctionType.get([], [f32]))
                with ir.InsertionPoint(function.add_entry_block()):
                    func.ReturnOp([arith.ConstantOp(ir.IntegerType.get_signless(32), 1)])
            mixed_add = ir.Module.create()
            with ir.InsertionPoint(mixed_add.body):
                vector = ir.RankedTensorType.get([4], f32)
                function = func.FuncOp("main", ir.FunctionType.get([vector, f32], [vector]))
                with ir.InsertionPoint(function.add_entry_block()):
                    add = ir.Operation.create("arith.addf", results=[vector],
                                              operands=list(function.arguments))
                    func.ReturnOp(add.results)
            for module, message in [
                    (returns_i32, r"type of return operand 0 \('i32'\) doesn't match function "
                                  r"result type \('f32'\) in function @main"),
                    (mixed_add, r"'arith.addf' op requires the same type")]:
                with self.subTest(message):
                    with self.assertRaisesRegex(CompileError, message):
                        RefBackend().compile(module)

    def test_errors_do_not_crash_the_process(self):
        # The same bad calls in a child process: it must exit normally.
        script = textwrap.dedent(f"""
            import numpy as np, torch_mlir.ir as ir
            from torch_mlir.refbackend import RefBackend
            with ir.Context():
                b = RefBackend()
                inv = b.load(b.compile(ir.Module.parse({MATMUL!r})))
            for args in [(), (np.ones(3, np.float32), np.ones(3, np.float32)), (np.ones((2, 2)), np.ones((2, 2)))]:
                try:
                    inv.main(*args)
                except ValueError:
                    pass
            print("alive")
        """)
        proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
        self.assertEqual((proc.returncode, proc.stdout.strip()), (0, "alive"), proc.stderr)


if __name__ == "__main__":
    unittest.main()
