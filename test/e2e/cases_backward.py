"""Gradient ops as a training graph holds them (AOT autograd's joint graph
calls them by name): each *_backward op on its forward's real inputs, at
odd sizes, and the elementwise ones with a dynamic first dim too."""

import torch
from torch.export import Dim

from framework import fn_case

A = torch.ops.aten


def r(*shape):
    return torch.randn(shape)


# Elementwise derivatives: name -> (function of (grad, x), x's maker).
# x is the forward's input (or output, for tanh/sigmoid), made in its domain.
ELEMENTWISE = {
    "threshold_backward": (lambda g, x: A.threshold_backward(g, x, 0.25), r),
    "gelu_backward": (lambda g, x: A.gelu_backward(g, x), r),
    "gelu_backward_tanh": (lambda g, x: A.gelu_backward(g, x, approximate="tanh"), r),
    "tanh_backward": (A.tanh_backward, lambda *s: torch.tanh(r(*s))),
    "sigmoid_backward": (A.sigmoid_backward, lambda *s: torch.sigmoid(r(*s))),
    "silu_backward": (A.silu_backward, r),
    "elu_backward": (lambda g, x: A.elu_backward(g, 1.0, 1.0, 1.0, False, x), r),
    "elu_backward_of_result": (lambda g, y: A.elu_backward(g, 0.7, 1.2, 1.0, True, y),
                               lambda *s: torch.nn.functional.elu(r(*s), 0.7)),
    "selu_backward": (lambda g, x: A.elu_backward(g, 1.6732632423543772, 1.0507009873554805,
                                                  1.0, False, x), r),
    "leaky_relu_backward": (lambda g, x: A.leaky_relu_backward(g, x, 0.1, False), r),
    "hardtanh_backward": (lambda g, x: A.hardtanh_backward(g, x, -0.5, 0.5), r),
    "hardswish_backward": (A.hardswish_backward, lambda *s: r(*s) * 4),
    "hardsigmoid_backward": (A.hardsigmoid_backward, lambda *s: r(*s) * 4),
    "softplus_backward": (lambda g, x: A.softplus_backward(g, x, 2.0, 3.0), lambda *s: r(*s) * 3),
    "log_sigmoid_backward": (lambda g, x: A.log_sigmoid_backward(
        g, x, A.log_sigmoid_forward(x)[1]), r),
    "rrelu_with_noise_backward_eval": (lambda g, x: A.rrelu_with_noise_backward(
        g, x, torch.zeros_like(x), 0.1, 0.3, False, False), r),
}

_rows = Dim("rows", min=2)
for name, (fn, make_x) in ELEMENTWISE.items():
    fn_case(f"backward_{name}", fn, lambda make_x=make_x: (r(3, 4), make_x(3, 4)))
    fn_case(f"backward_{name}_odd_shape", fn, lambda make_x=make_x: (r(7, 17), make_x(7, 17)))
    fn_case(f"backward_{name}_dynamic", fn, lambda make_x=make_x: (r(3, 5), make_x(3, 5)),
            dynamic_shapes=({0: _rows}, {0: _rows}),
            make_other_inputs=lambda make_x=make_x: (r(6, 5), make_x(6, 5)))

fn_case("backward_rrelu_with_noise_backward_training",
        lambda g, x, noise: A.rrelu_with_noise_backward(g, x, noise, 0.1, 0.3, True, False),
        lambda: (r(3, 4), r(3, 4), torch.rand(3, 4) * 0.2 + 0.1))
fn_case("backward_native_dropout_backward",
        lambda g, mask: A.native_dropout_backward(g, mask, 1 / 0.7),
        lambda: (r(5, 6), torch.rand(5, 6) > 0.3))

# Softmax's: the forward's output is the input.
for dim in (1, -1, 0):
    fn_case(f"backward_softmax_dim{dim}",
            lambda g, y, dim=dim: A._softmax_backward_data(g, y, dim, torch.float32),
            lambda dim=dim: (r(4, 7), torch.softmax(r(4, 7), dim)))
    fn_case(f"backward_log_softmax_dim{dim}",
            lambda g, y, dim=dim: A._log_softmax_backward_data(g, y, dim, torch.float32),
            lambda dim=dim: (r(4, 7), torch.log_softmax(r(4, 7), dim)))
fn_case("backward_softmax_3d_dynamic",
        lambda g, y: A._softmax_backward_data(g, y, 2, torch.float32),
        lambda: (r(2, 3, 5), torch.softmax(r(2, 3, 5), 2)),
        dynamic_shapes=({0: _rows}, {0: _rows}),
        make_other_inputs=lambda: (r(4, 3, 5), torch.softmax(r(4, 3, 5), 2)))

