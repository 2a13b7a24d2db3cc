"""ONNX models with symbolic dimensions (`dim_param`s, unknown sizes),
compiled once by torch_mlir.onnx.compile and run at several sizes, 1
included. Each graph is a pattern the stock exporters write for a dynamic
batch or sequence (Shape -> Gather -> Concat -> Reshape, Expand of a mask,
ConstantOfShape, Slice to a run-time length, ...). Expected values come from
ONNX's own reference evaluator (numpy), on random inputs: float32 at rtol
1e-5, atol 1e-5; integers exact. Where that evaluator does not implement the
op's meaning (LSTM's sequence_lens) onnxruntime is the reference. Sizes the compiled code can only check as it
runs are checked there: a mismatch is a ValueError, never a crash or garbage.
"""

import sys
import unittest

import numpy as np
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator

import unpacked_wheels

RTOL, ATOL = 1e-5, 1e-5


def model(nodes, inputs, outputs, initializers=(), opset=18):
    graph = helper.make_graph(nodes, "g", inputs, outputs, list(initializers))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def tensor(name, shape, elem=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, elem, shape)


def ints(name, values):
    return numpy_helper.from_array(np.array(values, np.int64), name)


def node(op, inputs, outputs, **attributes):
    return helper.make_node(op, inputs, outputs, **attributes)


