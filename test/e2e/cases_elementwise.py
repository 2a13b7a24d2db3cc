"""Elementwise ops: unary and binary, scalars, broadcasting, PyTorch's type
promotion, comparisons, selection and casts."""

import torch
import torch.nn.functional as F
from torch.export import Dim

from framework import fn_case


def randn(*shape, dtype=torch.float32):
    return lambda: (torch.randn(*shape).to(dtype),)


def positive(*shape, dtype=torch.float32):
    return lambda: (torch.rand(*shape).to(dtype) + 0.1,)


def ints(*shape, low=-50, high=50, dtype=torch.int64):
    return lambda: (torch.randint(low, high, shape, dtype=dtype),)


# Unary ops on floats: name -> (function, inputs).
UNARY = {
    "neg": (torch.neg, randn(3, 4)),
    "abs": (torch.abs, randn(3, 4)),
    "exp": (torch.exp, randn(3, 4)),
    "exp2": (torch.exp2, randn(3, 4)),
    "expm1": (torch.expm1, randn(3, 4)),
    "log": (torch.log, positive(3, 4)),
    "log2": (torch.log2, positive(3, 4)),
    "log10": (torch.log10, positive(3, 4)),
    "log1p": (torch.log1p, positive(3, 4)),
    "sqrt": (torch.sqrt, positive(3, 4)),
    "rsqrt": (torch.rsqrt, positive(3, 4)),
    "reciprocal": (torch.reciprocal, positive(3, 4)),
    "square": (torch.square, randn(3, 4)),
    "sin": (torch.sin, randn(3, 4)),
    "cos": (torch.cos, randn(3, 4)),
    "tan": (torch.tan, randn(3, 4)),
    "atan": (torch.atan, randn(3, 4)),
    "tanh": (torch.tanh, randn(3, 4)),
    "sigmoid": (torch.sigmoid, randn(3, 4)),
    "erf": (torch.erf, randn(3, 4)),
    "floor": (torch.floor, lambda: (torch.randn(3, 4) * 5,)),
    "ceil": (torch.ceil, lambda: (torch.randn(3, 4) * 5,)),
    "round": (torch.round, lambda: (torch.tensor([0.5, 1.5, 2.5, -0.5, -1.5, 2.4, 2.6]),)),
    "trunc": (torch.trunc, lambda: (torch.randn(3, 4) * 5,)),
    "frac": (torch.frac, lambda: (torch.randn(3, 4) * 5,)),
    "round_decimals": (lambda x: torch.round(x, decimals=2), lambda: (torch.randn(3, 4) * 5,)),
    "sign": (torch.sign, lambda: (torch.tensor([-2.0, 0.0, 3.0, float("nan")]),)),
    "relu": (torch.relu, randn(3, 4)),
    "relu_nan": (torch.relu, lambda: (torch.tensor([float("nan"), -1.0, 2.0]),)),
    "relu6": (F.relu6, lambda: (torch.randn(3, 4) * 5,)),
    "gelu": (F.gelu, randn(3, 4)),
    "gelu_tanh": (lambda x: F.gelu(x, approximate="tanh"), randn(3, 4)),
    "silu": (F.silu, randn(3, 4)),
    "mish": (F.mish, randn(3, 4)),
    "elu": (F.elu, randn(3, 4)),
    "selu": (F.selu, randn(3, 4)),
    "celu": (F.celu, randn(3, 4)),
    "leaky_relu": (lambda x: F.leaky_relu(x, 0.2), randn(3, 4)),
    "softplus": (F.softplus, lambda: (torch.randn(3, 4) * 10,)),
    "hardtanh": (F.hardtanh, lambda: (torch.randn(3, 4) * 2,)),
    "hardsigmoid": (F.hardsigmoid, lambda: (torch.randn(3, 4) * 4,)),
    "hardswish": (F.hardswish, lambda: (torch.randn(3, 4) * 4,)),
    "logsigmoid": (F.logsigmoid, randn(3, 4)),
    "softsign": (F.softsign, randn(3, 4)),
    "tanhshrink": (F.tanhshrink, randn(3, 4)),
    "clamp": (lambda x: torch.clamp(x, -0.5, 0.5), randn(3, 4)),
    "clamp_min": (lambda x: torch.clamp(x, min=0.1), randn(3, 4)),
    "clamp_max": (lambda x: torch.clamp(x, max=0.1), randn(3, 4)),
    "isnan": (torch.isnan, lambda: (torch.tensor([1.0, float("nan"), float("inf")]),)),
    "logical_not": (torch.logical_not, randn(5)),
    "dropout_eval": (lambda x: F.dropout(x, 0.5, training=False), randn(3, 4)),
    "clone": (torch.clone, randn(3, 4)),
    "round_decimals_negative": (lambda x: torch.round(x * 1000, decimals=-2), randn(3, 4)),
    "round_decimals_3": (lambda x: torch.round(x, decimals=3), randn(3, 4)),
}