# Losses: mean, sum and none.
for reduction, name in enumerate(["none", "mean", "sum"]):
    grad_shape = (3, 4) if reduction == 0 else ()
    fn_case(f"backward_mse_loss_{name}",
            lambda g, x, t, reduction=reduction: A.mse_loss_backward(g, x, t, reduction),
            lambda grad_shape=grad_shape: (r(*grad_shape), r(3, 4), r(3, 4)))
    fn_case(f"backward_binary_cross_entropy_{name}",
            lambda g, x, t, reduction=reduction: A.binary_cross_entropy_backward(
                g, x, t, None, reduction),
            lambda grad_shape=grad_shape: (r(*grad_shape), torch.rand(3, 4) * 0.8 + 0.1,
                                           torch.rand(3, 4)))
    nll_grad = (5,) if reduction == 0 else ()
    fn_case(f"backward_nll_loss_{name}",
            lambda g, x, t, w, reduction=reduction: A.nll_loss_backward(
                g, x, t, w, reduction, 1, A.nll_loss_forward(x, t, w, reduction, 1)[1]),
            lambda nll_grad=nll_grad: (r(*nll_grad), torch.log_softmax(r(5, 4), 1),
                                       torch.tensor([0, 1, 3, 2, 1]), torch.rand(4) + 0.5))
fn_case("backward_binary_cross_entropy_weighted",
        lambda g, x, t, w: A.binary_cross_entropy_backward(g, x, t, w, 1),
        lambda: (r(), torch.rand(3, 4) * 0.8 + 0.1, torch.rand(3, 4), torch.rand(3, 4)))
fn_case("backward_nll_loss_unweighted",
        lambda g, x, t: A.nll_loss_backward(g, x, t, None, 1, -100,
                                            A.nll_loss_forward(x, t, None, 1, -100)[1]),
        lambda: (r(), torch.log_softmax(r(6, 3), 1), torch.tensor([0, 2, 1, 1, 0, 2])))


# Convolution's: (grad, input, weight) for each mask and geometry.
def conv_grads(stride, padding, dilation, mask, bias=True):
    def fn(g, x, w):
        out = A.convolution_backward(g, x, w, [w.shape[0]] if bias else None, stride, padding,
                                     dilation, False, [0] * len(stride), 1, mask)
        return tuple(t for t in out if t is not None)
    return fn


def conv_inputs(x_shape, w_shape, stride, padding, dilation):
    def make():
        x, w = r(*x_shape), r(*w_shape)
        conv = {3: torch.nn.functional.conv1d, 4: torch.nn.functional.conv2d,
                5: torch.nn.functional.conv3d}[len(x_shape)]
        y = conv(x, w, stride=stride, padding=padding, dilation=dilation)
        return r(*y.shape), x, w
    return make


for name, x_shape, w_shape, stride, padding, dilation in [
    ("2d", (2, 3, 6, 6), (4, 3, 3, 3), [1, 1], [1, 1], [1, 1]),
    ("2d_stride", (2, 3, 7, 7), (4, 3, 3, 3), [2, 2], [0, 0], [1, 1]),
    ("2d_stride_padding_odd", (1, 2, 9, 8), (3, 2, 3, 2), [2, 3], [1, 2], [1, 1]),
    ("2d_dilation", (1, 2, 9, 9), (2, 2, 3, 3), [1, 1], [2, 2], [2, 2]),
    ("2d_all", (2, 3, 11, 10), (5, 3, 3, 4), [2, 2], [1, 2], [2, 1]),
    ("1d", (2, 3, 10), (4, 3, 3), [2], [1], [1]),
    ("3d", (1, 2, 5, 6, 5), (3, 2, 3, 3, 2), [1, 2, 1], [1, 0, 1], [1, 1, 1]),
]:
    fn_case(f"backward_convolution_{name}",
            conv_grads(stride, padding, dilation, [True, True, True]),
            conv_inputs(x_shape, w_shape, stride, padding, dilation))
fn_case("backward_convolution_input_only",
        conv_grads([2, 2], [1, 1], [1, 1], [True, False, False], bias=False),
        conv_inputs((2, 3, 8, 8), (4, 3, 3, 3), [2, 2], [1, 1], [1, 1]))
fn_case("backward_convolution_weight_only",
        conv_grads([1, 1], [0, 0], [1, 1], [False, True, False], bias=False),
        conv_inputs((2, 3, 6, 5), (4, 3, 2, 3), [1, 1], [0, 0], [1, 1]))


# Pooling's.
def max_pool_backward(kernel, stride, padding, ceil_mode=False):
    def fn(g, x):
        _, indices = A.max_pool2d_with_indices(x, kernel, stride, padding, [1, 1], ceil_mode)
        return A.max_pool2d_with_indices_backward(g, x, kernel, stride, padding, [1, 1],
                                                  ceil_mode, indices)
    return fn


def pool_inputs(x_shape, pool):
    def make():
        x = r(*x_shape)
        return r(*pool(x).shape), x
    return make


