"""The parsing and judging parts of utils/bazel/cache/remote_cache_check.py."""

import os
import socket
import unittest

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

    def test_finds_a_listening_socket_of_this_process(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            s.listen()
            port = s.getsockname()[1]
            self.assertIn(("127.0.0.1", port), rcc.listening_addresses(os.getpid()))


if __name__ == "__main__":
    unittest.main()
