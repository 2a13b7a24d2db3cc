"""What a dynamic batch and sequence cost at run time: the same model exported
by PyTorch's TorchScript-based ONNX exporter twice, with static sizes and with
`dynamic_axes`, compiled by torch_mlir.onnx.compile, and called on the same
inputs beside eager PyTorch, interleaved round by round in one process.

The dynamic program reads its sizes at run time, checks the ones that must
agree, and reads an operand whose size may be 1 only then through
tensor.extract (where the static one has fixed indexing maps). Prints the
median milliseconds per call of each and the ratios dynamic / static and
static / eager.

Usage (a Python with torch 2.13, onnx and the built core wheel installed):
    python3 -m bench.dynamic_shapes [--rounds 15]
"""

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "fx"))
import models  # noqa: E402  (test/fx/models.py: SelfAttention)


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(64, 4, 128, dropout=0.0, batch_first=True)

    def forward(self, x):
        return self.layer(x)


MLP_SHAPE = (64, 256)
CASES = {
    # name -> (module, example input, dynamic axes)
    "attention 4x64x32": (lambda: models.SelfAttention(32, 4), (4, 64, 32), {0: "b", 1: "t"}),
    "encoder layer 4x16x64": (EncoderLayer, (4, 16, 64), {0: "b"}),
    "mlp 64x256": (lambda: nn.Sequential(nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 10)),
                   MLP_SHAPE, {0: "b"}),
}


def exported(module, x, axes):
    import onnx

    buffer = io.BytesIO()
    torch.onnx.export(module, (x,), buffer, dynamo=False, opset_version=17,
                      input_names=["x"], output_names=["y"],
                      dynamic_axes={"x": axes} if axes else None)
    return onnx.load_from_string(buffer.getvalue())


def main():
    from torch_mlir import onnx as tm_onnx

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    torch.manual_seed(0)
    print(f"{'model':24s} {'eager ms':>9s} {'static ms':>10s} {'dynamic ms':>11s} "
          f"{'dyn/static':>10s} {'static/eager':>12s}")
    for name, (make, shape, axes) in CASES.items():
        module = make().eval()
        x = torch.randn(*shape)
        static = tm_onnx.compile(exported(module, x, None))
        dynamic = tm_onnx.compile(exported(module, x, axes))
        xn = x.numpy()
        with torch.no_grad():
            want = module(x).numpy()
        for compiled in (static, dynamic):  # the same answer, before timing
            np.testing.assert_allclose(compiled(x=xn)["y"], want, rtol=1e-4, atol=1e-5)
        times = {"eager": [], "static": [], "dynamic": []}
        runs = {"eager": lambda: module(x), "static": lambda: static(x=xn),
                "dynamic": lambda: dynamic(x=xn)}
        with torch.no_grad():
            for _ in range(args.rounds):
                for key, run in runs.items():
                    start = time.perf_counter()
                    run()
                    times[key].append((time.perf_counter() - start) * 1e3)
        med = {k: statistics.median(v) for k, v in times.items()}
        print(f"{name:24s} {med['eager']:9.2f} {med['static']:10.2f} {med['dynamic']:11.2f} "
              f"{med['dynamic'] / med['static']:10.2f} {med['static'] / med['eager']:12.1f}")


if __name__ == "__main__":
    main()
