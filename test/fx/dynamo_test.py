"""torch.compile(model, backend="torch_mlir") against eager PyTorch.

The backend is found by name through the wheel's entry point (in a fresh
process that has not imported torch_mlir); static graphs, `dynamic=True`,
recompiles on new sizes (Dynamo's automatic dynamic shapes), size arguments,
graph breaks, the eager fallback and its warning (and `fallback="error"`),
training (AOTAutograd's forward and backward graphs compiled: loss,
gradients, BatchNorm's running stats and SGD steps as eager's), options. Then the real-model corpus's PyTorch models
(test/onnx/corpus.py: torchvision's resnet18 and mobilenet_v2, BERT,
DistilBERT, GPT-2 and T5's encoder, and torch.nn models), each static and with
`dynamic=True` at three sizes, within 1e-4 of eager (outputs of magnitude
about 1); every graph must compile, but for the models EXPECTED_EAGER lists
with the reason they run in eager, and a table of graphs and fallbacks per
model is printed.
"""

import argparse
import collections
import copy
import os
import subprocess
import sys
import unittest
import warnings

import torch

import unpacked_wheels

ARGS = None
SITE = None
TOLERANCE = 1e-4


def setUpModule():
    global SITE
    SITE = unpacked_wheels.use(ARGS.wheel)


def backend(**options):
    from torch_mlir.dynamo import TorchMlirBackend

    return TorchMlirBackend(**options)


class Net(torch.nn.Module):
    input_shape = (8,)

    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = torch.nn.Linear(8, 16), torch.nn.Linear(16, 4)

    def forward(self, x):
        return torch.softmax(self.fc2(torch.relu(self.fc1(x))), dim=-1)


class ConvNet(torch.nn.Module):
    """Convolution, BatchNorm (its running stats written in training), max
    pooling and a linear head."""

    input_shape = (3, 8, 8)

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 6, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(6)
        self.fc = torch.nn.Linear(6 * 4 * 4, 4)

    def forward(self, x):
        x = torch.nn.functional.max_pool2d(torch.relu(self.bn(self.conv(x))), 2)
        return self.fc(x.flatten(1))


class Block(torch.nn.Module):
    """A transformer-style block: LayerNorm, GELU MLP, residual, log_softmax."""

    input_shape = (5, 8)

    def __init__(self):
        super().__init__()
        self.norm = torch.nn.LayerNorm(8)
        self.up, self.down = torch.nn.Linear(8, 16), torch.nn.Linear(16, 8)
        self.head = torch.nn.Linear(8, 4)

    def forward(self, x):
        x = x + self.down(torch.nn.functional.gelu(self.up(self.norm(x))))
        return torch.log_softmax(self.head(x.mean(1)), dim=-1)


class BesselNet(torch.nn.Module):
    """special_bessel_j0 has no lowering: the graph falls back."""

    def forward(self, x):
        return torch.special.bessel_j0(x) + 1


class Broken(torch.nn.Module):
    """A graph break (a data-dependent Python branch) between two graphs."""

    def forward(self, x):
        y = torch.tanh(x) * 2
        if y.sum() > 0:
            return y + 1
        return y - 1


class Slicer(torch.nn.Module):
    def forward(self, x, k):
        return x[:k] * k


def assert_close(test, got, want):
    test.assertEqual(got.shape, want.shape)
    test.assertEqual(got.dtype, want.dtype)
    test.assertLessEqual((got - want).abs().max().item(), TOLERANCE)


