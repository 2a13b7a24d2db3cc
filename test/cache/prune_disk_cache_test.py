"""The disk-cache pruner drops the least recently used entries, and only those."""

import os
import tempfile
import unittest
from pathlib import Path

from utils.bazel.cache import prune_disk_cache


class PruneTest(unittest.TestCase):
    def setUp(self):
        self.cache = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")))
        # Ten 1000-byte entries, entry i last used at time 1000 + i seconds.
        self.paths = []
        for i in range(10):
            path = self.cache / ("cas" if i % 2 else "ac") / f"{i:02d}" / f"entry{i}"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(b"x" * 1000)
            os.utime(path, (1000 + i, 1000 + i))
            self.paths.append(path)
        self.bystander = self.cache / "README"
        self.bystander.write_text("not a cache entry")

    def test_prunes_oldest_first_down_to_the_limit(self):
        before, after, removed = prune_disk_cache.prune(self.cache, 6500)
        self.assertEqual((before, after, removed), (10000, 6000, 4))
        self.assertEqual([p.exists() for p in self.paths], [False] * 4 + [True] * 6)
        self.assertTrue(self.bystander.exists())

    def test_recent_use_protects_an_entry(self):
        os.utime(self.paths[0], (5000, 1000))  # read recently
        prune_disk_cache.prune(self.cache, 9000)
        self.assertTrue(self.paths[0].exists())
        self.assertFalse(self.paths[1].exists())

    def test_dry_run_and_under_limit_delete_nothing(self):
        self.assertEqual(prune_disk_cache.prune(self.cache, 5000, dry_run=True)[2], 5)
        self.assertEqual(prune_disk_cache.prune(self.cache, 10**9)[2], 0)
        self.assertTrue(all(p.exists() for p in self.paths))


if __name__ == "__main__":
    unittest.main()
