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

    def test_fetch_batches_hold_every_input_once(self):
        # A fresh machine fetches deps.lock's inputs in these batches, several
        # at once: each input exactly once, each Debian source package alone,
        # each batch of wheels for one CPython (one `pip download` takes one
        # --python-version), and the largest group of wheels spread over
        # FETCH_WORKERS batches of about equal size.
        inputs = bootstrap.read_lock(os.path.join(os.getcwd(), "deps.lock"))
        apt, wheels = bootstrap.fetch_batches(inputs)
        fetched = [item.name for batch in apt + wheels for item in batch]
        self.assertEqual(sorted(fetched), sorted(i.name for i in inputs))
        for batch in apt:
            self.assertEqual([i.fetch["kind"] for i in batch], ["apt-source"])
        for batch in wheels:
            self.assertEqual({i.fetch["kind"] for i in batch}, {"pypi"})
            self.assertEqual(len({i.fetch.get("python_version") for i in batch}), 1,
                             [i.name for i in batch])
        ours = [b for b in wheels if b[0].fetch.get("python_version") is None]
        self.assertEqual(len(ours), bootstrap.FETCH_WORKERS)
        sizes = sorted(sum(i.size for i in batch) for batch in ours)
        largest = max(i.size for batch in ours for i in batch)
        # Greedy (largest first, into the smallest batch): no batch exceeds
        # the largest wheel plus the smallest batch.
        self.assertLessEqual(sizes[-1], max(largest, sizes[0] + largest))
        self.assertGreater(sizes[0], 0)


if __name__ == "__main__":
    unittest.main()