class BackendTest(unittest.TestCase):
    def setUp(self):
        torch._dynamo.reset()
        torch.manual_seed(0)

    def test_found_by_name_through_the_entry_point(self):
        # A fresh process: Dynamo must find the backend through the wheel's
        # entry point, with torch_mlir not imported.
        program = (
            "import sys, torch\n"
            "m = torch.nn.Linear(4, 3)\n"
            "x = torch.randn(2, 4)\n"
            "with torch.no_grad():\n"
            "    got = torch.compile(m, backend='torch_mlir')(x)\n"
            "    assert torch.allclose(got, m(x), atol=1e-5), (got, m(x))\n"
            "from torch._dynamo.backends.registry import lookup_backend\n"
            "b = lookup_backend('torch_mlir')\n"
            "print(type(b).__module__, b.compiled_graphs, len(b.fallbacks))\n"
            "print('torch_mlir' in torch._dynamo.list_backends())\n")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SITE)] + sys.path))
        out = subprocess.run([sys.executable, "-c", program], env=env, capture_output=True,
                             text=True)
        self.assertEqual(out.returncode, 0, out.stderr[-3000:])
        self.assertEqual(out.stdout.split(), ["torch_mlir.dynamo", "1", "0", "True"])

    def test_static_graph(self):
        net, b = Net().eval(), backend()
        compiled = torch.compile(net, backend=b)
        x = torch.randn(3, 8)
        with torch.no_grad():
            assert_close(self, compiled(x), net(x))
            assert_close(self, compiled(x + 1), net(x + 1))
        self.assertEqual((b.graphs, b.compiled_graphs, b.fallbacks), (1, 1, []))

    def test_dynamic_true_compiles_once_for_every_size(self):
        net, b = Net().eval(), backend()
        compiled = torch.compile(net, backend=b, dynamic=True)
        with torch.no_grad():
            # Not 1: Dynamo specializes sizes 0 and 1 (a graph of their own).
            for batch in (2, 5, 3, 9):
                x = torch.randn(batch, 8)
                assert_close(self, compiled(x), net(x))
        self.assertEqual((b.graphs, b.compiled_graphs, b.fallbacks), (1, 1, []))

    def test_a_new_size_recompiles_then_stays_dynamic(self):
        net, b = Net().eval(), backend()
        compiled = torch.compile(net, backend=b)  # dynamic=None: Dynamo decides
        with torch.no_grad():
            for batch in (2, 3, 4, 7):
                x = torch.randn(batch, 8)
                assert_close(self, compiled(x), net(x))
        # The second size makes the batch dynamic: two graphs, no more.
        self.assertEqual((b.graphs, b.compiled_graphs, b.fallbacks), (2, 2, []))

    def test_a_size_argument(self):
        model, b = Slicer(), backend()
        compiled = torch.compile(model, backend=b, dynamic=True)
        x = torch.randn(9, 3)
        for k in (2, 5, 9):
            self.assertTrue(torch.equal(compiled(x, k), model(x, k)))
        self.assertEqual((b.compiled_graphs, b.fallbacks), (1, []))

    def test_graph_breaks_compile_each_graph(self):
        model, b = Broken(), backend()
        compiled = torch.compile(model, backend=b)
        for sign in (1, -1):
            x = sign * torch.rand(4, 3)
            assert_close(self, compiled(x), model(x))
        self.assertGreaterEqual(b.compiled_graphs, 2)
        self.assertEqual(b.fallbacks, [])

    def test_an_op_with_no_lowering_falls_back_with_one_warning(self):
        model, b = BesselNet(), backend()
        compiled = torch.compile(model, backend=b)
        x = torch.randn(5)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = [compiled(x), compiled(x * 2)]
        assert_close(self, got[0], model(x))
        assert_close(self, got[1], model(x * 2))
        ours = [w for w in caught if "torch_mlir backend" in str(w.message)]
        self.assertEqual(len(ours), 1, [str(w.message) for w in caught])
        self.assertIn("special_bessel_j0", str(ours[0].message))
        self.assertEqual(b.compiled_graphs, 0)
        self.assertEqual(len(b.fallbacks), 1)
        self.assertIn("special_bessel_j0", b.fallbacks[0][1])

    def test_fallback_error_raises_naming_the_op(self):
        compiled = torch.compile(BesselNet(), backend="torch_mlir",
                                 options={"fallback": "error"})
        with self.assertRaisesRegex(Exception, "special_bessel_j0"):
            compiled(torch.randn(5))

    def test_training_matches_eager(self):
        # Grad mode with parameters that require grad: AOTAutograd's forward
        # and backward graphs, both compiled (fallback="error": no eager).
        # BatchNorm in training mode updates its running stats (a buffer the
        # forward graph writes); loss, gradients and stats as eager's.
        for model in (Net(), ConvNet().train(), Block()):
            with self.subTest(type(model).__name__):
                torch._dynamo.reset()
                eager = copy.deepcopy(model)
                b = backend(fallback="error")
                compiled = torch.compile(model, backend=b)
                x = torch.randn(4, *model.input_shape)
                target = torch.randn(4, 4)
                loss = torch.nn.functional.mse_loss(compiled(x), target)
                want = torch.nn.functional.mse_loss(eager(x), target)
                self.assertIsNotNone(loss.grad_fn)
                loss.backward()
                want.backward()
                assert_close(self, loss.detach(), want.detach())
                for (name, p), q in zip(model.named_parameters(), eager.parameters()):
                    self.assertIsNotNone(p.grad, name)
                    assert_close(self, p.grad, q.grad)
                for (name, buf), other in zip(model.named_buffers(), eager.buffers()):
                    assert_close(self, buf.float(), other.float())
                self.assertEqual((b.compiled_graphs, b.fallbacks), (1, []))

    def test_training_steps_follow_eager(self):
        # Three SGD steps: the compiled model's parameters stay with eager's.
        model = ConvNet().train()
        eager = copy.deepcopy(model)
        compiled = torch.compile(model, backend=backend(fallback="error"))
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        eager_opt = torch.optim.SGD(eager.parameters(), lr=0.1)
        for step in range(3):
            x, target = torch.randn(4, *model.input_shape), torch.randn(4, 4)
            for m, o in ((compiled, opt), (eager, eager_opt)):
                o.zero_grad()
                torch.nn.functional.mse_loss(m(x), target).backward()
                o.step()
        for p, q in zip(model.parameters(), eager.parameters()):
            assert_close(self, p.detach(), q.detach())

    def test_options(self):
        net = Net().eval()
        x = torch.randn(2, 8)
        with torch.no_grad():
            got = torch.compile(net, backend="torch_mlir",
                                options={"opt_level": 0, "vectorize": False})(x)
        assert_close(self, got, net(x))
        with self.assertRaisesRegex(Exception, "unknown option 'colour'"):
            torch.compile(net, backend="torch_mlir", options={"colour": "red"})(x)
        with self.assertRaisesRegex(ValueError, "fallback must be"):
            backend(fallback="maybe")


