"""torch_mlir.decompose.run_decompositions makes the program PyTorch's
`ExportedProgram.run_decompositions` makes, from the wheels as built.

Each program is decomposed both ways with each table fx uses (ours, the
empty one, ours without backend-legal ops) and with a small table of the
user's own, and the two results compared: the graph's code (ops, order,
arguments), the signature, the state and constants, the range constraints.
The programs call CompositeImplicitAutograd ops of every kind the
shortcut treats differently: ones our table maps to their own kernel
(linear, layer_norm, pad, einsum), to a Python decomposition (matmul,
upsample, one_hot), ones a decomposition or an op's kernel emits, ones kept
whole, in a torch.cond branch, with a buffer written in place, and with a
dynamic batch. The kernels registered for PyTorch's retrace, and what
each op holds afterwards, are compared with PyTorch's registration.
"""

import argparse
import contextlib
import functools
import sys
import unittest

import torch
import torch.nn.functional as F

import unpacked_wheels

ARGS = None
decompose = decompositions = fx = None


def setUpModule():
    global decompose, decompositions, fx
    unpacked_wheels.use(ARGS.wheel)
    from torch_mlir import decompose as decompose_module
    from torch_mlir import decompositions as decompositions_module
    from torch_mlir import fx as fx_module
    decompose, decompositions, fx = decompose_module, decompositions_module, fx_module


