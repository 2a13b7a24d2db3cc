"""Small cases of the families a lowering must handle first, and the models of
test/fx/models.py. More families join as the lowering grows."""

import torch
import torch.nn as nn
from torch.export import Dim

import models
from framework import case


class Unary(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x)


class Binary(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x, y):
        return self.fn(x, y)


for name, fn in {"relu": torch.relu, "neg": torch.neg, "tanh": torch.tanh,
                 "sigmoid": torch.sigmoid, "exp": torch.exp, "abs": torch.abs}.items():
    case(f"elementwise_{name}", lambda fn=fn: Unary(fn), lambda: (torch.randn(3, 4),))

for name, fn in {"add": torch.add, "sub": torch.sub, "mul": torch.mul,
                 "div": torch.div, "maximum": torch.maximum}.items():
    case(f"elementwise_{name}_broadcast", lambda fn=fn: Binary(fn),
         lambda: (torch.randn(3, 4), torch.randn(4)))

case("elementwise_add_int64", lambda: Binary(torch.add),
     lambda: (torch.randint(-100, 100, (5,)), torch.randint(-100, 100, (5,))))
case("elementwise_add_dynamic", lambda: Binary(torch.add),
     lambda: (torch.randn(3, 4), torch.randn(3, 4)),
     dynamic_shapes=({0: Dim("n")}, {0: Dim("n")}),
     make_other_inputs=lambda: (torch.randn(7, 4), torch.randn(7, 4)))
case("matmul_2d", lambda: Binary(torch.matmul), lambda: (torch.randn(3, 5), torch.randn(5, 2)))
case("identity", lambda: Unary(lambda x: x), lambda: (torch.randn(2, 3),))

for name, (make, make_args, kwargs) in models.CASES.items():
    dynamic = kwargs.get("dynamic_shapes")
    other = (lambda: (torch.randn(9, 8),)) if dynamic else None
    case(f"model_{name}", lambda make=make: make(), make_args, dynamic_shapes=dynamic,
         make_other_inputs=other)
