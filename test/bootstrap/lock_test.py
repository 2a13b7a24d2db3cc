"""deps.lock is well formed: what bazelw and the repository rules both read."""

import os
import re
import unittest

from utils.bazel.bootstrap import bootstrap


class LockTest(unittest.TestCase):
    def test_every_input_is_fully_pinned(self):
        inputs = bootstrap.read_lock(os.path.join(os.getcwd(), "deps.lock"))
        self.assertGreaterEqual(len(inputs), 3)
        names = [i.name for i in inputs]
        self.assertEqual(len(names), len(set(names)), "duplicate names")
        for item in inputs:
            with self.subTest(item.name):
                self.assertRegex(item.sha256, r"^[0-9a-f]{64}$")
                self.assertGreater(item.size, 0)
                self.assertIn(item.fetch["kind"], ("apt-source", "pypi"))
                if item.fetch["kind"] == "pypi":
                    # An exact pin, and the file name carries that version.
                    name, version = re.fullmatch(r"([\w.-]+)==([\w.]+)", item.fetch["requirement"]).groups()
                    # The file carries that version (and maybe a local label: torch-2.13.0+cpu-...).
                    self.assertRegex(item.file.lower(),
                                     rf"^{re.escape(name.replace('-', '_').lower())}-{re.escape(version)}(\+[a-z0-9.]+)?-")


if __name__ == "__main__":
    unittest.main()