# (model, "static" or "dynamic") -> why it runs in eager: each must still fall
# back (or compile no graph), else the run fails and the entry goes.
EXPECTED_EAGER = {
    ("encoder", "static"): "nn.TransformerEncoderLayer's inference fast path "
                           "(aten._transformer_encoder_layer_fwd, taken under no_grad) has "
                           "no decomposition",
    ("encoder", "dynamic"): "aten._transformer_encoder_layer_fwd has no decomposition",
    ("lstm", "static"): "Dynamo captures no graph: it runs nn.LSTM in eager PyTorch",
    ("lstm", "dynamic"): "Dynamo captures no graph: it runs nn.LSTM in eager PyTorch",
    ("gru", "static"): "Dynamo captures no graph: it runs nn.GRU in eager PyTorch",
    ("gru", "dynamic"): "Dynamo captures no graph: it runs nn.GRU in eager PyTorch",
}


class CorpusTest(unittest.TestCase):
    """The real-model corpus's PyTorch models through torch.compile."""

    def test_every_model_static_and_dynamic(self):
        import corpus

        rows, problems = [], []
        for name, (make, make_inputs, _, sizes) in corpus.MODELS.items():
            torch._dynamo.reset()
            torch.manual_seed(0)
            model = corpus.calibrated(make(), make_inputs)
            for dynamic, run_at in ((False, [corpus.STATIC_SIZE]), (True, sizes)):
                b = backend()
                compiled = torch.compile(model, backend=b, dynamic=dynamic)
                worst = 0.0
                with torch.no_grad(), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    for size in run_at:
                        inputs = make_inputs(*size)
                        got, want = compiled(*inputs), model(*inputs)
                        if got.shape != want.shape:
                            problems.append(f"{name} {size}: shape {got.shape} != {want.shape}")
                            continue
                        worst = max(worst, (got - want).abs().max().item())
                kind = "dynamic" if dynamic else "static"
                rows.append(f"{name:14} {kind:8} graphs {b.graphs:2} compiled "
                            f"{b.compiled_graphs:2} fallbacks {len(b.fallbacks)} "
                            f"max |diff| {worst:.2e}")
                eager = bool(b.fallbacks) or b.graphs == 0
                expected = EXPECTED_EAGER.get((name, kind))
                if eager and not expected:
                    problems.append(f"{name} {kind}: ran in eager: {b.fallbacks or 'no graph'}")
                elif expected and not eager:
                    problems.append(f"{name} {kind}: compiled, but EXPECTED_EAGER says: "
                                    f"{expected}")
                if worst > TOLERANCE:
                    problems.append(f"{name} {kind}: max |diff| {worst:.3g} > {TOLERANCE}")
                # Dynamo gives sizes 1 a graph of their own: at most two.
                if dynamic and b.graphs > 2:
                    problems.append(f"{name} dynamic: {b.graphs} graphs for one dynamic model")
        counts = collections.Counter(row.split()[1] for row in rows if "fallbacks 0" in row
                                     and " compiled  0 " not in row)
        print("\n".join(rows))
        print(f"compiled without fallback: {counts['static']} of {len(corpus.MODELS)} static, "
              f"{counts['dynamic']} of {len(corpus.MODELS)} dynamic=True")
        self.assertEqual(problems, [])


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