for name, x_shape, kernel, stride, padding, ceil in [
    ("2x2", (1, 2, 4, 4), [2, 2], [2, 2], [0, 0], False),
    ("3x3_stride1_overlapping", (2, 3, 6, 5), [3, 3], [1, 1], [1, 1], False),
    ("odd_ceil", (1, 2, 7, 9), [2, 3], [2, 2], [0, 1], True),
    ("3d_input", (3, 5, 5), [2, 2], [1, 2], [0, 0], False),
]:
    fn_case(f"backward_max_pool2d_{name}", max_pool_backward(kernel, stride, padding, ceil),
            pool_inputs(x_shape, lambda x, k=kernel, s=stride, p=padding, c=ceil:
                        torch.nn.functional.max_pool2d(x, k, s, p, ceil_mode=c)))

for name, x_shape, kernel, stride, padding, ceil, include, divisor in [
    ("2x2", (1, 2, 4, 4), [2, 2], [2, 2], [0, 0], False, True, None),
    ("3x3_padding", (2, 3, 7, 6), [3, 3], [2, 2], [1, 1], False, True, None),
    ("padding_excluded", (1, 2, 7, 6), [3, 3], [2, 2], [1, 1], False, False, None),
    ("ceil_mode", (1, 2, 7, 8), [3, 2], [2, 3], [1, 0], True, True, None),
    ("ceil_excluded", (1, 1, 8, 7), [3, 3], [2, 2], [1, 1], True, False, None),
    ("divisor_override", (1, 2, 6, 6), [2, 3], [2, 1], [0, 1], False, True, 5),
    ("3d_input", (3, 5, 6), [2, 2], [1, 2], [0, 0], False, True, None),
]:
    def avg_backward(g, x, k=kernel, s=stride, p=padding, c=ceil, i=include, d=divisor):
        return A.avg_pool2d_backward(g, x, k, s, p, c, i, d)
    fn_case(f"backward_avg_pool2d_{name}", avg_backward,
            pool_inputs(x_shape, lambda x, k=kernel, s=stride, p=padding, c=ceil, i=include,
                        d=divisor: torch.nn.functional.avg_pool2d(x, k, s, p, c, i, d)))

for name, x_shape, out in [("even", (1, 2, 6, 8), (3, 4)), ("uneven", (2, 3, 7, 5), (3, 2)),
                           ("to_one", (1, 2, 5, 5), (1, 1)), ("up", (1, 1, 3, 2), (5, 4))]:
    fn_case(f"backward_adaptive_avg_pool2d_{name}", A._adaptive_avg_pool2d_backward,
            pool_inputs(x_shape, lambda x, out=out:
                        torch.nn.functional.adaptive_avg_pool2d(x, out)))

# Embedding's: repeated indices accumulate; padding_idx rows get nothing.
fn_case("backward_embedding_dense",
        lambda g, i: A.embedding_dense_backward(g, i, 10, -1, False),
        lambda: (r(2, 5, 3), torch.tensor([[1, 3, 1, 9, 0], [3, 3, 2, 8, 1]])))
fn_case("backward_embedding_dense_padding_idx",
        lambda g, i: A.embedding_dense_backward(g, i, 6, 2, False),
        lambda: (r(7, 4), torch.tensor([2, 0, 2, 5, 1, 0, 2])))


# Layer norm's: over the last one or two dims, with and without affine.
def layer_norm_backward(shape, affine, mask=None):
    mask = mask or (True, affine, affine)

    def fn(g, x, w, b):
        w, b = (w, b) if affine else (None, None)
        _, mean, rstd = A.native_layer_norm(x, shape, w, b, 1e-5)
        out = A.native_layer_norm_backward(g, x, shape, mean, rstd, w, b, list(mask))
        return tuple(t for t in out if t is not None)
    return fn


for name, x_shape, shape, affine in [("last", (3, 4), [4], True),
                                     ("last_two", (2, 3, 5), [3, 5], True),
                                     ("no_affine", (4, 6), [6], False),
                                     ("odd", (7, 17), [17], True)]:
    fn_case(f"backward_native_layer_norm_{name}", layer_norm_backward(shape, affine),
            lambda x_shape=x_shape, shape=shape: (r(*x_shape), r(*x_shape) * 2 + 1, r(*shape),
                                                  r(*shape)))
fn_case("backward_native_layer_norm_input_only",
        layer_norm_backward([5], True, (True, False, False)),
        lambda: (r(3, 5), r(3, 5), r(5), r(5)))


# An int grad with a float x: the result is their promotion, float32.
fn_case("backward_threshold_backward_int_grad",
        lambda g, x: A.threshold_backward(g, x, 0.25),
        lambda: (torch.tensor([[1, -2, 3], [4, 5, -6]]), r(2, 3)))