class Mlp(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.up = torch.nn.Linear(8, 16)
        self.norm = torch.nn.LayerNorm(16)
        self.down = torch.nn.Linear(16, 4)

    def forward(self, x):
        return self.down(F.gelu(self.norm(self.up(x)), approximate="tanh"))


class ConvBlock(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(4)

    def forward(self, x):
        y = F.relu(self.bn(self.conv(F.pad(x, (1, 1, 0, 0)))))
        return F.interpolate(y, scale_factor=2, mode="nearest")


class Attention(torch.nn.Module):
    def forward(self, q, k, v):
        scores = torch.einsum("bqd,bkd->bqk", q, k)
        return torch.matmul(scores.softmax(-1), v) + F.scaled_dot_product_attention(q, k, v)


class Counter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(3))

    def forward(self, x):
        self.count.add_(1)
        return F.one_hot(x, 5).float().sum(0) + self.count.sum()


class Shrink(torch.nn.Module):
    # hardshrink is not CIA, but its kernel emits a CIA op (where.ScalarSelf),
    # which an empty table keeps whole.
    def forward(self, x):
        return F.hardshrink(x)


class Product(torch.nn.Module):
    def forward(self, x, y):
        return torch.matmul(x, y) + 1


class Branchy(torch.nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: F.linear(t, t), lambda t: torch.matmul(t, t) * 2,
                          (x,))


def programs():
    batch = torch.export.Dim("batch", min=2, max=64)
    return {
        "mlp (dynamic batch)": torch.export.export(
            Mlp(), (torch.randn(5, 8),), dynamic_shapes=({0: batch},)),
        "conv block": torch.export.export(ConvBlock().eval(), (torch.randn(2, 3, 6, 6),)),
        "attention": torch.export.export(Attention(), tuple(torch.randn(2, 4, 8) for _ in range(3))),
        "counter (buffer written)": torch.export.export(Counter(), (torch.tensor([0, 3, 1]),)),
        "branchy (torch.cond)": torch.export.export(Branchy(), (torch.randn(3, 3),)),
        "product": torch.export.export(Product(), (torch.randn(3, 5), torch.randn(5, 2))),
        "hardshrink": torch.export.export(Shrink(), (torch.randn(4),)),
    }


# A user's decomposition of a CIA op (matmul), calling another (linear) that
# their table leaves out, so it is kept whole.
def matmul_by_linear(a, b):
    if b.dim() == 2:
        return F.linear(a, b.t())
    return torch.bmm(a, b) if a.dim() == 3 else torch.ops.aten.matmul.default(a, b)


def tables():
    return {
        "ours": lambda: decompositions.table(),
        "empty": lambda: {},
        "ours without linear and matmul": lambda: fx._table(
            None, ("aten.linear.default", "aten.matmul.default")),
        "a user's (matmul)": lambda: {torch.ops.aten.matmul.default: matmul_by_linear},
        "PyTorch's default (a CustomDecompTable)": torch.export.default_decompositions,
    }


def summary(program):
    return {
        "code": program.graph_module.code,
        "subgraphs": [m.code for name, m in program.graph_module.named_modules()
                      if name and isinstance(m, torch.fx.GraphModule)],
        "signature": str(program.graph_signature),
        "state": {k: (tuple(v.shape), v.dtype) for k, v in program.state_dict.items()},
        "constants": sorted(program.constants),
        "ranges": str(program.range_constraints),
    }


class SameProgramTest(unittest.TestCase):
    def test_every_program_with_every_table(self):
        for program_name, program in programs().items():
            for table_name, table in tables().items():
                with self.subTest(program=program_name, table=table_name):
                    theirs = summary(program.run_decompositions(table()))
                    ours = summary(decompose.run_decompositions(program, table()))
                    for key in theirs:
                        self.assertEqual(ours[key], theirs[key], key)

    def test_the_tables_kept_ops_stay_whole(self):
        # The check above would pass if both kept nothing; this says they keep,
        # in the program and where a decomposition emits them.
        program = programs()["mlp (dynamic batch)"]
        kept = decompose.run_decompositions(program, fx._table(None, ("aten.linear.default",)))
        self.assertIn("torch.ops.aten.linear.default", kept.graph_module.code)
        self.assertNotIn("torch.ops.aten.linear.default", decompose.run_decompositions(
            program, decompositions.table()).graph_module.code)
        user = decompose.run_decompositions(programs()["product"], tables()["a user's (matmul)"]())
        self.assertIn("torch.ops.aten.linear.default(x, t)", user.graph_module.code)
        self.assertNotIn("torch.ops.aten.matmul.default", user.graph_module.code)

    def test_registers_only_the_ops_that_matter(self):
        calls = []
        real = decompose._internals()
        self.assertIsNotNone(real, "this PyTorch has the retrace run_decompositions calls")

        def spy(program, **kwargs):
            calls.append(kwargs["cia_to_decomp"])
            return real[0](program, **kwargs)

        original = decompose._internals
        decompose._internals = lambda: (spy,) + real[1:]
        try:
            decompose.run_decompositions(programs()["attention"], decompositions.table())
            decompose.run_decompositions(programs()["attention"], {})
        finally:
            decompose._internals = original
        everything = len(decompose._CiaOps.current().all())
        self.assertGreater(everything, 400, "PyTorch's CIA ops, as run_decompositions counts")
        ours, empty = (len(c) for c in calls)
        self.assertLess(ours, everything / 5, "ours: the called CIA ops and the Python ones")
        self.assertEqual(empty, everything, "an empty table keeps every CIA op whole")

    def test_registers_the_kernels_pytorch_does_and_leaves_ops_as_it_does(self):
        # What each registered op's kernel table and fake-tensor rule hold
        # inside the retrace (each time it registers), and for every CIA op
        # afterwards, PyTorch's registration against ours.
        import torch.export.exported_program as exported_program
        from torch._subclasses import fake_impls
        registration = decompose._internals()[3]
        everything = sorted(decompose._CiaOps.current().all(), key=str)

        def describe(kernel, entries):
            if any(kernel is entry for entry in entries):
                return "the table's entry"
            if isinstance(kernel, functools.partial):
                if kernel.func.__name__ in ("_force_dispatch_to_orig_cia_callable",
                                            "_run_under_fake_mode"):
                    # PyTorch's passes the decomposition by keyword, ours first.
                    original = kernel.keywords.get("original_callable") or kernel.args[0]
                    return ("runs under the fake mode", describe(original, entries))
                return ("partial", kernel.func.__qualname__, tuple(sorted(
                    (k, str(v)) for k, v in kernel.keywords.items())))
            return getattr(kernel, "__qualname__", repr(kernel))

        def state(ops, entries=()):
            rules = fake_impls.op_implementations_dict
            return {str(op): ({str(k): describe(f, entries) for k, f in op.py_kernels.items()},
                              describe(rules[op], entries) if op in rules else None)
                    for op in ops}

        def snapshotting(register, snapshots):
            @contextlib.contextmanager
            def wrapped(cia_ops_to_callable):
                with register(cia_ops_to_callable):
                    snapshots.append(state(cia_ops_to_callable, tuple(cia_ops_to_callable.values())))
                    yield
            return wrapped

        for table_name in ("ours", "empty"):
            with self.subTest(table=table_name):
                program = programs()["mlp (dynamic batch)"]
                theirs, ours = [], []
                original = exported_program._override_composite_implicit_decomp
                exported_program._override_composite_implicit_decomp = snapshotting(original, theirs)
                try:
                    program.run_decompositions(tables()[table_name]())
                finally:
                    exported_program._override_composite_implicit_decomp = original
                after_theirs = state(everything)
                registration.registered = snapshotting(type(registration).registered.__get__(
                    registration), ours)
                try:
                    decompose.run_decompositions(program, tables()[table_name]())
                finally:
                    del registration.registered
                self.assertIs(exported_program._override_composite_implicit_decomp, original)
                self.assertGreaterEqual(len(theirs), 1, "PyTorch's retrace registers")
                self.assertEqual(len(ours), len(theirs), "as often, through ours")
                for mine, pytorchs in zip(ours, theirs):
                    self.assertIn("aten.linear.default", mine.keys() & pytorchs.keys())
                    for op in mine.keys() & pytorchs.keys():
                        self.assertEqual(mine[op], pytorchs[op], op)
                self.assertEqual(state(everything), after_theirs)

    def test_a_program_with_a_backward_graph_goes_through_pytorch(self):
        class Stub:
            class graph_signature:
                backward_signature = object()

            def run_decompositions(self, table):
                return ("pytorch's", table)

        self.assertEqual(decompose.run_decompositions(Stub(), {}), ("pytorch's", {}))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
