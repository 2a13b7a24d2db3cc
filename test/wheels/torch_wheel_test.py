"""torch-mlir-core and torch-mlir together in a fresh venv, as a user gets them.

`pip install --no-index` of the two wheels, with pip resolving torch from the
pinned wheel files only. Then: pip check is clean; every file of each wheel's
RECORD is installed with its recorded hash; the wheels share no file (the
torch wheel overwrites nothing of the core's); export_and_import runs from the
installed packages.
"""

import argparse
import base64
import hashlib
import json
import sys
import unittest
import zipfile
from pathlib import Path

from fresh_venv import FreshVenv

ARGS = None

EXPORT_AND_IMPORT = """
import torch
from torch_mlir import fx

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 3)
    def forward(self, x):
        return torch.tanh(self.fc(x))

module = fx.export_and_import(Net(), torch.randn(2, 4), func_name="net")
assert module.operation.verify()
print(module)
# ...and runs, through the core wheel's reference backend.
net, x = Net(), torch.randn(2, 4)
compiled = fx.compile(net, x)
print("compiled matches eager:", torch.allclose(compiled(x), net(x), rtol=1e-5, atol=1e-6))
# ...and torch.compile finds the backend by name, through the wheel's entry point.
with torch.no_grad():
    dynamo = torch.compile(net, backend="torch_mlir")(x)
print("torch.compile matches eager:", torch.allclose(dynamo, net(x), rtol=1e-5, atol=1e-6))
"""


def payload(wheel):
    with zipfile.ZipFile(wheel) as z:
        return {n for n in z.namelist() if ".dist-info/" not in n}


class TorchWheelTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.venv = FreshVenv()
        cls.venv.pip_install_with(ARGS.find_links, ARGS.core_wheel, ARGS.torch_wheel)

    @classmethod
    def tearDownClass(cls):
        cls.venv.remove()

    def test_pip_check(self):
        proc = self.venv.python(["-m", "pip", "check"])
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("No broken requirements", proc.stdout)

    def test_pip_resolved_the_pinned_torch(self):
        proc = self.venv.python(["-c", "import importlib.metadata as m; "
                                       "print(m.version('torch'), m.version('torch-mlir'), "
                                       "m.version('torch-mlir-core'))"])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        # Both at the version the wheels were built with (stamped or not).
        version = Path(ARGS.torch_wheel).name.split("-")[1]
        self.assertEqual(proc.stdout.split(), ["2.13.0+cpu", version, version])

    def test_records_hold_after_both_installs(self):
        script = (
            "import importlib.metadata as m, json\n"
            "out = {}\n"
            "for name in ('torch-mlir-core', 'torch-mlir'):\n"
            "    d = m.distribution(name)\n"
            "    out[name] = [(str(f), f.hash.value if f.hash else None, str(d.locate_file(f)))\n"
            "                 for f in d.files]\n"
            "print(json.dumps(out))\n")
        proc = self.venv.python(["-c", script])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        records = json.loads(proc.stdout)
        for name, files in records.items():
            checked = 0
            for path, digest, location in files:
                if digest is None:  # RECORD itself, and pip's INSTALLER etc.
                    continue
                data = Path(location).read_bytes()
                actual = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
                self.assertEqual(actual.decode(), digest, f"{name}: {path} differs from RECORD")
                checked += 1
            self.assertGreater(checked, 1, name)

    def test_wheels_share_no_file(self):
        core, torch_files = payload(ARGS.core_wheel), payload(ARGS.torch_wheel)
        self.assertEqual(core & torch_files, set())
        self.assertEqual(torch_files, {"torch_mlir/fx.py", "torch_mlir/compiled.py",
                                       "torch_mlir/decompose.py",
                                       "torch_mlir/decompositions.py",
                                       "torch_mlir/dynamo.py",
                                       "torch_mlir/extras/fx_importer.py"})

    def test_export_and_import_from_the_installed_wheels(self):
        proc = self.venv.python(["-c", EXPORT_AND_IMPORT])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("func.func @net(%arg0: !torch.vtensor<[2,4],f32>) -> "
                      "!torch.vtensor<[2,3],f32>", proc.stdout)
        # linear, decomposed at export (fx.default_decompositions()).
        self.assertIn("torch.aten.addmm", proc.stdout)
        self.assertIn("torch.aten.tanh", proc.stdout)
        self.assertIn("compiled matches eager: True", proc.stdout)
        self.assertIn("torch.compile matches eager: True", proc.stdout)
        # ...and from the installed package, not some source tree.
        proc = self.venv.python(["-c", "import torch_mlir.fx as f; print(f.__file__)"])
        self.assertIn(str(self.venv.root), proc.stdout)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--core-wheel", required=True)
    parser.add_argument("--torch-wheel", required=True)
    parser.add_argument("--find-links", nargs="+", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
