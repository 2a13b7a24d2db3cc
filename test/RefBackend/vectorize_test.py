"""The reference backend's fast code (RefBackend(), tiled and vectorized)
against its scalar loops (RefBackend(vectorize=False)) and numpy, torch-free.

Linalg-on-tensors programs written here, at sizes chosen to miss the tiles:
1, 7, 17 and 129 (a register tile is 8 rows by two vectors of 8 or 16
lanes), static and dynamic, f32, f64 and i32. Every result is checked against
numpy on the same random inputs and the two code paths against each other.
Tolerances: f32 within rtol=1e-5, atol=1e-5 of numpy's float64 result for
sums of up to 129 products (rtol=1e-4 for 1,000-term reductions, which the
fast code adds in another order); f64 within 1e-12; integers exact.
"""

import argparse
import sys
import unittest

import numpy as np

import unpacked_wheels

ARGS = None
RNG = np.random.default_rng(20261205)
ODD = (1, 7, 17, 129)


def ty(shape, element):
    return "tensor<" + "".join(f"{'?' if d is None else d}x" for d in shape) + element + ">"


def matmul_source(m, k, n, element="f32", dynamic=False):
    """A linalg.matmul of (m, k) by (k, n), zero-filled; `dynamic` makes every size `?`."""
    a, b, c = [(None, None) if dynamic else s for s in ((m, k), (k, n), (m, n))]
    zero = "0.0" if element.startswith("f") else "0"
    sizes = ""
    empty = "tensor.empty()"
    if dynamic:
        sizes = f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : {ty(a, element)}
  %n = tensor.dim %b, %c1 : {ty(b, element)}"""
        empty = "tensor.empty(%m, %n)"
    return f"""
func.func @main(%a: {ty(a, element)}, %b: {ty(b, element)}) -> {ty(c, element)} {{{sizes}
  %zero = arith.constant {zero} : {element}
  %empty = {empty} : {ty(c, element)}
  %init = linalg.fill ins(%zero : {element}) outs(%empty : {ty(c, element)}) -> {ty(c, element)}
  %r = linalg.matmul ins(%a, %b : {ty(a, element)}, {ty(b, element)})
                     outs(%init : {ty(c, element)}) -> {ty(c, element)}
  return %r : {ty(c, element)}
}}
"""


def batch_matmul_source(batch, m, k, n):
    a, b, c = ty((batch, m, k), "f32"), ty((batch, k, n), "f32"), ty((batch, m, n), "f32")
    return f"""
func.func @main(%a: {a}, %b: {b}) -> {c} {{
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : {c}
  %init = linalg.fill ins(%zero : f32) outs(%empty : {c}) -> {c}
  %r = linalg.batch_matmul ins(%a, %b : {a}, {b}) outs(%init : {c}) -> {c}
  return %r : {c}
}}
"""


def linear_source(m, k, n):
    """x (m, k) times w (n, k) transposed plus a bias (n): a Linear, as a generic contraction."""
    x, w, bias, out = ty((m, k), "f32"), ty((n, k), "f32"), ty((n,), "f32"), ty((m, n), "f32")
    return f"""
