"""torch_mlir.onnx.compile: ONNX models lowered and run by the reference
backend from the core wheel, checked against numpy on real inputs (float32:
rtol 1e-5, atol 1e-6; integers exact); its argument checks; errors naming
what cannot be converted; constant folding of shape computations."""

import gc
import os
import sys
import unittest

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import unpacked_wheels

RTOL, ATOL = 1e-5, 1e-6


def model(nodes, inputs, outputs, initializers=(), opset=21):
    graph = helper.make_graph(nodes, "g", inputs, outputs, list(initializers))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def tensor(name, shape, elem=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, elem, shape)


class CompileTest(unittest.TestCase):
    def setUp(self):
        self.rng = np.random.default_rng(0)

    def test_an_mlp_matches_numpy(self):
        w1 = self.rng.standard_normal((8, 16)).astype(np.float32)
        b1 = self.rng.standard_normal(16).astype(np.float32)
        w2 = self.rng.standard_normal((16, 4)).astype(np.float32)
        m = model([helper.make_node("Gemm", ["x", "w1", "b1"], ["h"], alpha=0.5),
                   helper.make_node("Relu", ["h"], ["r"]),
                   helper.make_node("MatMul", ["r", "w2"], ["z"]),
                   helper.make_node("Softmax", ["z"], ["y"], axis=-1)],
                  [tensor("x", [3, 8])], [tensor("y", [3, 4])],
                  [numpy_helper.from_array(w1, "w1"), numpy_helper.from_array(b1, "b1"),
                   numpy_helper.from_array(w2, "w2")])
        compiled = tm_onnx.compile(m)
        x = self.rng.standard_normal((3, 8)).astype(np.float32)
        z = np.maximum(0.5 * x @ w1 + b1, 0) @ w2
        e = np.exp(z - z.max(-1, keepdims=True))
        want = e / e.sum(-1, keepdims=True)
        got = compiled(x=x)
        self.assertEqual(list(got), ["y"])
        np.testing.assert_allclose(got["y"], want, rtol=RTOL, atol=ATOL)

    def test_shapes_computed_from_constants_are_folded(self):
        # Shape -> Gather -> Concat -> Reshape: a run-time shape that folding
        # makes constant, so the Reshape gets a static type.
        m = model([helper.make_node("Shape", ["x"], ["s"]),
                   helper.make_node("Gather", ["s", "zero"], ["n"], axis=0),
                   helper.make_node("Concat", ["n", "minus1"], ["shape"], axis=0),
                   helper.make_node("Reshape", ["x", "shape"], ["r"]),
                   helper.make_node("Neg", ["r"], ["y"])],
                  [tensor("x", [2, 3, 4])], [tensor("y", [2, 12])],
                  [numpy_helper.from_array(np.array([0], np.int64), "zero"),
                   numpy_helper.from_array(np.array([-1], np.int64), "minus1")])
        x = self.rng.standard_normal((2, 3, 4)).astype(np.float32)
        np.testing.assert_array_equal(tm_onnx.compile(m)(x)["y"], -x.reshape(2, 12))
        text = str(tm_onnx.import_model(m))
        self.assertNotIn("onnx.Shape", text)
        self.assertIn('torch.operator "onnx.Reshape"', text)
        self.assertIn("-> !torch.vtensor<[2,12],f32>", text)
        unfolded = str(tm_onnx.import_model(m, fold=False))
        self.assertIn('torch.operator "onnx.Shape"', unfolded)

    def test_integer_ops_are_exact(self):
        m = model([helper.make_node("Div", ["a", "b"], ["q"]),
                   helper.make_node("Mod", ["a", "b"], ["r"])],
                  [tensor("a", [6], TensorProto.INT32), tensor("b", [6], TensorProto.INT32)],
                  [tensor("q", [6], TensorProto.INT32), tensor("r", [6], TensorProto.INT32)])
        a = np.array([7, -7, 7, -7, 0, 5], np.int32)
        b = np.array([2, 2, -2, -2, 3, 5], np.int32)
        got = tm_onnx.compile(m)(a, b)
        np.testing.assert_array_equal(got["q"], np.trunc(a / b).astype(np.int32))
        np.testing.assert_array_equal(got["r"], np.mod(a, b))  # the divisor's sign

    def test_reduce_log_sum_exp_is_stable(self):
        # exp(x) overflows float32 above ~88 and float16 above ~11 (and
        # underflows to 0 far below): the max is subtracted first, as numpy's
        # stable form does; float16 computes in float32, rounded once.
        def stable(x):
            m = x.max(axis=1, keepdims=True)
            return (m + np.log(np.exp(x - m).sum(axis=1, keepdims=True)))[:, 0]
        x32 = np.concatenate([
            self.rng.standard_normal((2, 6)) * 300 + 100,
            [[100.0, 200.0, 300.0, 1000.0, -1000.0, 0.0],
             [-1000.0, -999.0, -1001.0, -998.0, -1000.5, -999.5]]]).astype(np.float32)
        x16 = np.array([[20, 30, 11.5, 0, -5, 40], [12, 12, 12, 12, 12, 12],
                        [-20, -30, -11, 0, 5, 9], [1, 2, 3, 4, 5, 6]], np.float16)
        for elem, x, tol in ((TensorProto.FLOAT, x32, RTOL), (TensorProto.FLOAT16, x16, 1e-3)):
            with self.subTest(x.dtype.name):
                m = model([helper.make_node("ReduceLogSumExp", ["x", "axes"], ["y"], keepdims=0)],
                          [tensor("x", [4, 6], elem)], [tensor("y", [4], elem)],
                          [numpy_helper.from_array(np.array([1], np.int64), "axes")], opset=18)
                got = tm_onnx.compile(m)(x)["y"]
                self.assertEqual(got.dtype, x.dtype)
                want = stable(x.astype(np.float32)).astype(x.dtype)
                self.assertTrue(np.isfinite(got).all(), got)
                np.testing.assert_allclose(got.astype(np.float32), want.astype(np.float32),
                                           rtol=tol, atol=ATOL)

    def test_reductions_over_no_axes_keep_their_steps(self):
        # noop_with_empty_axes and no axes: the reduction is the identity,
        # the steps around it are not (ONNX's reference).
        x = (self.rng.standard_normal((3, 4)) * 200).astype(np.float32)
        positive = np.abs(x) + 0.5
        for op, given, want in (("ReduceL2", x, np.abs(x)), ("ReduceLogSumExp", x, x),
                                ("ReduceLogSum", positive, np.log(positive)),
                                ("ReduceSumSquare", x, x * x), ("ReduceL1", x, np.abs(x))):
            with self.subTest(op):
                m = model([helper.make_node(op, ["x"], ["y"], noop_with_empty_axes=1)],
                          [tensor("x", [3, 4])], [tensor("y", [3, 4])], opset=18)
                np.testing.assert_allclose(tm_onnx.compile(m)(given)["y"], want, rtol=RTOL,
                                           atol=ATOL)

    def test_compiling_again_and_again_keeps_memory_flat(self):
        """A server compiles models for as long as it runs: after warm-up,
        200 compiles and calls of one model must keep the process's resident
        memory within 4 MB (each kept engine was 0.5 MB: 100 MB)."""
        m = model([helper.make_node("Relu", ["x"], ["y"]),
                   helper.make_node("Add", ["y", "x"], ["z"])],
                  [tensor("x", [2, 3])], [tensor("z", [2, 3])])
        x = np.ones((2, 3), np.float32)

        def resident_mb():
            with open("/proc/self/statm") as f:
                return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

        def compile_and_run(times):
            for _ in range(times):
                np.testing.assert_array_equal(tm_onnx.compile(m)(x)["z"], 2 * x)
            gc.collect()

        compile_and_run(20)
        before = resident_mb()
        compile_and_run(200)
        grown = resident_mb() - before
        self.assertLess(grown, 4.0, f"200 compiles kept {grown:.1f} MB")

    def test_wrong_arguments_are_named(self):
        m = model([helper.make_node("Relu", ["x"], ["y"])], [tensor("x", [2, 3])],
                  [tensor("y", [2, 3])])
        compiled = tm_onnx.compile(m)
        ok = np.zeros((2, 3), np.float32)
        with self.assertRaisesRegex(ValueError, "missing input.*x"):
            compiled()
        with self.assertRaisesRegex(ValueError, "no input 'z'"):
            compiled(z=ok)
        with self.assertRaisesRegex(ValueError, "input 'x'.*dtype float32, got float64"):
            compiled(ok.astype(np.float64))
        with self.assertRaisesRegex(ValueError, "input 'x'.*dimension 1 must be 3"):
            compiled(np.zeros((2, 4), np.float32))
        with self.assertRaisesRegex(ValueError, "takes 1 input"):
            compiled(ok, ok)
        np.testing.assert_array_equal(compiled(ok)["y"], ok)  # still usable

    def test_an_op_without_conversion_is_named(self):
        m = model([helper.make_node("Det", ["x"], ["y"])], [tensor("x", [3, 3])],
                  [tensor("y", [])])
        with self.assertRaisesRegex(CompileError, r"onnx\.Det \(opset 21\): no conversion"):
            tm_onnx.compile(m)

    def test_the_newest_opset_is_the_pinned_onnx_one(self):
        # The conversions name the newest opset they were written against;
        # bumping onnx must bring a review of them (and this number).
        newest = onnx.defs.onnx_opset_version()
        m = model([helper.make_node("Relu", ["x"], ["y"])], [tensor("x", [2])],
                  [tensor("y", [2])])
        for opset, ok in ((newest, True), (newest + 1, False)):
            module = tm_onnx.import_model(m)
            with module.context:
                func = module.body.operations[0]
                func.attributes["torch.onnx_meta.opset_versions"] = ir.DictAttr.get(
                    {"ai.onnx": ir.IntegerAttr.get(ir.IntegerType.get_signed(64), opset)})
            if ok:
                tm_onnx.lower(module, "torch")
            else:
                with self.assertRaisesRegex(
                        CompileError, f"opset {opset} is newer than any conversion knows "
                                      rf"\(they were written against opsets up to {newest}\)"):
                    tm_onnx.lower(module, "torch")

    def test_expanded_ops_have_bodies(self):
        from torch_mlir.onnx.functions import EXPANDED_OPS
        for op in sorted(EXPANDED_OPS):
            schema = onnx.defs.get_schema(op)
            self.assertTrue(schema.has_function or schema.has_context_dependent_function, op)

    def test_an_op_expanded_from_its_body_runs(self):
        # Swish has no conversion of its own: its ONNX body (x * sigmoid(x)).
        m = model([helper.make_node("Swish", ["x"], ["y"])], [tensor("x", [5])],
                  [tensor("y", [5])], opset=24)
        self.assertNotIn('"onnx.Swish"', str(tm_onnx.import_model(m)))
        x = np.linspace(-3, 3, 5).astype(np.float32)
        np.testing.assert_allclose(tm_onnx.compile(m)(x)["y"], x / (1 + np.exp(-x)),
                                   rtol=RTOL, atol=ATOL)

    def branches(self):
        """If's two branches over the outer value x: then 2*x + b (b the
        branch's own initializer), else -x."""
        b = self.rng.standard_normal(3).astype(np.float32)
        then_branch = helper.make_graph(
            [helper.make_node("Mul", ["x", "two"], ["t0"]),
             helper.make_node("Add", ["t0", "b"], ["t1"])], "then", [], [tensor("t1", [3])],
            [numpy_helper.from_array(np.full(3, 2, np.float32), "two"),
             numpy_helper.from_array(b, "b")])
        else_branch = helper.make_graph([helper.make_node("Neg", ["x"], ["e0"])], "else", [],
                                        [tensor("e0", [3])])
        return then_branch, else_branch, b

    def test_if_runs_the_branch_its_condition_picks(self):
        then_branch, else_branch, b = self.branches()
        m = model([helper.make_node("If", ["c"], ["y"], then_branch=then_branch,
                                    else_branch=else_branch)],
                  [tensor("c", [1], TensorProto.BOOL), tensor("x", [3])], [tensor("y", [3])])
        compiled = tm_onnx.compile(m)
        x = self.rng.standard_normal(3).astype(np.float32)
        np.testing.assert_allclose(compiled(np.array([True]), x)["y"], 2 * x + b,
                                   rtol=RTOL, atol=ATOL)
        np.testing.assert_array_equal(compiled(np.array([False]), x)["y"], -x)

    def test_an_if_on_a_constant_is_replaced_by_the_branch_it_takes(self):
        then_branch, else_branch, b = self.branches()
        m = model([helper.make_node("Not", ["flag"], ["c"]),
                   helper.make_node("If", ["c"], ["y"], then_branch=then_branch,
                                    else_branch=else_branch)],
                  [tensor("x", [3])], [tensor("y", [3])],
                  [numpy_helper.from_array(np.array(False), "flag")])
        x = self.rng.standard_normal(3).astype(np.float32)
        text = str(tm_onnx.import_model(m))
        self.assertNotIn('"onnx.If"', text)
        self.assertIn('"onnx.Mul"', text)
        np.testing.assert_allclose(tm_onnx.compile(m)(x)["y"], 2 * x + b, rtol=RTOL, atol=ATOL)
        self.assertIn('"onnx.If"', str(tm_onnx.import_model(m, fold=False)))

    def test_sub_byte_integers_travel_a_byte_each(self):
        import ml_dtypes
        for elem, np_type, to in ((TensorProto.INT4, ml_dtypes.int4, TensorProto.FLOAT),
                                  (TensorProto.UINT4, ml_dtypes.uint4, TensorProto.UINT8),
                                  (TensorProto.INT2, ml_dtypes.int2, TensorProto.INT8),
                                  (TensorProto.UINT2, ml_dtypes.uint2, TensorProto.FLOAT)):
            with self.subTest(TensorProto.DataType.Name(elem)):
                info = ml_dtypes.iinfo(np_type)
                x = np.arange(int(info.min), int(info.max) + 1).astype(np_type).reshape(1, -1)
                # Cast reads them as arguments; Identity hands them back as a
                # result (sign-extended, or masked when unsigned).
                m = model([helper.make_node("Cast", ["x"], ["y"], to=to),
                           helper.make_node("Identity", ["x"], ["same"])],
                          [tensor("x", list(x.shape), elem)],
                          [tensor("y", list(x.shape), to), tensor("same", list(x.shape), elem)],
                          opset=25)
                out = tm_onnx.compile(m)(x)
                np.testing.assert_array_equal(out["y"], x.astype(np.int64))
                self.assertEqual(out["same"].dtype, x.dtype)
                np.testing.assert_array_equal(out["same"].astype(np.int64), x.astype(np.int64))
                np.testing.assert_array_equal(out["same"].view(np.uint8), x.view(np.uint8))

    def test_scan_carries_state_and_stacks_outputs(self):
        # Body: s' = s + x_t, y_t = 2 s'. Forward along axis 0; then reversed
        # along axis 1 with the outputs stacked along axis 1.
        body = helper.make_graph(
            [helper.make_node("Add", ["s", "xt"], ["s2"]),
             helper.make_node("Add", ["s2", "s2"], ["yt"])], "body",
            [tensor("s", [2]), tensor("xt", [2])], [tensor("s2", [2]), tensor("yt", [2])])
        x = self.rng.standard_normal((4, 2)).astype(np.float32)
        s0 = self.rng.standard_normal(2).astype(np.float32)
        for axes, transposed in (({}, False), (dict(scan_input_axes=[1],
                                                     scan_input_directions=[1],
                                                     scan_output_axes=[1]), True)):
            with self.subTest(transposed=transposed):
                given = x.T.copy() if transposed else x
                m = model([helper.make_node("Scan", ["s0", "x"], ["s", "y"], body=body,
                                            num_scan_inputs=1, **axes)],
                          [tensor("s0", [2]), tensor("x", list(given.shape))],
                          [tensor("s", [2]), tensor("y", list(given.shape))], opset=16)
                out = tm_onnx.compile(m)(s0, given)
                steps = x[::-1] if transposed else x
                sums = s0 + np.cumsum(steps, axis=0)
                np.testing.assert_allclose(out["s"], sums[-1], rtol=RTOL, atol=ATOL)
                np.testing.assert_allclose(out["y"], (2 * sums).T if transposed else 2 * sums,
                                           rtol=RTOL, atol=ATOL)

    def test_a_body_typed_through_the_constants_around_it(self):
        # The body's Unsqueeze reads its axes from the main graph: shape
        # inference types it only once folding copies the axes into the body.
        body = helper.make_graph(
            [helper.make_node("Unsqueeze", ["xt", "axes"], ["col"]),
             helper.make_node("MatMul", ["col", "row"], ["outer"]),
             helper.make_node("Add", ["s", "outer"], ["s2"])], "body",
            [tensor("s", [3, 3]), tensor("xt", [3])], [tensor("s2", None)])
        m = model([helper.make_node("Scan", ["s0", "x"], ["s"], body=body, num_scan_inputs=1)],
                  [tensor("s0", [3, 3]), tensor("x", [5, 3])], [tensor("s", [3, 3])],
                  [numpy_helper.from_array(np.array([1], np.int64), "axes"),
                   numpy_helper.from_array(np.ones((1, 3), np.float32), "row")], opset=16)
        s0 = self.rng.standard_normal((3, 3)).astype(np.float32)
        x = self.rng.standard_normal((5, 3)).astype(np.float32)
        expected = s0 + x.sum(axis=0)[:, None] @ np.ones((1, 3), np.float32)
        np.testing.assert_allclose(tm_onnx.compile(m)(s0, x)["s"], expected, rtol=RTOL, atol=1e-5)

    def test_loop_for_and_while(self):
        # for: 5 times s += x, y_i = s (a scan output); M a constant.
        body = helper.make_graph(
            [helper.make_node("Add", ["s", "x"], ["s2"]),
             helper.make_node("Identity", ["cond"], ["cond_out"]),
             helper.make_node("Identity", ["s2"], ["y"])], "body",
            [tensor("i", [], TensorProto.INT64), tensor("cond", [], TensorProto.BOOL),
             tensor("s", [3])],
            [tensor("cond_out", [], TensorProto.BOOL), tensor("s2", [3]), tensor("y", [3])])
        m = model([helper.make_node("Loop", ["five", "", "s0"], ["s", "ys"], body=body)],
                  [tensor("s0", [3]), tensor("x", [3])], [tensor("s", [3]), tensor("ys", [5, 3])],
                  [numpy_helper.from_array(np.array(5, np.int64), "five")], opset=16)
        s0, x = (self.rng.standard_normal(3).astype(np.float32) for _ in range(2))
        out = tm_onnx.compile(m)(s0, x)
        expected = s0 + np.arange(1, 6, dtype=np.float32)[:, None] * x
        np.testing.assert_allclose(out["ys"], expected, rtol=RTOL, atol=1e-5)
        np.testing.assert_allclose(out["s"], expected[-1], rtol=RTOL, atol=1e-5)

        # while: at most M times, v = 2 v + i, while sum(v) < limit; M, the
        # start condition and the limit arrive at run time.
        body = helper.make_graph(
            [helper.make_node("Mul", ["v", "two"], ["v2"]),
             helper.make_node("Cast", ["i"], ["fi"], to=TensorProto.FLOAT),
             helper.make_node("Add", ["v2", "fi"], ["v3"]),
             helper.make_node("ReduceSum", ["v3"], ["total"], keepdims=0),
             helper.make_node("Less", ["total", "limit"], ["go"])], "body",
            [tensor("i", [], TensorProto.INT64), tensor("cond", [], TensorProto.BOOL),
             tensor("v", [2])],
            [tensor("go", [], TensorProto.BOOL), tensor("v3", [2])])
        m = model([helper.make_node("Loop", ["n", "start", "v0"], ["v"], body=body)],
                  [tensor("n", [], TensorProto.INT64), tensor("start", [], TensorProto.BOOL),
                   tensor("v0", [2]), tensor("limit", [])], [tensor("v", [2])],
                  [numpy_helper.from_array(np.array(2, np.float32), "two")], opset=16)
        compiled = tm_onnx.compile(m)

        def reference(n, start, v, limit):
            i, go = 0, start
            while i < n and go:
                v = 2 * v + i
                go = v.sum() < limit
                i += 1
            return v
        v0 = np.array([0.5, 1.0], np.float32)
        for n, start, limit in ((100, True, 50.0), (2, True, 1e9), (100, False, 50.0),
                                (0, True, 50.0)):
            with self.subTest(n=n, start=start, limit=limit):
                got = compiled(np.array(n, np.int64), np.array(start), v0,
                               np.array(limit, np.float32))["v"]
                np.testing.assert_allclose(got, reference(n, start, v0, limit), rtol=RTOL)

    def test_float8_casts_match_ml_dtypes(self):
        # Every float8 bit pattern to float32 and back; float32 values across
        # the range (ties, subnormals, beyond the largest, infinities, NaN)
        # to float8, with and without saturate: ONNX's reference clips to the
        # largest finite value first when saturating, then rounds ties to
        # even (ml_dtypes).
        import ml_dtypes
        for elem, np_type in ((TensorProto.FLOAT8E4M3FN, ml_dtypes.float8_e4m3fn),
                              (TensorProto.FLOAT8E4M3FNUZ, ml_dtypes.float8_e4m3fnuz),
                              (TensorProto.FLOAT8E5M2, ml_dtypes.float8_e5m2),
                              (TensorProto.FLOAT8E5M2FNUZ, ml_dtypes.float8_e5m2fnuz)):
            name = TensorProto.DataType.Name(elem)
            with self.subTest(f"{name} to FLOAT"):
                patterns = np.arange(256, dtype=np.uint8).view(np_type)
                m = model([helper.make_node("Cast", ["x"], ["y"], to=TensorProto.FLOAT)],
                          [tensor("x", [256], elem)], [tensor("y", [256])], opset=21)
                np.testing.assert_array_equal(tm_onnx.compile(m)(patterns)["y"],
                                              patterns.astype(np.float32))
            info = ml_dtypes.finfo(np_type)
            exact = patterns.astype(np.float32)
            exact = exact[np.isfinite(exact)]
            ulps = np.abs(np.diff(np.sort(np.unique(exact))))
            halfway = (np.sort(np.unique(exact))[:-1] + ulps / 2).astype(np.float32)
            x = np.concatenate([
                exact, halfway, -halfway, np.nextafter(halfway, np.float32(np.inf)),
                self.rng.standard_normal(2000).astype(np.float32) * float(info.max) / 4,
                np.float32(info.max) * np.array([1.01, 1.1, 2, -1.01, -3], np.float32),
                np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 1e-30, -1e-30], np.float32),
            ]).astype(np.float32)
            for saturate in (1, 0):
                with self.subTest(f"FLOAT to {name}, saturate={saturate}"):
                    m = model([helper.make_node("Cast", ["x"], ["y"], to=elem,
                                                saturate=saturate)],
                              [tensor("x", [len(x)])], [tensor("y", [len(x)], elem)], opset=21)
                    got = tm_onnx.compile(m)(x)["y"]
                    expected = (np.clip(x, info.min, info.max) if saturate else x).astype(np_type)
                    np.testing.assert_array_equal(got.astype(np.float32),
                                                  expected.astype(np.float32))
                    numbers = ~np.isnan(expected.astype(np.float32))  # -0 too
                    np.testing.assert_array_equal(got.view(np.uint8)[numbers],
                                                  expected.view(np.uint8)[numbers])

    def test_backend_options_as_fx_compile_takes_them(self):
        # opt_level, seed, vectorize and threads: checked (by BackendOptions,
        # as for fx.compile and RefBackend) before anything is imported.
        m = model([helper.make_node("Relu", ["x"], ["y"])], [tensor("x", [2])], [tensor("y", [2])])
        for options, error in (({"opt_level": 7}, ValueError), ({"seed": "1"}, TypeError),
                               ({"threads": 0}, ValueError), ({"vectorize": 1}, TypeError)):
            with self.subTest(options), self.assertRaisesRegex(error, next(iter(options))):
                tm_onnx.compile(m, **options)
        compiled = tm_onnx.compile(m, opt_level=0, seed=3, vectorize=False, threads=1)
        np.testing.assert_array_equal(compiled(np.array([-1, 2], np.float32))["y"], [0, 2])

    def test_bitcast_keeps_the_bits(self):
        x = np.array([1.5, -0.0, np.inf, np.nan, 3e-40], np.float32)
        for to, dtype in ((TensorProto.INT32, np.int32), (TensorProto.UINT32, np.uint32)):
            m = model([helper.make_node("BitCast", ["x"], ["y"], to=to)],
                      [tensor("x", [5])], [tensor("y", [5], to)], opset=26)
            np.testing.assert_array_equal(tm_onnx.compile(m)(x)["y"], x.view(dtype))


if __name__ == "__main__":
    wheels = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--wheel=")]
    unpacked_wheels.use(wheels)
    from torch_mlir import ir
    from torch_mlir import onnx as tm_onnx
    from torch_mlir.refbackend import CompileError
    unittest.main(argv=sys.argv[:1])
