"""MLIR's Python bindings, built from the pinned LLVM source, carry our prefix.

The extension (ours, on the shared MLIR the core wheel ships) is compiled
with MLIR_PYTHON_PACKAGE_PREFIX=torch_mlir. (see .bazelrc), so it must live
and work as torch_mlir._mlir_libs._mlir, and the capsules it hands out must
be named torch_mlir.*, not mlir.*. This test lays out a minimal torch_mlir
package from the built .so files and MLIR's own Python sources and drives it
in a child interpreter.
"""

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
import unittest

ARGS = None

CHILD = textwrap.dedent("""
    import ctypes
    import importlib.util
    import torch_mlir.ir as ir

    print("mlir importable:", importlib.util.find_spec("mlir") is not None)
    ctx = ir.Context()
    module = ir.Module.parse("module attributes {test.answer = 42 : i64} {}", ctx)
    print(str(module).rstrip())
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype = ctypes.c_char_p
    get_name.argtypes = [ctypes.py_object]
    print("capsule:", get_name(ctx._CAPIPtr).decode())
    try:
        ir.Module.parse("module {", ctx)
    except ir.MLIRError as e:
        print("malformed:", type(e).__name__, str(e).splitlines()[0])
""")


class MlirPrefixTest(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        libs = os.path.join(self.root, "torch_mlir", "_mlir_libs")
        os.makedirs(libs)
        open(os.path.join(self.root, "torch_mlir", "__init__.py"), "w").close()
        for src in ARGS.source:
            rel = src.split("/python/mlir/", 1)[1]
            shutil.copy(src, os.path.join(self.root, "torch_mlir", rel))
        shutil.copy(ARGS.extension,
                    os.path.join(libs, "_mlir" + sysconfig.get_config_var("EXT_SUFFIX")))
        for lib in ARGS.shared_lib:  # found next to the extension (rpath $ORIGIN)
            shutil.copy(lib, libs)

    def tearDown(self):
        shutil.rmtree(self.root)

    def test_bindings_work_under_torch_mlir_prefix(self):
        env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": self.root}
        proc = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=self.root,
                              capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.splitlines(), [
            "mlir importable: False",
            "module attributes {test.answer = 42 : i64} {",
            "}",
            "capsule: torch_mlir.ir.Context._CAPIPtr",
            "malformed: MLIRError Unable to parse module assembly:",
        ])


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--extension", required=True)
    parser.add_argument("--source", action="append", default=[])
    parser.add_argument("--shared-lib", action="append", default=[])
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest)
