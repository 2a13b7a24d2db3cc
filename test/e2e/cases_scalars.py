"""Python numbers out of tensors (`int(x)`, `float(x)`, `bool(x)`,
`x.item()`), arithmetic and comparisons on them, and sizes as numbers:
programs that return a Python scalar, and scalars feeding tensor ops."""

import math

import torch
from torch.export import Dim

from framework import fn_case


def ri(*shape, low=-100, high=100, dtype=torch.int64):
    return torch.randint(low, high, shape, dtype=dtype)


def f64():
    return torch.rand((), dtype=torch.float64)


SCALARS = {
    "int_of_0d": (lambda x: int(x), lambda: (ri(),)),
    "int_of_1x1": (lambda x: int(x), lambda: (ri(1, 1),)),
    "int_of_int8": (lambda x: int(x), lambda: (ri(dtype=torch.int8),)),
    "int_of_uint8": (lambda x: int(x), lambda: (ri(low=0, high=255, dtype=torch.uint8),)),
    "int_of_bool": (lambda x: int(x), lambda: (torch.tensor(True),)),
    "float_of_0d_f64": (lambda x: float(x), lambda: (f64(),)),
    "float_of_1x1_f64": (lambda x: float(x), lambda: (torch.rand(1, 1, dtype=torch.float64),)),
    "float_of_f32": (lambda x: float(x), lambda: (torch.rand(1),)),
    "bool_of_0d": (lambda x: bool(x), lambda: (torch.tensor(True),)),
    "bool_of_1x1": (lambda x: bool(x), lambda: (torch.tensor([[False]]),)),
    "item_int": (lambda x: x.item(), lambda: (ri(),)),
    "item_float": (lambda x: x.item(), lambda: (torch.rand(()),)),
    "add_ints": (lambda a, b: int(a) + int(b), lambda: (ri(), ri())),
    "sub_ints": (lambda a, b: int(a) - int(b), lambda: (ri(), ri())),
    "mul_ints": (lambda a, b: int(a) * int(b), lambda: (ri(), ri())),
    "floordiv_ints": (lambda a, b: int(a) // int(b), lambda: (ri(), ri(low=3, high=10))),
    "true_div_ints": (lambda a, b: int(a) / int(b), lambda: (ri(), ri(low=3, high=10))),
    "sub_floats": (lambda a, b: float(a) - float(b), lambda: (f64(), f64())),
    "mul_floats": (lambda a, b: float(a) * float(b), lambda: (f64(), f64())),
    "div_floats": (lambda a, b: float(a) / float(b), lambda: (f64(), f64() + 0.5)),
    "add_float_int": (lambda a, b: float(a) + int(b), lambda: (f64(), ri())),
    "ceil_of_float": (lambda a, b: math.ceil(float(a) - float(b)), lambda: (f64() * 9, f64())),
    "sqrt_of_int": (lambda a: math.sqrt(int(a)), lambda: (ri(low=0, high=10),)),
    "eq_ints": (lambda a, b: int(a) == int(b), lambda: (ri(), ri())),
    "ne_ints": (lambda a, b: int(a) != int(b), lambda: (ri(), ri())),
    "gt_ints": (lambda a, b: int(a) > int(b), lambda: (ri(), ri())),
    "ge_ints_equal": (lambda a, b: int(a) >= int(b), lambda: (torch.tensor(4), torch.tensor(4))),
    "ge_floats": (lambda a, b: float(a) >= float(b), lambda: (f64(), f64())),
    "gt_float_int": (lambda a, b: float(a) > int(b), lambda: (f64() * 4, ri(low=0, high=4))),
    "int_then_tensor": (lambda x, n: x * int(n), lambda: (torch.randn(3), ri(low=1, high=5))),
    "item_in_arithmetic": (lambda x: x * x.sum().item(), lambda: (torch.randn(4),)),
    "numel": (lambda x: x.numel(), lambda: (torch.randn(4, 3, 5),)),
    "size_as_number": (lambda x: x.size(1) * 2, lambda: (torch.randn(3, 4),)),
}
for name, (fn, inputs) in SCALARS.items():
    fn_case(f"scalar_{name}", fn, inputs)

n, m = Dim("n"), Dim("m")
fn_case("scalar_numel_dynamic", lambda x: x.numel(), lambda: (torch.randn(3, 4),),
        dynamic_shapes=({0: n},), make_other_inputs=lambda: (torch.randn(5, 4),))
fn_case("scalar_min_of_sizes_dynamic", lambda x: min(x.size(0), x.size(1)),
        lambda: (torch.randn(2, 5),), dynamic_shapes=({0: n, 1: m},),
        make_other_inputs=lambda: [(torch.randn(7, 3),), (torch.randn(4, 4),)])
fn_case("scalar_add_alpha_size_dynamic", lambda x: x.add(x, alpha=x.size(1)),
        lambda: (torch.randn(3, 3),), dynamic_shapes=({1: m},),
        make_other_inputs=lambda: (torch.randn(3, 6),))
