"""The torch-mlir-core wheel, installed the way a user installs it.

One fresh venv in the test's temp dir, `pip install --no-index` of the built
wheel and what it requires (numpy, from the pinned files) and nothing else. Then: the seed's smoke test prints exactly the
expected module; `import torch` fails; `pip check` is clean; every module in
the wheel imports; the torch-mlir-opt command runs; the Python API tests and the reference
backend's tests (linalg-on-tensors programs against numpy) pass.
"""

import argparse
import sys
import unittest
import zipfile
from pathlib import Path

from fresh_venv import FreshVenv

ARGS = None
EXPECTED_SMOKE = "module {\n  %none = torch.constant.none\n}\n"


class CoreWheelTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.venv = FreshVenv()
        cls.venv.pip_install_with(ARGS.find_links, ARGS.wheel)

    @classmethod
    def tearDownClass(cls):
        cls.venv.remove()

    def test_smoketest_prints_the_module(self):
        proc = self.venv.python([ARGS.smoketest])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout, EXPECTED_SMOKE)
        self.assertEqual(proc.stderr, "")

    def test_torch_is_absent(self):
        proc = self.venv.python(["-c", "import torch"])
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("No module named 'torch'", proc.stderr)

    def test_pip_check(self):
        proc = self.venv.python(["-m", "pip", "check"])
        self.assertEqual(proc.returncode, 0, proc.stdout)

    def test_every_module_imports(self):
        modules = set()
        with zipfile.ZipFile(ARGS.wheel) as wheel:
            for name in wheel.namelist():
                if ".dist-info/" in name:
                    continue
                if name.endswith(".py"):
                    module = name[:-3].replace("/", ".")
                    modules.add(module[: -len(".__init__")] if module.endswith(".__init__") else module)
                elif ".cpython-" in name and name.endswith(".so"):
                    modules.add(name.split(".cpython-")[0].replace("/", "."))
        self.assertIn("torch_mlir._mlir_libs._torchMlir", modules)
        script = ("import importlib, sys\nfailed = []\n"
                  f"for m in {sorted(modules)!r}:\n"
                  "    try:\n        importlib.import_module(m)\n"
                  "    except Exception as e:\n        failed.append(f'{m}: {e!r}')\n"
                  "print(len(failed)); print('\\n'.join(failed))\n")
        proc = self.venv.python(["-c", script])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.splitlines()[0], "0", proc.stdout)
        print(f"imported {len(modules)} modules", file=sys.stderr)

    def test_torch_mlir_opt_command(self):
        ir = "func.func @f(%a: !torch.vtensor<[2],f32>) {\n  return\n}\n"
        proc = self.venv.run([str(self.venv.bin / "torch-mlir-opt")], input=ir)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("!torch.vtensor<[2],f32>", proc.stdout)
        proc = self.venv.run([str(self.venv.bin / "torch-mlir-opt")], input="func.func @f(")
        self.assertEqual(proc.returncode, 1)
        self.assertIn("error:", proc.stderr)

    def test_python_api(self):
        lit_dir = next(Path(p).resolve().parent for p in ARGS.lit_inputs if "/Inputs/" not in p)
        proc = self.venv.python([ARGS.api_test, str(lit_dir)])
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)

    def test_refbackend(self):
        proc = self.venv.python([ARGS.refbackend_test, "-v"])
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        print(proc.stderr.strip().splitlines()[-1], file=sys.stderr)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", required=True)
    parser.add_argument("--smoketest", required=True)
    parser.add_argument("--api-test", required=True)
    parser.add_argument("--refbackend-test", required=True)
    parser.add_argument("--find-links", nargs="+", required=True, help="wheels the core wheel requires")
    parser.add_argument("--lit-inputs", nargs="+", required=True, help="the Torch dialect's lit files")
    ARGS, rest = parser.parse_known_args()
    ARGS.wheel = str(Path(ARGS.wheel).resolve())
    ARGS.smoketest = str(Path(ARGS.smoketest).resolve())
    ARGS.api_test = str(Path(ARGS.api_test).resolve())
    ARGS.refbackend_test = str(Path(ARGS.refbackend_test).resolve())
    unittest.main(argv=[sys.argv[0]] + rest)