class DynamicShapesTest(unittest.TestCase):
    def setUp(self):
        self.rng = np.random.default_rng(0)

    def check(self, m, make_inputs, sizes):
        """Compiles `m` once, runs it on make_inputs(*size) for each size, and
        compares every output with the reference evaluator's."""
        compiled = tm_onnx.compile(m)
        reference = ReferenceEvaluator(m)
        names = [o.name for o in m.graph.output]
        for size in sizes:
            inputs = make_inputs(*size)
            with self.subTest(size=size):
                got = compiled(**inputs)
                want = reference.run(None, inputs)
                for name, expected in zip(names, want):
                    self.assertEqual(got[name].shape, expected.shape, name)
                    if expected.dtype.kind == "f":
                        np.testing.assert_allclose(got[name], expected, rtol=RTOL, atol=ATOL)
                    else:
                        np.testing.assert_array_equal(got[name], expected)
        return compiled

    def floats(self, *shape):
        return self.rng.standard_normal(shape).astype(np.float32)

    def test_an_mlp_with_a_named_batch(self):
        # The output names its dimension too: the calling convention drops it.
        w1, b1, w2 = self.floats(16, 32), self.floats(32), self.floats(32, 10)
        m = model([node("Gemm", ["x", "w1", "b1"], ["h"]),
                   node("Relu", ["h"], ["r"]),
                   node("MatMul", ["r", "w2"], ["z"]),
                   node("Softmax", ["z"], ["y"], axis=-1)],
                  [tensor("x", ["N", 16])], [tensor("y", ["N", 10])],
                  [numpy_helper.from_array(w1, "w1"), numpy_helper.from_array(b1, "b1"),
                   numpy_helper.from_array(w2, "w2")])
        self.check(m, lambda n: {"x": self.floats(n, 16)}, [(1,), (3,), (7,)])

    def test_attention_heads_split_and_merged_at_run_time(self):
        # What exporters write for x.reshape(b, t, h, d // h) with b and t
        # taken from x.shape: two dynamic sizes in one Reshape.
        wq, wk = self.floats(64, 64) * 0.1, self.floats(64, 64) * 0.1
        nodes = [node("Shape", ["x"], ["s"]),
                 node("Gather", ["s", "zero"], ["b"], axis=0),
                 node("Gather", ["s", "one"], ["t"], axis=0),
                 node("Unsqueeze", ["b", "axis0"], ["b1"]),
                 node("Unsqueeze", ["t", "axis0"], ["t1"]),
                 node("Concat", ["b1", "t1", "heads"], ["split"], axis=0),
                 node("Concat", ["b1", "t1", "width"], ["merged"], axis=0),
                 node("MatMul", ["x", "wq"], ["q0"]),
                 node("MatMul", ["x", "wk"], ["k0"]),
                 node("Reshape", ["q0", "split"], ["q1"]),
                 node("Reshape", ["k0", "split"], ["k1"]),
                 node("Transpose", ["q1"], ["q"], perm=[0, 2, 1, 3]),
                 node("Transpose", ["k1"], ["k"], perm=[0, 2, 3, 1]),
                 node("MatMul", ["q", "k"], ["scores"]),
                 node("Softmax", ["scores"], ["p"], axis=-1),
                 node("MatMul", ["p", "q"], ["o1"]),
                 node("Transpose", ["o1"], ["o2"], perm=[0, 2, 1, 3]),
                 node("Reshape", ["o2", "merged"], ["y"])]
        m = model(nodes, [tensor("x", ["batch", "seq", 64])], [tensor("y", ["batch", "seq", 64])],
                  [ints("zero", 0), ints("one", 1), ints("axis0", [0]), ints("heads", [4, 16]),
                   ints("width", [64]), numpy_helper.from_array(wq, "wq"),
                   numpy_helper.from_array(wk, "wk")])
        self.check(m, lambda b, t: {"x": self.floats(b, t, 64)}, [(1, 1), (2, 5), (3, 17)])

    def test_a_mask_expanded_to_a_run_time_shape(self):
        # mask[:, None, None, :].expand(b, 1, t, t), then where(mask, scores, -inf)-like.
        nodes = [node("Shape", ["scores"], ["s"]),
                 node("Unsqueeze", ["mask", "axes12"], ["m4"]),
                 node("Expand", ["m4", "s"], ["m"]),
                 node("Cast", ["m"], ["keep"], to=TensorProto.BOOL),
                 node("Where", ["keep", "scores", "low"], ["y"])]
        m = model(nodes, [tensor("scores", ["b", 2, "t", "t"]), tensor("mask", ["b", "t"], TensorProto.INT64)],
                  [tensor("y", ["b", 2, "t", "t"])],
                  [ints("axes12", [1, 2]),
                   numpy_helper.from_array(np.array(-1e4, np.float32), "low")])

        def inputs(b, t):
            mask = (self.rng.random((b, t)) > 0.3).astype(np.int64)
            return {"scores": self.floats(b, 2, t, t), "mask": mask}

        self.check(m, inputs, [(1, 1), (2, 6), (3, 9)])

    def test_constant_of_shape_range_and_slice_at_run_time(self):
        # positions = range(0, t); zeros of x's shape; x[:, :t-1]; x[:, ::-1]-like
        nodes = [node("Shape", ["x"], ["s"]),
                 node("Gather", ["s", "one"], ["t"], axis=0),
                 node("Range", ["zero", "t", "one"], ["positions"]),
                 node("ConstantOfShape", ["s"], ["z"],
                      value=numpy_helper.from_array(np.array([2.5], np.float32))),
                 node("Add", ["x", "z"], ["shifted"]),
                 node("Sub", ["t", "one"], ["t_1"]),
                 node("Unsqueeze", ["t_1", "axis0"], ["end"]),
                 node("Slice", ["shifted", "zero1", "end", "one1"], ["y"])]
        m = model(nodes, [tensor("x", ["b", "t", 3])],
                  [tensor("y", ["b", "t2", 3]), tensor("positions", ["t"], TensorProto.INT64)],
                  [ints("zero", 0), ints("one", 1), ints("axis0", [0]), ints("zero1", [0]),
                   ints("one1", [1])])
        self.check(m, lambda b, t: {"x": self.floats(b, t, 3)}, [(1, 1), (2, 4), (3, 8)])

    def test_flatten_squeeze_size_and_gather_of_run_time_sizes(self):
        nodes = [node("Flatten", ["x"], ["f"], axis=2),          # [b*t, 4*5]
                 node("Unsqueeze", ["f", "axis0"], ["u"]),       # [1, b*t, 20]
                 node("Squeeze", ["u", "axis0"], ["sq"]),        # [b*t, 20]
                 node("Size", ["x"], ["n"]),
                 node("Gather", ["x", "idx"], ["g"], axis=1),    # [b, k, 4, 5]
                 node("ReduceSum", ["g", "axes3"], ["y"], keepdims=0)]
        m = model(nodes, [tensor("x", ["b", "t", 4, 5]), tensor("idx", ["k"], TensorProto.INT64)],
                  [tensor("sq", ["bt", 20]), tensor("n", [], TensorProto.INT64),
                   tensor("y", ["b", "k", 4])],
                  [ints("axis0", [0]), ints("axes3", [3])])

        def inputs(b, t, k):
            return {"x": self.floats(b, t, 4, 5),
                    "idx": self.rng.integers(-t, t, size=k).astype(np.int64)}

        self.check(m, inputs, [(1, 1, 1), (2, 3, 5), (4, 7, 2)])

    def test_a_negative_step_slice(self):
        m = model([node("Slice", ["x", "starts", "ends", "axes", "steps"], ["y"])],
                  [tensor("x", ["b", 6])], [tensor("y", ["b", 3])],
                  [ints("starts", [-1]), ints("ends", [-100]), ints("axes", [1]),
                   ints("steps", [-2])])
        self.check(m, lambda b: {"x": self.floats(b, 6)}, [(1,), (4,)])

    def test_slices_whose_steps_and_axes_arrive_at_run_time(self):
        # Every bound an input: a negative step over a dynamic dimension,
        # bounds past either end, a negative axis.
        m = model([node("Slice", ["x", "starts", "ends", "axes", "steps"], ["y"])],
                  [tensor("x", ["b", "t"]), tensor("starts", [2], TensorProto.INT64),
                   tensor("ends", [2], TensorProto.INT64), tensor("axes", [2], TensorProto.INT64),
                   tensor("steps", [2], TensorProto.INT64)],
                  [tensor("y", [None, None])])
        far = np.iinfo(np.int64).max

        def inputs(b, t, axis, step):
            return {"x": self.floats(b, t), "starts": np.array([-1, 0], np.int64),
                    "ends": np.array([-far, far], np.int64),
                    "axes": np.array([axis, 0], np.int64), "steps": np.array([step, 1], np.int64)}

        self.check(m, inputs, [(1, 1, -1, -1), (3, 7, 1, -2), (5, 4, -1, 3), (2, 9, 0, -3)])

    def test_a_step_of_zero_arriving_at_run_time_is_an_error(self):
        m = model([node("Slice", ["x", "starts", "ends", "axes", "steps"], ["y"])],
                  [tensor("x", ["b", "t"]), tensor("steps", [1], TensorProto.INT64)],
                  [tensor("y", [None, None])],
                  [ints("starts", [0]), ints("ends", [5]), ints("axes", [1])])
        compiled = self.check(m, lambda b, t: {"x": self.floats(b, t),
                                               "steps": np.array([2], np.int64)},
                              [(1, 3), (2, 8)])
        with self.assertRaisesRegex(ValueError, "onnx.Slice: a step is 0"):
            compiled(x=self.floats(2, 8), steps=np.array([0], np.int64))

    def test_resize_of_the_spatial_axes_under_a_dynamic_batch(self):
        # nn.Upsample as both exporters write it: constant scales of 1 on the
        # batch and channels, whatever their size.
        scales = numpy_helper.from_array(np.array([1, 1, 2, 1.5], np.float32), "scales")
        for mode, transform in [("nearest", "asymmetric"), ("linear", "half_pixel"),
                                ("cubic", "align_corners")]:
            with self.subTest(mode=mode):
                m = model([node("Resize", ["x", "", "scales"], ["y"], mode=mode,
                                coordinate_transformation_mode=transform)],
                          [tensor("x", ["b", "c", 4, 6])], [tensor("y", [None, None, 8, 9])],
                          [scales], opset=19)
                self.check(m, lambda b, c: {"x": self.floats(b, c, 4, 6)}, [(1, 1), (3, 2)])

    def test_resize_to_sizes_computed_from_the_input_shape(self):
        # F.interpolate(size=...) as TorchScript exports it: the batch and
        # channels read from Shape, the spatial sizes constant.
        m = model([node("Shape", ["x"], ["shape"]),
                   node("Slice", ["shape", "zero", "two"], ["kept"]),
                   node("Concat", ["kept", "spatial"], ["sizes"], axis=0),
                   node("Resize", ["x", "", "", "sizes"], ["y"], mode="linear")],
                  [tensor("x", ["b", 3, 5, 5])], [tensor("y", [None, 3, 7, 3])],
                  [ints("zero", [0]), ints("two", [2]), ints("spatial", [7, 3])], opset=19)
        self.check(m, lambda b: {"x": self.floats(b, 3, 5, 5)}, [(1,), (4,)])

    def test_resize_of_a_dynamic_axis_by_a_run_time_scale_is_an_error(self):
        m = model([node("Resize", ["x", "", "scales"], ["y"])],
                  [tensor("x", ["b", 2, 3]), tensor("scales", [3])],
                  [tensor("y", [None, 2, 6])], opset=19)
        compiled = self.check(m, lambda b: {"x": self.floats(b, 2, 3),
                                            "scales": np.array([1, 1, 2], np.float32)},
                              [(1,), (3,)])
        with self.assertRaisesRegex(ValueError, "only static axes"):
            compiled(x=self.floats(2, 2, 3), scales=np.array([2, 1, 2], np.float32))

    def test_resize_of_a_dynamic_axis_by_a_constant_scale_is_refused(self):
        m = model([node("Resize", ["x", "", "scales"], ["y"])],
                  [tensor("x", ["b", 2])], [tensor("y", [None, 4])],
                  [numpy_helper.from_array(np.array([2, 2], np.float32), "scales")], opset=19)
        with self.assertRaisesRegex(RuntimeError, "axis 0 has a size known only at run time"):
            tm_onnx.compile(m)

    def test_reductions_over_axes_given_at_run_time(self):
        # Which dims go is known only as it runs, and so are their sizes.
        for op, keepdims in [("ReduceSum", 0), ("ReduceMax", 0), ("ReduceMean", 1)]:
            with self.subTest(op=op, keepdims=keepdims):
                m = model([node(op, ["x", "axes"], ["y"], keepdims=keepdims)],
                          [tensor("x", ["a", "b", "c"]), tensor("axes", [2], TensorProto.INT64)],
                          [tensor("y", [None] * (3 if keepdims else 1))])

                def inputs(a, b, c, first, second):
                    return {"x": self.floats(a, b, c), "axes": np.array([first, second], np.int64)}

                self.check(m, inputs, [(2, 3, 4, 0, 2), (1, 5, 2, -1, 1), (3, 1, 2, 1, 0)])
        m = model([node("ReduceSum", ["x", "axes"], ["y"], keepdims=0)],
                  [tensor("x", ["a", "b"]), tensor("axes", [1], TensorProto.INT64)],
                  [tensor("y", [None])])
        compiled = tm_onnx.compile(m)
        with self.assertRaisesRegex(ValueError, "onnx.ReduceSum: an axis is out of range"):
            compiled(x=self.floats(2, 3), axes=np.array([2], np.int64))

    def test_grid_sample_under_a_dynamic_batch(self):
        for mode, padding in [("linear", "zeros"), ("cubic", "reflection"), ("nearest", "border")]:
            with self.subTest(mode=mode, padding=padding):
                m = model([node("GridSample", ["x", "grid"], ["y"], mode=mode,
                                padding_mode=padding)],
                          [tensor("x", ["n", 2, 4, 5]), tensor("grid", ["n", 3, 6, 2])],
                          [tensor("y", [None, 2, 3, 6])], opset=20)
                # Grid points past the borders too.
                self.check(m, lambda n: {"x": self.floats(n, 2, 4, 5),
                                         "grid": 1.3 * self.floats(n, 3, 6, 2)},
                           [(1,), (3,)])

    def test_quantized_matmul_under_a_dynamic_batch(self):
        m = model([node("QLinearMatMul", ["a", "a_scale", "a_zp", "b", "b_scale", "b_zp",
                                          "y_scale", "y_zp"], ["y"])],
                  [tensor("a", ["n", 4], TensorProto.UINT8)], [tensor("y", [None, 3], TensorProto.UINT8)],
                  [numpy_helper.from_array(np.array(0.05, np.float32), "a_scale"),
                   numpy_helper.from_array(np.array(113, np.uint8), "a_zp"),
                   numpy_helper.from_array(np.arange(12, dtype=np.uint8).reshape(4, 3) * 20, "b"),
                   numpy_helper.from_array(np.array(0.02, np.float32), "b_scale"),
                   numpy_helper.from_array(np.array(114, np.uint8), "b_zp"),
                   numpy_helper.from_array(np.array(0.1, np.float32), "y_scale"),
                   numpy_helper.from_array(np.array(118, np.uint8), "y_zp")])
        self.check(m, lambda n: {"a": self.rng.integers(0, 256, size=(n, 4)).astype(np.uint8)},
                   [(1,), (5,)])

    def test_results_whose_size_the_data_decides(self):
        # NonZero and Compress: how many elements come out depends on the
        # values, none included.
        m = model([node("NonZero", ["x"], ["i"]),
                   node("Compress", ["x", "c"], ["y"], axis=1)],
                  [tensor("x", ["a", "b"]), tensor("c", ["k"], TensorProto.BOOL)],
                  [tensor("i", [2, None], TensorProto.INT64), tensor("y", [None, None])])

        def inputs(a, b, k, density):
            x = self.floats(a, b) * (self.rng.random((a, b)) < density)
            return {"x": x.astype(np.float32), "c": self.rng.random(k) < density}

        compiled = self.check(m, inputs, [(3, 4, 4, 0.5), (2, 5, 3, 0.0), (1, 6, 6, 1.0)])
        with self.assertRaisesRegex(ValueError, "onnx.Compress: the condition is longer"):
            compiled(x=self.floats(2, 3), c=np.ones(4, bool))

    def test_unique_counts_what_the_data_holds(self):
        # Repeats, all distinct, all equal: the result's length follows.
        for sorted_ in (1, 0):
            with self.subTest(sorted=sorted_):
                m = model([node("Unique", ["x"], ["y", "i", "inv", "n"], sorted=sorted_)],
                          [tensor("x", [12], TensorProto.INT64)],
                          [tensor("y", [None], TensorProto.INT64),
                           tensor("i", [None], TensorProto.INT64),
                           tensor("inv", [12], TensorProto.INT64),
                           tensor("n", [None], TensorProto.INT64)], opset=11)
                self.check(m, lambda high: {"x": self.rng.integers(-3, high, 12)},
                           [(0,), (3,), (1000,), (-2,)])

    def test_a_named_dimension_wins_over_a_declared_example_size(self):
        # As torch 2.13's dynamo exporter writes a recurrent layer: the
        # output and an intermediate value declared with the example's length
        # (16) where inference from the inputs finds the named "seq".
        m = model([node("Relu", ["x"], ["r"]), node("Neg", ["r"], ["y"])],
                  [tensor("x", ["batch", "seq", 3])], [tensor("y", ["batch", 16, 3])])
        m.graph.value_info.append(tensor("r", ["batch", 16, 3]))
        self.check(m, lambda b, t: {"x": self.floats(b, t, 3)}, [(1, 1), (2, 16), (3, 5)])

    def test_upsample_as_opset_9_exporters_write_it(self):
        # Upsample (since replaced by Resize), fractional scales too, against
        # onnxruntime (ONNX's evaluator takes integer nearest scales only);
        # scales as a constant input, or one that arrives at run time.
        import onnxruntime

        def against_onnxruntime(m, inputs):
            got = tm_onnx.compile(m)(**inputs)["y"]
            session = onnxruntime.InferenceSession(m.SerializeToString(),
                                                   providers=["CPUExecutionProvider"])
            np.testing.assert_allclose(got, session.run(["y"], inputs)[0], rtol=RTOL, atol=ATOL)

        for mode in ("nearest", "linear"):
            with self.subTest(mode=mode):
                m = model([node("Upsample", ["x", "scales"], ["y"], mode=mode)],
                          [tensor("x", [2, 3, 4, 5])], [tensor("y", [2, 3, 8, 7])],
                          [numpy_helper.from_array(np.array([1, 1, 2, 1.5], np.float32),
                                                   "scales")], opset=9)
                against_onnxruntime(m, {"x": self.floats(2, 3, 4, 5)})
        m = model([node("Upsample", ["x", "scales"], ["y"])],
                  [tensor("x", [1, 1, 2, 2]), tensor("scales", [4])],
                  [tensor("y", [1, 1, 4, 6])], opset=9)
        against_onnxruntime(m, {"x": self.floats(1, 1, 2, 2),
                                "scales": np.array([1, 1, 2, 3], np.float32)})

    def pad_model(self, mode):
        return model([node("Pad", ["x", "pads", "value"], ["y"], mode=mode)],
                     [tensor("x", ["b", "t"]), tensor("pads", [4], TensorProto.INT64)],
                     [tensor("y", [None, None])],
                     [numpy_helper.from_array(np.array(2.5, np.float32), "value")])

    def test_pads_known_at_run_time_in_every_mode(self):
        # Pads an input, as CenterCropPad's body computes them from a shape.
        def inputs(b, t, top, left, bottom, right):
            return {"x": self.floats(b, t),
                    "pads": np.array([top, left, bottom, right], np.int64)}

        for mode in ("constant", "edge", "reflect", "wrap"):
            with self.subTest(mode=mode):
                # Reflecting needs two elements; past that, numpy (the
                # reference) reflects again, and so do we.
                first = (2, 3, 1, 2, 0, 5) if mode == "reflect" else (1, 1, 0, 2, 3, 1)
                self.check(self.pad_model(mode), inputs,
                           [first, (4, 5, 1, 0, 2, 3), (3, 6, 0, 4, 0, 7)])

    def test_negative_pads_crop(self):
        # The reference evaluator (np.pad) refuses negative pads; ONNX means
        # them as cropping, checked here as padding the positive side, then
        # slicing the negative one.
        for mode in ("constant", "edge", "wrap"):
            with self.subTest(mode=mode):
                compiled = tm_onnx.compile(self.pad_model(mode))
                x = self.floats(4, 6)
                got = compiled(x=x, pads=np.array([-1, 2, 1, -3], np.int64))["y"]
                padded = np.pad(x, ((0, 1), (2, 0)), mode=mode,
                                **({"constant_values": 2.5} if mode == "constant" else {}))
                np.testing.assert_allclose(got, padded[1:, :-3], rtol=RTOL, atol=ATOL)

    def test_a_split_of_a_dynamic_dimension_into_equal_parts(self):
        m = model([node("Split", ["x"], ["a", "b", "c"], axis=1, num_outputs=3)],
                  [tensor("x", [2, "t"])],
                  [tensor("a", [2, None]), tensor("b", [2, None]), tensor("c", [2, None])])
        self.check(m, lambda t: {"x": self.floats(2, t)}, [(3,), (7,), (9,)])

    def test_an_lstm_with_run_time_lengths(self):
        # Sequence lengths below the input's: steps past them keep the state
        # and leave Y zero. Peepholes and both initial states given.
        h = 3
        w, r = self.floats(1, 4 * h, 2), self.floats(1, 4 * h, h)
        bias, p = self.floats(1, 8 * h), self.floats(1, 3 * h)
        m = model([node("LSTM", ["x", "w", "r", "bias", "lengths", "h0", "c0", "p"],
                        ["y", "yh", "yc"], hidden_size=h)],
                  [tensor("x", ["t", "b", 2]), tensor("lengths", ["b"], TensorProto.INT32),
                   tensor("h0", [1, "b", h]), tensor("c0", [1, "b", h])],
                  [tensor("y", [None, 1, None, h]), tensor("yh", [1, None, h]),
                   tensor("yc", [1, None, h])],
                  [numpy_helper.from_array(w, "w"), numpy_helper.from_array(r, "r"),
                   numpy_helper.from_array(bias, "bias"), numpy_helper.from_array(p, "p")],
                  opset=22)

        # ONNX's reference evaluator ignores sequence_lens: onnxruntime is
        # the reference here.
        import onnxruntime

        compiled = tm_onnx.compile(m)
        reference = onnxruntime.InferenceSession(m.SerializeToString(),
                                                 providers=["CPUExecutionProvider"])
        for t, b in [(1, 1), (4, 3), (6, 2)]:
            inputs = {"x": self.floats(t, b, 2),
                      "lengths": self.rng.integers(1, t + 1, size=b).astype(np.int32),
                      "h0": self.floats(1, b, h), "c0": self.floats(1, b, h)}
            got = compiled(**inputs)
            for name, want in zip(["y", "yh", "yc"], reference.run(None, inputs)):
                np.testing.assert_allclose(got[name], want, rtol=RTOL, atol=ATOL,
                                           err_msg=f"{name} at {t}x{b}")

    def test_sizes_that_must_agree_are_checked_as_they_run(self):
        m = model([node("Add", ["a", "b"], ["y"])],
                  [tensor("a", [None, 3]), tensor("b", [None, 3])], [tensor("y", [None, 3])])
        compiled = self.check(m, lambda n: {"a": self.floats(n, 3), "b": self.floats(n, 3)},
                              [(1,), (5,)])
        with self.assertRaisesRegex(ValueError, "run-time check.*do not broadcast"):
            compiled(a=self.floats(2, 3), b=self.floats(4, 3))
        # A size of 1 known only at run time stretches, as numpy's would.
        a, b = self.floats(1, 3), self.floats(4, 3)
        np.testing.assert_allclose(compiled(a=a, b=b)["y"], a + b, rtol=RTOL)
        np.testing.assert_allclose(compiled(a=b, b=a)["y"], a + b, rtol=RTOL)
        # The compiled function is still usable after a failed check.
        a = self.floats(2, 3)
        np.testing.assert_allclose(compiled(a=a, b=a)["y"], 2 * a, rtol=RTOL)

    def test_a_reshape_to_the_wrong_element_count_is_an_error(self):
        m = model([node("Reshape", ["x", "shape"], ["y"])],
                  [tensor("x", ["a", "b"]), tensor("shape", [3], TensorProto.INT64)],
                  [tensor("y", [None, None, None])])
        compiled = self.check(m, lambda: {"x": self.floats(4, 6),
                                          "shape": np.array([2, -1, 3], np.int64)}, [()])
        with self.assertRaisesRegex(ValueError, "element count"):
            compiled(x=self.floats(4, 6), shape=np.array([5, 5, 5], np.int64))
        with self.assertRaisesRegex(ValueError, "element count"):
            compiled(x=self.floats(4, 6), shape=np.array([7, -1, 1], np.int64))

    def test_inputs_that_name_a_dimension_alike_must_agree(self):
        m = model([node("Add", ["a", "b"], ["y"])],
                  [tensor("a", ["batch", 3]), tensor("b", ["batch", 3])],
                  [tensor("y", ["batch", 3])])
        compiled = tm_onnx.compile(m)
        with self.assertRaisesRegex(ValueError, "input 'b' dimension 0 is 4, but input 'a' "
                                                "dimension 0 is 2; .* dynamic dimension \\(batch\\)"):
            compiled(a=self.floats(2, 3), b=self.floats(4, 3))

    def test_a_static_size_claimed_is_checked(self):
        # An input of unknown size cast to the static size the graph says
        # its consumer has: a wrong size is named, not read past.
        m = model([node("Identity", ["x"], ["i"]), node("Add", ["i", "c"], ["y"])],
                  [tensor("x", [None])], [tensor("y", [4])],
                  [numpy_helper.from_array(self.floats(4), "c")])
        compiled = tm_onnx.compile(m)
        self.assertEqual(compiled(x=self.floats(4))["y"].shape, (4,))
        with self.assertRaises(ValueError):
            compiled(x=self.floats(9))


if __name__ == "__main__":
    wheels = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--wheel=")]
    unpacked_wheels.use(wheels)
    from torch_mlir import onnx as tm_onnx
    unittest.main(argv=sys.argv[:1])