for name, (fn, inputs) in UNARY.items():
    fn_case(f"elementwise_{name}_f32", fn, inputs)


# Each unary op again as users bring it: an odd 7 x 17 shape, a 0-d tensor,
# and a dynamic first dim (compiled once, called at two sizes). The inputs
# are the op's own (its domain kept), tiled or cut to the shape.
def _tiled(inputs, *shape):
    def make():
        count = 1
        for size in shape:
            count *= size
        return tuple(t.flatten().repeat(count // t.numel() + 1)[:count].reshape(shape)
                     for t in inputs())
    return make


def _doubled(inputs):
    return lambda: tuple(torch.cat([t, t[:1]]) for t in inputs())


_rows = Dim("rows", min=2)
for name, (fn, inputs) in UNARY.items():
    base = f"elementwise_{name}_f32"
    fn_case(f"elementwise_{name}_odd_shape", fn, _tiled(inputs, 7, 17), variant_of=base)
    fn_case(f"elementwise_{name}_0d", fn, _tiled(inputs), variant_of=base)
    fn_case(f"elementwise_{name}_dynamic", fn, inputs, dynamic_shapes=({0: _rows},),
            make_other_inputs=_doubled(inputs))

# Every unary op in f64 too (the importer's scalars are f64), on its own
# inputs' values.
def _as_f64(inputs):
    return lambda: tuple(t.double() if t.is_floating_point() else t for t in inputs())


for name, (fn, inputs) in UNARY.items():
    fn_case(f"elementwise_{name}_f64", fn, _as_f64(inputs), variant_of=f"elementwise_{name}_f32")

# Half precision: computed in f16/bf16 as PyTorch does (wider tolerance).
for name in ["neg", "abs", "relu", "exp", "tanh", "sigmoid"]:
    fn, _ = UNARY[name]
    fn_case(f"elementwise_{name}_f16", fn, randn(3, 4, dtype=torch.float16))
    fn_case(f"elementwise_{name}_bf16", fn, randn(3, 4, dtype=torch.bfloat16))

# Unary ops on integers.
fn_case("elementwise_neg_i64", torch.neg, ints(3, 4))
fn_case("elementwise_abs_i32", torch.abs, ints(3, 4, dtype=torch.int32))
fn_case("elementwise_relu_i64", torch.relu, ints(3, 4))
fn_case("elementwise_bitwise_not_i64", torch.bitwise_not, ints(3, 4))
fn_case("elementwise_bitwise_not_bool", torch.bitwise_not,
        lambda: (torch.rand(6) > 0.5,))
fn_case("elementwise_sign_i64", torch.sign, ints(7))
fn_case("elementwise_exp_of_int", torch.exp, ints(5, low=-3, high=3))
fn_case("elementwise_clamp_i64", lambda x: torch.clamp(x, -10, 10), ints(3, 4))

# Binary ops, tensor with tensor, with broadcasting.
BINARY = {
    "add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div,
    "maximum": torch.maximum, "minimum": torch.minimum,
    "pow": lambda x, y: torch.pow(x.abs() + 0.1, y),
    "atan2": torch.atan2,
    "fmod": lambda x, y: torch.fmod(x, y.abs() + 0.5),
    "remainder": lambda x, y: torch.remainder(x, y.abs() + 0.5),
    "eq": lambda x, y: torch.eq(x.round(), y.round()),
    "ne": lambda x, y: torch.ne(x.round(), y.round()),
    "lt": torch.lt, "le": torch.le, "gt": torch.gt, "ge": torch.ge,
    "logical_and": torch.logical_and, "logical_or": torch.logical_or,
    "logical_xor": torch.logical_xor,
    "where": lambda x, y: torch.where(x > y, x, y),
    "add_alpha": lambda x, y: torch.add(x, y, alpha=0.5),
    "sub_alpha": lambda x, y: torch.sub(x, y, alpha=2),
    "div_floor": lambda x, y: torch.div(x, y, rounding_mode="floor"),
    "div_trunc": lambda x, y: torch.div(x, y, rounding_mode="trunc"),
}
for name, fn in BINARY.items():
    fn_case(f"binary_{name}_same_shape", fn,
            lambda: (torch.randn(3, 4), torch.randn(3, 4)))
    fn_case(f"binary_{name}_broadcast", fn,
            lambda: (torch.randn(2, 3, 4), torch.randn(3, 1)))
    # As users bring them: odd sizes broadcast along rows, two 0-d tensors,
    # a 0-d one against a matrix, and a dynamic first dim (two sizes).
    base = f"binary_{name}_broadcast"
    fn_case(f"binary_{name}_odd_shape", fn, lambda: (torch.randn(7, 17), torch.randn(17)),
            variant_of=base)
    fn_case(f"binary_{name}_0d", fn, lambda: (torch.randn(()), torch.randn(())),
            variant_of=base)
    fn_case(f"binary_{name}_0d_with_matrix", fn, lambda: (torch.randn(5, 3), torch.randn(())),
            variant_of=base)
    fn_case(f"binary_{name}_dynamic", fn, lambda: (torch.randn(3, 5), torch.randn(3, 5)),
            dynamic_shapes=({0: _rows}, {0: _rows}),
            make_other_inputs=lambda: (torch.randn(8, 5), torch.randn(8, 5)))

# Integer binary ops (Python semantics for // and %).
for name, fn in {
    "add": torch.add, "sub": torch.sub, "mul": torch.mul,
    "floor_divide": lambda x, y: torch.floor_divide(x, y.abs() + 1),
    "remainder": lambda x, y: torch.remainder(x, y.abs() + 1),
    "fmod": lambda x, y: torch.fmod(x, y.abs() + 1),
    "div_true": torch.div,
    "div_trunc": lambda x, y: torch.div(x, y.abs() + 1, rounding_mode="trunc"),
    "maximum": torch.maximum, "minimum": torch.minimum,
    "bitwise_and": torch.bitwise_and, "bitwise_or": torch.bitwise_or,
    "bitwise_xor": torch.bitwise_xor,
    "lt": torch.lt, "eq": torch.eq,
    "pow": lambda x, y: torch.pow(x.abs() % 4, y.abs() % 4),
}.items():
    fn_case(f"binary_{name}_i64", fn,
            lambda: (torch.randint(-20, 20, (3, 4)), torch.randint(-20, 20, (4,))))
    fn_case(f"binary_{name}_i64_odd_shape", fn,
            lambda: (torch.randint(-20, 20, (7, 17)), torch.randint(-20, 20, (7, 1))),
            variant_of=f"binary_{name}_i64")
    fn_case(f"binary_{name}_i32", fn,
            lambda: (torch.randint(-20, 20, (3, 4), dtype=torch.int32),
                     torch.randint(-20, 20, (4,), dtype=torch.int32)),
            variant_of=f"binary_{name}_i64")

# With Python scalars.
SCALAR = {
    "add": lambda x: x + 2.5, "add_int": lambda x: x + 2, "sub": lambda x: x - 1.5,
    "rsub": lambda x: 1.5 - x, "mul": lambda x: x * 3, "div": lambda x: x / 4,
    "pow2": lambda x: x ** 2, "pow_half": lambda x: x.abs() ** 0.5,
    "rpow": lambda x: 2 ** x, "gt": lambda x: x > 0.25, "le": lambda x: x <= 0,
    "eq": lambda x: x.round() == 1, "ne": lambda x: x.round() != 0,
    "masked_fill": lambda x: x.masked_fill(x > 0, -1.0),
    "where_scalars": lambda x: torch.where(x > 0, 1.0, -1.0),
    "where_scalar_other": lambda x: torch.where(x > 0, x, 0.0),
    "fill": lambda x: torch.full_like(x, 7.0),
}
for name, fn in SCALAR.items():
    fn_case(f"elementwise_scalar_{name}", fn, randn(3, 4))
fn_case("elementwise_scalar_mul_int_tensor", lambda x: x * 3, ints(3, 4))
fn_case("elementwise_scalar_float_times_int_tensor", lambda x: x * 0.5, ints(3, 4))
fn_case("elementwise_scalar_div_int_tensor", lambda x: x / 3, ints(3, 4))
fn_case("elementwise_scalar_floordiv_int_tensor", lambda x: x // 3, ints(3, 4))
fn_case("elementwise_scalar_mod_int_tensor", lambda x: x % 3, ints(3, 4))

# Type promotion between tensors.
fn_case("promote_int_plus_float", torch.add,
        lambda: (torch.randint(-5, 5, (3, 4)), torch.randn(3, 4)))
fn_case("promote_i32_plus_i64", torch.add,
        lambda: (torch.randint(-5, 5, (4,), dtype=torch.int32), torch.randint(-5, 5, (4,))))
fn_case("promote_bool_plus_int", torch.add,
        lambda: (torch.rand(4) > 0.5, torch.randint(-5, 5, (4,))))
fn_case("promote_f16_plus_f32", torch.add,
        lambda: (torch.randn(4).half(), torch.randn(4)))
fn_case("promote_f32_times_f64_0d", torch.mul,
        lambda: (torch.randn(3, 4), torch.tensor(2.5, dtype=torch.float64)))
fn_case("promote_int_lt_float", torch.lt,
        lambda: (torch.randint(-5, 5, (4,)), torch.randn(4)))
fn_case("promote_bool_and_bool", torch.logical_and,
        lambda: (torch.rand(4) > 0.5, torch.rand(4) > 0.5))

# Casts.
CASTS = {
    "f32_to_f64": (torch.float64, randn(3, 4)),
    "f32_to_f16": (torch.float16, randn(3, 4)),
    "f32_to_bf16": (torch.bfloat16, randn(3, 4)),
    "f32_to_i32": (torch.int32, lambda: (torch.randn(3, 4) * 10,)),
    "f32_to_i64": (torch.int64, lambda: (torch.randn(3, 4) * 10,)),
    "f32_to_bool": (torch.bool, lambda: (torch.tensor([0.0, 1.5, -0.0, float("nan")]),)),
    "i64_to_f32": (torch.float32, ints(3, 4)),
    "i64_to_i32": (torch.int32, ints(3, 4)),
    "i64_to_i8": (torch.int8, ints(3, 4, low=-100, high=100)),
    "i32_to_i64": (torch.int64, ints(3, 4, dtype=torch.int32)),
    "bool_to_f32": (torch.float32, lambda: (torch.rand(5) > 0.5,)),
    "bool_to_i64": (torch.int64, lambda: (torch.rand(5) > 0.5,)),
    "i64_to_bool": (torch.bool, ints(7, low=-2, high=3)),
    "f16_to_f32": (torch.float32, randn(3, 4, dtype=torch.float16)),
    "bf16_to_f32": (torch.float32, randn(3, 4, dtype=torch.bfloat16)),
    "f64_to_f32": (torch.float32, randn(3, 4, dtype=torch.float64)),
}
for name, (dtype, inputs) in CASTS.items():
    fn_case(f"cast_{name}", lambda x, dtype=dtype: x.to(dtype), inputs)
fn_case("cast_type_as", lambda x, y: x.type_as(y),
        lambda: (torch.randn(3), torch.randint(0, 3, (3,))))

# Dynamic dimensions.
n = Dim("n")
fn_case("elementwise_dynamic_mul_broadcast", lambda x, y: x * y,
        lambda: (torch.randn(3, 4), torch.randn(4)),
        dynamic_shapes=({0: n}, None),
        make_other_inputs=lambda: (torch.randn(6, 4), torch.randn(4)))
fn_case("elementwise_dynamic_where", lambda x: torch.where(x > 0, x, x * 0.1),
        randn(3, 4), dynamic_shapes=({0: n, 1: Dim("m")},),
        make_other_inputs=lambda: (torch.randn(5, 2),))
fn_case("elementwise_dynamic_gelu", F.gelu, randn(2, 8),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (torch.randn(7, 8),))

# Shifts by a Python number (aten.__lshift__/__rshift__.Scalar).
fn_case("elementwise_lshift_scalar_i64", lambda x: x << 3, ints(3, 4))
fn_case("elementwise_rshift_scalar_i64", lambda x: x >> 1, ints(3, 4))
fn_case("elementwise_lshift_scalar_i32", lambda x: x << 2, ints(5, dtype=torch.int32))

# Ops the registry has that the sweeps above do not call, one case each
# (registry_unsupported.txt lists what is still without one).
MORE = {
    "acos": (torch.acos, lambda: (torch.rand(3, 4) * 1.8 - 0.9,)),
    "asin": (torch.asin, lambda: (torch.rand(3, 4) * 1.8 - 0.9,)),
    "atanh": (torch.atanh, lambda: (torch.rand(3, 4) * 1.8 - 0.9,)),
    "acosh": (torch.acosh, lambda: (torch.rand(3, 4) * 3 + 1,)),
    "asinh": (torch.asinh, randn(3, 4)),
    "sinh": (torch.sinh, randn(3, 4)),
    "cosh": (torch.cosh, randn(3, 4)),
    "deg2rad": (torch.deg2rad, lambda: (torch.randn(3, 4) * 180,)),
    "rad2deg": (torch.rad2deg, randn(3, 4)),
    "sgn": (torch.sgn, lambda: (torch.tensor([-2.0, 0.0, 3.0, -0.0]),)),
    "signbit": (torch.signbit, lambda: (torch.tensor([-2.0, 0.0, 3.0, -0.0]),)),
    "isinf": (torch.isinf, lambda: (torch.tensor([1.0, float("inf"), -float("inf"), float("nan")]),)),
    "isposinf": (torch.isposinf, lambda: (torch.tensor([1.0, float("inf"), -float("inf")]),)),
    "isneginf": (torch.isneginf, lambda: (torch.tensor([1.0, float("inf"), -float("inf")]),)),
    "isfinite": (torch.isfinite, lambda: (torch.tensor([1.0, float("inf"), -float("inf"), float("nan")]),)),
    "logit": (lambda x: torch.logit(x, eps=1e-6), lambda: (torch.rand(3, 4),)),
    "nan_to_num": (lambda x: torch.nan_to_num(x, nan=0.5, posinf=9.0),
                   lambda: (torch.tensor([1.0, float("nan"), float("inf"), -float("inf")]),)),
    "hardshrink": (F.hardshrink, randn(3, 4)),
    "softshrink": (F.softshrink, randn(3, 4)),
    "threshold": (lambda x: F.threshold(x, 0.2, -1.0), randn(3, 4)),
    "glu": (F.glu, randn(3, 6)),
    "cumprod": (lambda x: torch.cumprod(x, 1), lambda: (torch.rand(3, 5) + 0.5,)),
    "trace": (torch.trace, randn(4, 5)),
    "count_nonzero": (lambda x: torch.count_nonzero(torch.relu(x), 1), randn(3, 4)),
}
for name, (fn, inputs) in MORE.items():
    fn_case(f"elementwise_{name}", fn, inputs)

MORE_BINARY = {
    "heaviside": lambda x, y: torch.heaviside(x.round(), y),
    "copysign": torch.copysign,
    "fmax": lambda x, y: torch.fmax(x, torch.where(y > 1, float("nan"), y)),
    "fmin": lambda x, y: torch.fmin(x, torch.where(y > 1, float("nan"), y)),
    "logaddexp": torch.logaddexp,
    "logaddexp2": torch.logaddexp2,
    "xlogy": lambda x, y: torch.xlogy(x, y.abs()),
    "lerp": lambda x, y: torch.lerp(x, y, 0.3),
    "lerp_tensor": lambda x, y: torch.lerp(x, y, torch.sigmoid(y)),
    "clamp_tensor": lambda x, y: torch.clamp(x, y - 0.5, y + 0.5),
    "clamp_min_tensor": lambda x, y: torch.clamp_min(x, y),
    "clamp_max_tensor": lambda x, y: torch.clamp_max(x, y),
    "addcmul": lambda x, y: torch.addcmul(x, x, y, value=0.5),
    "addcdiv": lambda x, y: torch.addcdiv(x, x, y.abs() + 0.5, value=2),
    "dot": lambda x, y: torch.dot(x.flatten(), y.flatten()),
    "mv": lambda x, y: torch.mv(x, y[0]),
}
for name, fn in MORE_BINARY.items():
    fn_case(f"binary_{name}", fn, lambda: (torch.randn(3, 4), torch.randn(3, 4)))


# uint8 holds 128..255, which a signed i8 reads as negative: comparisons,
# max/min, clamps, divisions and conversions of it must be unsigned, Python
# ints >= 128 included.
def u8_pair():
    return (torch.tensor([[3, 200, 130, 255], [0, 128, 127, 7]], dtype=torch.uint8),
            torch.tensor([[250, 100, 131, 1], [9, 129, 200, 7]], dtype=torch.uint8))


UNSIGNED = {
    "maximum_uint8": torch.maximum,
    "minimum_uint8": torch.minimum,
    "gt_uint8": torch.gt,
    "le_uint8": torch.le,
    "lt_uint8_int64": lambda x, y: x < y.long() - 100,
    "lt_uint8_int8": lambda x, y: x < (y // 2).to(torch.int8) - 64,
    "gt_scalar_uint8": lambda x, y: (x > 200, y >= 129),
    "clamp_uint8": lambda x, y: x.clamp(min=100, max=200),
    "clamp_tensor_uint8": lambda x, y: x.clamp(max=y),
    "floor_divide_uint8": lambda x, y: torch.floor_divide(x, y),
    "remainder_uint8": torch.remainder,
    "fmod_uint8": torch.fmod,
    "abs_sign_uint8": lambda x, y: (torch.abs(x), torch.sign(y)),
    "relu_uint8": lambda x, y: torch.relu(x),
    "add_scalar_uint8": lambda x, y: x + 200,
    "mul_float_uint8": lambda x, y: x * 1.5,
    "add_int64_uint8": lambda x, y: x + y.long(),
    "to_float_uint8": lambda x, y: x.float(),
    # The exponent is converted to uint8 too (-2 is 254), the power wraps.
    "pow_uint8": lambda x, y: (torch.pow(x, torch.tensor(-2)), torch.pow(x, y % 7),
                               torch.pow(y, 3)),
}
for name, fn in UNSIGNED.items():
    fn_case(f"elementwise_{name}", fn, u8_pair)


# Bools order false < true; as a signed i1, true would read -1.
def bool_pair():
    return (torch.tensor([[True, False, True], [False, False, True]]),
            torch.tensor([[False, False, True], [True, False, False]]))


BOOLS = {
    "maximum_bool": torch.maximum,
    "minimum_bool": torch.minimum,
    "lt_bool": torch.lt,
    "ge_bool": torch.ge,
    "maximum_bool_0d": lambda x, y: torch.maximum(x, y[0, 0]),
}
for name, fn in BOOLS.items():
    fn_case(f"elementwise_{name}", fn, bool_pair)