#x = affine_map<(i, j, r) -> (i, r)>
#w = affine_map<(i, j, r) -> (j, r)>
#out = affine_map<(i, j, r) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
#id = affine_map<(i, j) -> (i, j)>
func.func @main(%x: {x}, %w: {w}, %bias: {bias}) -> {out} {{
  %empty = tensor.empty() : {out}
  %init = linalg.generic {{indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}}
      ins(%bias : {bias}) outs(%empty : {out}) {{
  ^bb0(%b: f32, %o: f32):
    linalg.yield %b : f32
  }} -> {out}
  %r = linalg.generic {{indexing_maps = [#x, #w, #out],
                       iterator_types = ["parallel", "parallel", "reduction"]}}
      ins(%x, %w : {x}, {w}) outs(%init : {out}) {{
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }} -> {out}
  return %r : {out}
}}
"""


def elementwise_source(shape, element="f32"):
    """tanh(x * y + z) for floats, (x * y + z) max x for integers; z broadcast along the rows."""
    t, row = ty(shape, element), ty(shape[1:], element)
    dims = ", ".join(f"d{i}" for i in range(len(shape)))
    rows = ", ".join(f"d{i}" for i in range(1, len(shape)))
    body = ("%p = arith.mulf %x, %y : f32\n    %s = arith.addf %p, %z : f32\n"
            "    %r = math.tanh %s : f32" if element == "f32" else
            f"%p = arith.muli %x, %y : {element}\n    %s = arith.addi %p, %z : {element}\n"
            f"    %r = arith.maxsi %s, %x : {element}")
    sizes, empty = "", "tensor.empty()"
    if None in shape:
        sizes = "\n".join(f"  %c{i} = arith.constant {i} : index\n  %s{i} = tensor.dim %a, %c{i} : {t}"
                          for i, d in enumerate(shape) if d is None)
        empty = "tensor.empty(" + ", ".join(f"%s{i}" for i, d in enumerate(shape) if d is None) + ")"
    return f"""
#id = affine_map<({dims}) -> ({dims})>
#row = affine_map<({dims}) -> ({rows})>
func.func @main(%a: {t}, %b: {t}, %c: {row}) -> {t} {{
{sizes}
  %empty = {empty} : {t}
  %r = linalg.generic {{indexing_maps = [#id, #id, #row, #id],
                       iterator_types = [{", ".join(['"parallel"'] * len(shape))}]}}
      ins(%a, %b, %c : {t}, {t}, {row}) outs(%empty : {t}) {{
  ^bb0(%x: {element}, %y: {element}, %z: {element}, %o: {element}):
    {body}
    linalg.yield %r : {element}
  }} -> {t}
  return %r : {t}
}}
"""


def reduction_source(shape, axis, kind):
    """A sum or max of a 2-D f32 tensor along `axis`, as linalg.generic."""
    t = ty(shape, "f32")
    out_shape = (shape[1 - axis],)
    out = ty(out_shape, "f32")
    keep = "j" if axis == 0 else "i"
    init, combine = ("0.0", "arith.addf") if kind == "sum" else ("-3.4e38", "arith.maximumf")
    iterators = ['"reduction"', '"parallel"'] if axis == 0 else ['"parallel"', '"reduction"']
    return f"""
#id = affine_map<(i, j) -> (i, j)>
#out = affine_map<(i, j) -> ({keep})>
func.func @main(%x: {t}) -> {out} {{
  %init_value = arith.constant {init} : f32
  %empty = tensor.empty() : {out}
  %init = linalg.fill ins(%init_value : f32) outs(%empty : {out}) -> {out}
  %r = linalg.generic {{indexing_maps = [#id, #out], iterator_types = [{", ".join(iterators)}]}}
      ins(%x : {t}) outs(%init : {out}) {{
  ^bb0(%in: f32, %acc: f32):
    %s = {combine} %in, %acc : f32
    linalg.yield %s : f32
  }} -> {out}
  return %r : {out}
}}
"""


def softmax_source(shape):
    """A softmax along the rows of a 2-D f32 tensor (max, exp, sum, divide), as
    linalg.generic ops over the whole tensor: a row kernel (refback-fuse-rows)."""
    t, rows = ty(shape, "f32"), ty(shape[:1], "f32")
    return f"""
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @main(%x: {t}) -> {t} {{
  %low = arith.constant -3.4e38 : f32
  %zero = arith.constant 0.0 : f32
  %rows = tensor.empty() : {rows}
  %lows = linalg.fill ins(%low : f32) outs(%rows : {rows}) -> {rows}
  %max = linalg.generic {{indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}}
      ins(%x : {t}) outs(%lows : {rows}) {{
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  }} -> {rows}
  %empty = tensor.empty() : {t}
  %exp = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}}
      ins(%x, %max : {t}, {rows}) outs(%empty : {t}) {{
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  }} -> {t}
  %zeros = linalg.fill ins(%zero : f32) outs(%rows : {rows}) -> {rows}
  %sum = linalg.generic {{indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}}
      ins(%exp : {t}) outs(%zeros : {rows}) {{
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }} -> {rows}
  %r = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}}
      ins(%exp, %sum : {t}, {rows}) outs(%empty : {t}) {{
  ^bb0(%e: f32, %s: f32, %o: f32):
    %q = arith.divf %e, %s : f32
    linalg.yield %q : f32
  }} -> {t}
  return %r : {t}
}}
"""


def softmax_reference(x):
    e = np.exp(x.astype(np.float64) - x.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def conv2d_source(x_shape, w_shape, stride, epilogue=False):
    """A linalg.conv_2d_nchw_fchw of x by w, zero-filled. With `epilogue`,
    relu(conv(x, w) * scale + residual), the scale per filter (a batch norm
    and a residual's addition after a convolution), from two more arguments."""
    n, c, h, w = x_shape
    f, _, kh, kw = w_shape
    out_shape = (n, f, (h - kh) // stride + 1, (w - kw) // stride + 1)
    x, wt, out = ty(x_shape, "f32"), ty(w_shape, "f32"), ty(out_shape, "f32")
    scale = ty((f,), "f32")
    maps = more = body = ""
    result = "%c"
    if epilogue:
        maps = ("#all = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>\n"
                "#channel = affine_map<(d0, d1, d2, d3) -> (d1)>")
        more = f", %scale: {scale}, %residual: {out}"
        result = "%r"
        body = f"""
  %e = tensor.empty() : {out}
  %r = linalg.generic {{indexing_maps = [#all, #channel, #all, #all],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%c, %scale, %residual : {out}, {scale}, {out}) outs(%e : {out}) {{
  ^bb0(%a: f32, %s: f32, %q: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    %t = arith.addf %m, %q : f32
    %z = arith.maximumf %t, %zero : f32
    linalg.yield %z : f32
  }} -> {out}"""
    return f"""{maps}
func.func @main(%x: {x}, %w: {wt}{more}) -> {out} {{
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : {out}
  %init = linalg.fill ins(%zero : f32) outs(%empty : {out}) -> {out}
  %c = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}}
       ins(%x, %w : {x}, {wt}) outs(%init : {out}) -> {out}{body}
  return {result} : {out}
}}
"""


def conv2d_epilogue_args(x_shape, w_shape, stride):
    """Random arguments of conv2d_source(..., epilogue=True) and its float64 reference."""
    x, w = normal(*x_shape), normal(*w_shape)
    conv = conv2d_reference(x.astype(np.float64), w, stride)
    scale, residual = normal(w_shape[0]), normal(*conv.shape)
    reference = np.maximum(conv * scale[None, :, None, None] + residual, 0)
    return (x, w, scale, residual), reference


def out_size(shape, axis):
    return shape[1 - axis]


def conv2d_reference(x, w, stride):
    windows = np.lib.stride_tricks.sliding_window_view(x, w.shape[2:], axis=(2, 3))
    windows = windows[:, :, ::stride, ::stride]  # n, c, oh, ow, kh, kw
    return np.einsum("ncijhw,fchw->nfij", windows, w)


def compile_with(source, min_vector_work=None, **options):
    """The program's main compiled with RefBackend(**options), and the
    LLVM-dialect text. `min_vector_work` sets the pipeline's option of that
    name (the fewest points an op needs to become vector code; RefBackend
    keeps its default, 4096)."""
    ir = ARGS.ir
    with ir.Context():
        backend = ARGS.RefBackend(**options)
        if min_vector_work is not None:
            backend.pipeline = backend.pipeline.replace(
                "threads=", f"min-vector-work={min_vector_work} threads=")
        compiled = backend.compile(ir.Module.parse(source))
        return backend.load(compiled).main, str(compiled)


def compile_both(source):
    """The program's main, compiled fast (one thread, every op however small
    as vector code) and naive: (fast, naive, fast LLVM text)."""
    fast, text = compile_with(source, min_vector_work=0, threads=1)
    naive, _ = compile_with(source, vectorize=False)
    return fast, naive, text


def normal(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


class FastAgainstNaiveTest(unittest.TestCase):
    def check(self, source, args, reference, rtol=1e-5, atol=1e-5, vectorized=None):
        fast, naive, text = compile_both(source)
        got_fast, got_naive = fast(*args), naive(*args)
        self.assertEqual(got_fast.shape, reference.shape)
        self.assertEqual(got_fast.dtype, got_naive.dtype)
        if np.issubdtype(got_fast.dtype, np.integer):
            np.testing.assert_array_equal(got_fast, reference)
            np.testing.assert_array_equal(got_naive, reference)
        else:
            np.testing.assert_allclose(got_fast, reference, rtol=rtol, atol=atol)
            np.testing.assert_allclose(got_naive, reference, rtol=rtol, atol=atol)
            np.testing.assert_allclose(got_fast, got_naive, rtol=rtol, atol=atol)
        # The fast path must really be vector code where a full tile exists
        # (a row narrower than a register takes a tile of the widest power
        # of two lanes in it, down to 4; a row of 3 has none).
        if vectorized is not None:
            self.assertEqual("vector<" in text, vectorized,
                             "the fast code " + ("lacks" if vectorized else "has") + " vector types")

    def test_matmul_odd_static_sizes(self):
        for m, k, n in [(7, 17, 129), (129, 7, 17), (17, 129, 7), (1, 129, 33), (8, 1, 32), (9, 3, 65)]:
            with self.subTest(m=m, k=k, n=n):
                a, b = normal(m, k), normal(k, n)
                self.check(matmul_source(m, k, n), (a, b), a.astype(np.float64) @ b,
                           vectorized=True)

    def test_matmul_dynamic_sizes(self):
        fast, naive, text = compile_both(matmul_source(0, 0, 0, dynamic=True))
        self.assertIn("vector<", text)
        for m, k, n in [(1, 1, 1), (7, 17, 129), (129, 129, 129), (8, 5, 32), (40, 3, 96)]:
            with self.subTest(m=m, k=k, n=n):
                a, b = normal(m, k), normal(k, n)
                reference = a.astype(np.float64) @ b
                np.testing.assert_allclose(fast(a, b), reference, rtol=1e-5, atol=1e-5)
                np.testing.assert_allclose(naive(a, b), reference, rtol=1e-5, atol=1e-5)

    def test_matmul_f64_and_i32(self):
        a, b = normal(17, 33, dtype=np.float64), normal(33, 65, dtype=np.float64)
        self.check(matmul_source(17, 33, 65, "f64"), (a, b), a @ b, rtol=1e-12, atol=1e-12)
        a = RNG.integers(-50, 50, (17, 33), dtype=np.int32)
        b = RNG.integers(-50, 50, (33, 129), dtype=np.int32)
        self.check(matmul_source(17, 33, 129, "i32"), (a, b), a @ b)

    def test_batch_matmul(self):
        a, b = normal(3, 17, 7), normal(3, 7, 129)
        self.check(batch_matmul_source(3, 17, 7, 129), (a, b), a.astype(np.float64) @ b)

    def test_linear_with_transposed_weight(self):
        for m, k, n in [(64, 129, 40), (7, 17, 33)]:
            with self.subTest(m=m, k=k, n=n):
                x, w, bias = normal(m, k), normal(n, k), normal(n)
                self.check(linear_source(m, k, n), (x, w, bias),
                           x.astype(np.float64) @ w.T + bias, vectorized=True)

    def test_elementwise_chains(self):
        # (64, 8) and (33, 10): rows narrower than a register (a late CNN
        # stage's 8x8 and padded 10x10), in tiles of 8 lanes and a remainder.
        for shape in [(7, 17), (3, 129), (1, 1), (2, 5, 33), (64, 8), (33, 10), (9, 3)]:
            with self.subTest(shape=shape):
                a, b, c = normal(*shape), normal(*shape), normal(*shape[1:])
                reference = np.tanh(a.astype(np.float64) * b + c)
                self.check(elementwise_source(shape), (a, b, c), reference,
                           vectorized=shape[-1] >= 4)

    def test_elementwise_dynamic_and_integer(self):
        fast, naive, text = compile_both(elementwise_source((None, None)))
        self.assertIn("vector<", text)
        for shape in [(1, 1), (7, 17), (5, 129)]:
            a, b, c = normal(*shape), normal(*shape), normal(shape[1])
            reference = np.tanh(a.astype(np.float64) * b + c)
            np.testing.assert_allclose(fast(a, b, c), reference, rtol=1e-5, atol=1e-5)
            np.testing.assert_allclose(naive(a, b, c), reference, rtol=1e-5, atol=1e-5)
        a, b = RNG.integers(-9, 9, (7, 129), dtype=np.int32), RNG.integers(-9, 9, (7, 129), dtype=np.int32)
        c = RNG.integers(-9, 9, (129,), dtype=np.int32)
        self.check(elementwise_source((7, 129), "i32"), (a, b, c), np.maximum(a * b + c, a))

    def test_reductions(self):
        for shape, axis, kind in [((7, 129), 1, "sum"), ((129, 17), 0, "sum"),
                                  ((17, 1000), 1, "max"), ((3, 1000), 1, "sum"), ((5, 7), 1, "sum"),
                                  ((3, 3), 1, "sum")]:
            with self.subTest(shape=shape, axis=axis, kind=kind):
                x = normal(*shape)
                reference = x.astype(np.float64).sum(axis) if kind == "sum" else x.max(axis)
                self.check(reduction_source(shape, axis, kind), (x,), reference, rtol=1e-4, atol=1e-4,
                           vectorized=shape[-1] >= 4 or out_size(shape, axis) >= 4)

    def test_softmax_rows(self):
        # Tiles of rows (16 KiB of a row's floats each) and their remainder.
        for shape in [(37, 129), (1, 1000), (300, 17), (5, 7)]:
            with self.subTest(shape=shape):
                x = normal(*shape) * 4
                self.check(softmax_source(shape), (x,), softmax_reference(x), rtol=1e-5, atol=1e-6,
                           vectorized=shape[1] >= 4)

    def test_convolution(self):
        for x_shape, w_shape, stride in [((1, 3, 17, 19), (8, 3, 3, 3), 1),
                                         ((2, 5, 33, 35), (33, 5, 3, 3), 2),
                                         ((1, 1, 7, 7), (1, 1, 7, 7), 1),
                                         ((2, 16, 10, 10), (16, 16, 3, 3), 1),  # 4 rows a panel
                                         ((1, 8, 11, 11), (8, 8, 3, 3), 1)]:    # im2col (9 columns)
            with self.subTest(x=x_shape, w=w_shape, stride=stride):
                x, w = normal(*x_shape), normal(*w_shape)
                self.check(conv2d_source(x_shape, w_shape, stride), (x, w),
                           conv2d_reference(x.astype(np.float64), w, stride), rtol=1e-4, atol=1e-4,
                           vectorized=True)

    def test_convolution_with_epilogue(self):
        # Row panels compute the elementwise op after the convolution too: 33
        # columns (a panel and one more), and 16 at stride 2 with two batches.
        for x_shape, w_shape, stride in [((1, 3, 19, 35), (8, 3, 3, 3), 1),
                                         ((2, 5, 33, 35), (33, 5, 3, 3), 2)]:
            with self.subTest(x=x_shape, w=w_shape, stride=stride):
                args, reference = conv2d_epilogue_args(x_shape, w_shape, stride)
                self.check(conv2d_source(x_shape, w_shape, stride, epilogue=True), args, reference,
                           rtol=1e-4, atol=1e-4, vectorized=True)

    def test_padded_activation_with_a_residual(self):
        # relu(conv(x)) padded for a second convolution and also added to its
        # result: the ReLU writes into the padded tensor's interior, which
        # the addition then reads (refback-in-place-destinations). 10 and 33
        # columns: rows of a vector and a half, and of two and one more.
        for size in (10, 33):
            with self.subTest(size=size):
                n, c, f = 1, 4, 8
                x_shape, out = (n, c, size + 2, size + 2), (n, f, size, size)
                padded = (n, f, size + 2, size + 2)
                x, w1, w2 = ty(x_shape, "f32"), ty((f, c, 3, 3), "f32"), ty((f, f, 3, 3), "f32")
                o, po = ty(out, "f32"), ty(padded, "f32")
                source = f"""
#all = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @main(%x: {x}, %w1: {w1}, %w2: {w2}) -> {o} {{
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : {o}
  %i1 = linalg.fill ins(%zero : f32) outs(%e1 : {o}) -> {o}
  %c1 = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
       ins(%x, %w1 : {x}, {w1}) outs(%i1 : {o}) -> {o}
  %e2 = tensor.empty() : {o}
  %r = linalg.generic {{indexing_maps = [#all, #all], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%c1 : {o}) outs(%e2 : {o}) {{
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  }} -> {o}
  %p = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {{
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  }} : {o} to {po}
  %e3 = tensor.empty() : {o}
  %i3 = linalg.fill ins(%zero : f32) outs(%e3 : {o}) -> {o}
  %c2 = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
       ins(%p, %w2 : {po}, {w2}) outs(%i3 : {o}) -> {o}
  %e4 = tensor.empty() : {o}
  %s = linalg.generic {{indexing_maps = [#all, #all, #all], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%c2, %r : {o}, {o}) outs(%e4 : {o}) {{
  ^bb0(%a: f32, %b: f32, %q: f32):
    %t = arith.addf %a, %b : f32
    linalg.yield %t : f32
  }} -> {o}
  return %s : {o}
}}
"""
                xs, k1, k2 = normal(*x_shape), normal(f, c, 3, 3), normal(f, f, 3, 3) / 4
                relu = np.maximum(conv2d_reference(xs.astype(np.float64), k1, 1), 0)
                second = conv2d_reference(np.pad(relu, ((0, 0), (0, 0), (1, 1), (1, 1))), k2, 1)
                self.check(source, (xs, k1, k2), second + relu, rtol=1e-4, atol=1e-4,
                           vectorized=True)

    def test_vectorize_must_be_a_bool(self):
        with self.assertRaisesRegex(TypeError, "vectorize must be True or False"):
            ARGS.RefBackend(vectorize="yes")


class SmallOpsTest(unittest.TestCase):
    """By default an op of fewer than 4,096 iteration points stays scalar
    loops (vector code would cost more compile time than it saves), and one
    of 4,096 or more becomes vector code."""

    def test_the_threshold(self):
        for shape, vectorized in [((7, 17), False), ((63, 64), False), ((64, 64), True),
                                  ((1, 4096), True)]:
            with self.subTest(shape=shape):
                source = elementwise_source(shape)
                fast, text = compile_with(source, threads=1)
                self.assertEqual("vector<" in text, vectorized)
                a, b, c = normal(*shape), normal(*shape), normal(shape[1])
                np.testing.assert_allclose(fast(a, b, c), np.tanh(a.astype(np.float64) * b + c),
                                           rtol=1e-5, atol=1e-5)

    def test_small_products_and_convolutions(self):
        # 8 x 16 x 31 = 3,968 multiply-adds, or 4,096 at 32 columns; a 1x4x6x6
        # input by 4x4x3x3 filters: 2,304.
        _, text = compile_with(matmul_source(8, 16, 31), threads=1)
        self.assertNotIn("vector<", text)
        _, text = compile_with(conv2d_source((1, 4, 6, 6), (4, 4, 3, 3), 1), threads=1)
        self.assertNotIn("vector<", text)
        _, text = compile_with(matmul_source(8, 16, 32), threads=1)
        self.assertIn("vector<", text)

    def test_the_option_takes_every_op(self):
        _, text = compile_with(elementwise_source((7, 17)), min_vector_work=0, threads=1)
        self.assertIn("vector<", text)


class ThreadsTest(unittest.TestCase):
    """Programs large enough for threads (32,768 iterations or more): each
    output tile is computed by the same code whichever thread runs it, so
    results must equal the one-thread ones exactly."""

    PROGRAMS = [
        ("matmul", lambda: (matmul_source(129, 65, 257), (normal(129, 65), normal(65, 257)))),
        ("elementwise", lambda: (elementwise_source((257, 301)),
                                 (normal(257, 301), normal(257, 301), normal(301)))),
        ("row max", lambda: (reduction_source((300, 1000), 1, "max"), (normal(300, 1000),))),
        ("column sum", lambda: (reduction_source((1000, 300), 0, "sum"), (normal(1000, 300),))),
        ("softmax", lambda: (softmax_source((300, 1000)), (normal(300, 1000),))),
        ("convolution", lambda: (conv2d_source((1, 8, 66, 67), (16, 8, 3, 3), 1),
                                 (normal(1, 8, 66, 67), normal(16, 8, 3, 3)))),
        ("convolution and epilogue",
         lambda: (conv2d_source((2, 8, 34, 35), (16, 8, 3, 3), 1, epilogue=True),
                  conv2d_epilogue_args((2, 8, 34, 35), (16, 8, 3, 3), 1)[0])),
    ]

    def test_threads_give_the_one_thread_results(self):
        for name, make in self.PROGRAMS:
            with self.subTest(name):
                source, args = make()
                one, one_text = compile_with(source, threads=1)
                self.assertNotIn("omp.parallel", one_text)
                expected = one(*args)
                for threads in (2, 3):
                    many, text = compile_with(source, threads=threads)
                    self.assertIn("omp.parallel", text)
                    # (What the invoker reads to wake the pool ahead of a call.)
                    self.assertIn(f"refback.threads = {threads} : i64", text)
                    np.testing.assert_array_equal(many(*args), expected)

    def test_small_ops_stay_on_one_thread(self):
        _, text = compile_with(matmul_source(16, 16, 32), threads=2)
        self.assertIn("vector<", text)
        self.assertNotIn("omp.parallel", text)
        self.assertNotIn("refback.threads", text)  # no pool to wake for it

    def test_concurrent_calls(self):
        # Two Python threads calling compiled functions at once: one fork
        # holds the pool, the other runs on its own thread; both correct.
        import threading
        source, (a, b) = self.PROGRAMS[0][1]()
        first, _ = compile_with(source, threads=2)
        second, _ = compile_with(source, threads=2)
        expected = a.astype(np.float64) @ b
        failures = []

        def call(function):
            for _ in range(20):
                try:
                    np.testing.assert_allclose(function(a, b), expected, rtol=1e-5, atol=1e-5)
                except AssertionError as error:
                    failures.append(error)

        workers = [threading.Thread(target=call, args=(f,)) for f in (first, second, first)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        self.assertEqual(failures, [])

    def test_threads_must_be_a_positive_int(self):
        for bad in (0, -1, 2.0, True, "2"):
            with self.assertRaisesRegex(ValueError, "threads must be None or an int of at least 1"):
                ARGS.RefBackend(threads=bad)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", required=True)
    ARGS, rest = parser.parse_known_args()
    unpacked_wheels.use([ARGS.wheel])
    import torch_mlir.ir as ir
    from torch_mlir.refbackend import RefBackend
    ARGS.ir, ARGS.RefBackend = ir, RefBackend
    unittest.main(argv=[sys.argv[0]] + rest)


if __name__ == "__main__":
    main()
