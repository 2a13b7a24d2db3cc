"""py_tests run isolated: only the standard library and declared deps import.

This target declares no deps. torch (and numpy, and anything pip put into the
machine's Python) must not import, whatever the machine has installed; see
the -S in utils/bazel/repositories/local_python.bzl.
"""

import importlib.util
import sys
import unittest


class IsolationTest(unittest.TestCase):
    def test_no_site_packages(self):
        self.assertEqual(sys.flags.no_site, 1)
        outside = [p for p in sys.path if "site-packages" in p or "dist-packages" in p]
        self.assertEqual(outside, [])

    def test_undeclared_torch_does_not_import(self):
        self.assertIsNone(importlib.util.find_spec("torch"))
        with self.assertRaises(ModuleNotFoundError):
            import torch  # noqa: F401

    def test_undeclared_pinned_wheel_does_not_import(self):
        # numpy is pinned in deps.lock, but this target does not depend on it.
        self.assertIsNone(importlib.util.find_spec("numpy"))


if __name__ == "__main__":
    unittest.main()
