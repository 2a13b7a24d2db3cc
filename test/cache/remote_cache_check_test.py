"""The parsing and judging parts of utils/bazel/cache/remote_cache_check.py."""

import os
import socket
import unittest
from pathlib import Path

from utils.bazel.cache import remote_cache_check as rcc

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
    def test_parses_concatenated_spawns(self):
        spawns = rcc.parse_execution_log(LOG)
        self.assertEqual([s["mnemonic"] for s in spawns], ["CppCompile", "PyWheel"])
        self.assertEqual(rcc.parse_execution_log(""), [])

    def test_summary_counts_hits_and_names_what_ran(self):
        hits, executed = rcc.summarize(rcc.parse_execution_log(LOG))
        self.assertEqual(hits, 1)
        self.assertEqual(dict(executed), {"PyWheel": 1})

    def test_raw_execution_log_stays_beside_the_json(self):
        # Bazel 4 otherwise leaves the raw log in /tmp for good.
        flags = rcc.execution_log_flags(Path("/scratch/exec_b.json"))
        self.assertEqual(flags, ["--execution_log_json_file=/scratch/exec_b.json",
                                 "--experimental_execution_log_file=/scratch/exec_b.raw"])

    def test_decodes_proc_net_addresses(self):
        self.assertEqual(rcc.decode_proc_address("0100007F:1F90", socket.AF_INET),
                         ("127.0.0.1", 8080))
        self.assertEqual(rcc.decode_proc_address("00000000:0050", socket.AF_INET),
                         ("0.0.0.0", 80))
        self.assertEqual(rcc.decode_proc_address("00000000000000000000000001000000:1F90",
                                                 socket.AF_INET6), ("::1", 8080))

    def test_loopback_only(self):
        self.assertTrue(rcc.is_loopback("127.0.0.1"))
        self.assertTrue(rcc.is_loopback("::1"))
        self.assertFalse(rcc.is_loopback("0.0.0.0"))
        self.assertFalse(rcc.is_loopback("::"))
        # Java listens on IPv4 loopback as an IPv4-mapped IPv6 address.
        self.assertTrue(rcc.is_loopback("::ffff:127.0.0.1"))
        self.assertFalse(rcc.is_loopback("::ffff:10.0.0.1"))

    def test_finds_a_listening_socket_of_this_process(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            s.listen()
            port = s.getsockname()[1]
            self.assertIn(("127.0.0.1", port), rcc.listening_addresses(os.getpid()))

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

    def test_lists_the_built_files(self):
        output = "\n".join([
            "(12:00:01) INFO: Found 1 target...",
            "(12:00:02) Target //python:torch_mlir_core_wheel up-to-date:",
            "(12:00:02)   bazel-bin/python/torch_mlir_core-0.1.0-cp311-cp311-linux.whl",
            "(12:00:02) INFO: Elapsed time: 1.0s",
            "Target //x:y up-to-date:",
            "  bazel-bin/x/y.txt",
            "INFO: Build completed successfully",
        ])
        self.assertEqual(rcc.built_files(output),
                         ["bazel-bin/python/torch_mlir_core-0.1.0-cp311-cp311-linux.whl",
                          "bazel-bin/x/y.txt"])
        self.assertEqual(rcc.only_wheel(rcc.built_files(output)),
                         "bazel-bin/python/torch_mlir_core-0.1.0-cp311-cp311-linux.whl")
        with self.assertRaises(rcc.CheckFailed):
            rcc.only_wheel(["a.txt"])


if __name__ == "__main__":
    unittest.main()
