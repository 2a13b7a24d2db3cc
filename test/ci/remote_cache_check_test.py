"""The judging parts of ci/remote_cache_check.py."""

import unittest

from ci import remote_cache_check as rcc
from ci.execution_log import parse_execution_log

# Two spawns as Bazel 4 writes --execution_log_json_file: pretty JSON objects, back to back.
LOG = """{
  "commandArgs": ["/usr/bin/gcc", "-c", "a.cc"],
  "mnemonic": "CppCompile",
  "remoteCacheHit": true,
  "runner": "remote cache hit"
}{
  "commandArgs": ["python3", "wheelmaker.py"],
  "mnemonic": "PyWheel",
  "runner": "processwrapper-sandbox"
}
"""


class RemoteCacheCheckTest(unittest.TestCase):
    def test_summary_counts_hits_and_names_what_ran(self):
        hits, executed = rcc.summarize(parse_execution_log(LOG))
        self.assertEqual(hits, 1)
        self.assertEqual(dict(executed), {"PyWheel": 1})

    def test_counts_successful_puts_by_kind(self):
        log = "\n".join([
            '127.0.0.1 - - [30/Nov/2026:12:00:00 +0000] "PUT /ac/ab12 HTTP/1.1" 201 0 "-" "bazel"',
            '127.0.0.1 - - [30/Nov/2026:12:00:00 +0000] "PUT /cas/cd34 HTTP/1.1" 204 0 "-" "b"',
            '127.0.0.1 - - [30/Nov/2026:12:00:00 +0000] "PUT /cas/ef56 HTTP/1.1" 201 0 "-" "b"',
            '127.0.0.1 - - [30/Nov/2026:12:00:01 +0000] "PUT /cas/0000 HTTP/1.1" 507 0 "-" "b"',
            '127.0.0.1 - - [30/Nov/2026:12:00:01 +0000] "GET /ac/ab12 HTTP/1.1" 200 9 "-" "b"',
            'garbage',
        ])
        self.assertEqual(dict(rcc.count_puts(log)), {"ac": 1, "cas": 2})
        self.assertEqual(rcc.count_puts(""), {})

    def test_one_wheel_among_the_built_files(self):
        self.assertEqual(rcc.only_wheel(["bazel-bin/x/y.txt", "bazel-bin/python/a-0.1-cp311.whl"]),
                         "bazel-bin/python/a-0.1-cp311.whl")
        with self.assertRaises(rcc.CheckFailed):
            rcc.only_wheel(["a.txt"])
        with self.assertRaises(rcc.CheckFailed):
            rcc.only_wheel(["a.whl", "b.whl"])


if __name__ == "__main__":
    unittest.main()
