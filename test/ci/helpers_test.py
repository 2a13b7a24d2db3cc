"""The helpers the CI checks share (ci/): digests, loopback servers, Bazel's
output and execution log, failures and their exit status, Debian packages."""

import hashlib
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path
from unittest import mock

from ci import bazel, debian, digest, execution_log, failures, loopback

TMP = os.environ.get("TEST_TMPDIR")


class DigestTest(unittest.TestCase):
    def test_matches_hashlib_across_chunks(self):
        data = os.urandom((1 << 20) + 12345)  # more than one chunk
        with tempfile.NamedTemporaryFile(dir=TMP) as f:
            f.write(data)
            f.flush()
            self.assertEqual(digest.sha256_file(f.name), hashlib.sha256(data).hexdigest())


class LoopbackTest(unittest.TestCase):
    def test_decodes_proc_net_addresses(self):
        self.assertEqual(loopback.decode_proc_address("0100007F:1F90", socket.AF_INET),
                         ("127.0.0.1", 8080))
        self.assertEqual(loopback.decode_proc_address("00000000:0050", socket.AF_INET),
                         ("0.0.0.0", 80))
        self.assertEqual(loopback.decode_proc_address("00000000000000000000000001000000:1F90",
                                                      socket.AF_INET6), ("::1", 8080))

    def test_loopback_only(self):
        self.assertTrue(loopback.is_loopback("127.0.0.1"))
        self.assertTrue(loopback.is_loopback("::1"))
        self.assertFalse(loopback.is_loopback("0.0.0.0"))
        self.assertFalse(loopback.is_loopback("::"))
        # Java listens on IPv4 loopback as an IPv4-mapped IPv6 address.
        self.assertTrue(loopback.is_loopback("::ffff:127.0.0.1"))
        self.assertFalse(loopback.is_loopback("::ffff:10.0.0.1"))
        self.assertTrue(loopback.only_loopback(["127.0.0.1", "::1"]))
        self.assertFalse(loopback.only_loopback(["127.0.0.1", "0.0.0.0"]))
        self.assertFalse(loopback.only_loopback([]))  # listening nowhere proves nothing

    def test_finds_a_listening_socket_of_this_process(self):
        port = loopback.free_port()
        self.assertFalse(loopback.accepts_connections(port))
        with socket.socket() as s:
            s.bind(("127.0.0.1", port))
            s.listen()
            self.assertIn(("127.0.0.1", port), loopback.listening_addresses(os.getpid()))
            self.assertTrue(loopback.accepts_connections(port))

    def test_waiting_for_a_server_that_exits_raises_its_error(self):
        proc = subprocess.Popen([sys.executable, "-c", "pass"])
        proc.wait()
        with self.assertRaises(failures.SetupFailed):
            loopback.wait_until_listening(loopback.free_port(), proc, 5,
                                          lambda: failures.SetupFailed("exited"))

    def test_waiting_for_a_silent_server_times_out(self):
        proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
        try:
            with self.assertRaises(TimeoutError):
                loopback.wait_until_listening(loopback.free_port(), proc, 0.5,
                                              lambda: failures.SetupFailed("exited"))
        finally:
            proc.kill()
            proc.wait()


# Two spawns as Bazel 4 writes --execution_log_json_file: pretty JSON objects, back to back.
LOG = """{
  "mnemonic": "CppCompile",
  "remoteCacheHit": true
}{
  "mnemonic": "PyWheel",
  "runner": "processwrapper-sandbox"
}
"""


class ExecutionLogTest(unittest.TestCase):
    def test_parses_concatenated_spawns(self):
        spawns = execution_log.parse_execution_log(LOG)
        self.assertEqual([s["mnemonic"] for s in spawns], ["CppCompile", "PyWheel"])
        self.assertEqual(execution_log.parse_execution_log(""), [])

    def test_splits_what_ran_from_cache_hits(self):
        ran, hits = execution_log.ran_and_hits(execution_log.parse_execution_log(LOG))
        self.assertEqual([s["mnemonic"] for s in ran], ["PyWheel"])
        self.assertEqual(hits, 1)

    def test_raw_execution_log_stays_beside_the_json(self):
        # Bazel 4 otherwise leaves the raw log in /tmp for good.
        flags = execution_log.execution_log_flags(Path("/scratch/exec_b.json"))
        self.assertEqual(flags, ["--execution_log_json_file=/scratch/exec_b.json",
                                 "--experimental_execution_log_file=/scratch/exec_b.raw"])


class BazelOutputTest(unittest.TestCase):
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
        self.assertEqual(bazel.built_files(output),
                         ["bazel-bin/python/torch_mlir_core-0.1.0-cp311-cp311-linux.whl",
                          "bazel-bin/x/y.txt"])

    def test_stream_keeps_the_output_and_the_status(self):
        status, output = bazel.stream([sys.executable, "-c", "print('a'); print('b'); exit(3)"],
                                      cwd=TMP)
        self.assertEqual((status, output), (3, "a\nb\n"))


class FailuresTest(unittest.TestCase):
    def test_exit_status_by_kind(self):
        def raises(error):
            def check():
                raise error
            return check
        self.assertEqual(failures.run_check("t", lambda: None), 0)
        self.assertEqual(failures.run_check("t", raises(failures.CheckFailed("x"))), 1)
        self.assertEqual(failures.run_check("t", raises(failures.SetupFailed("x"))), 2)
        with self.assertRaises(ValueError):  # anything else is a bug: a traceback
            failures.run_check("t", raises(ValueError("x")))


class DebianTest(unittest.TestCase):
    def test_present_installs_nothing(self):
        with mock.patch.object(subprocess, "run") as run:
            debian.ensure_packages(["nginx-light"], lambda: True, "nginx")
        run.assert_not_called()

    def test_missing_without_root_names_the_package(self):
        with mock.patch.object(os, "geteuid", return_value=1000):
            with self.assertRaisesRegex(failures.SetupFailed, "nginx-light"):
                debian.ensure_packages(["nginx-light"], lambda: False, "/usr/sbin/nginx")

    def test_installs_side_by_side_take_turns(self):
        # Two checks installing at once: apt would fail the second at once.
        spans, installed = [], set()

        def fake_run(cmd, env=None):
            start = time.monotonic()
            time.sleep(0.2)
            if "install" in cmd:
                installed.add(cmd[-1])
            spans.append((start, time.monotonic()))
            return subprocess.CompletedProcess(cmd, 0)

        errors = []

        def install(name):
            try:
                debian.ensure_packages([name], lambda: name in installed, name)
            except failures.SetupFailed as e:
                errors.append(e)

        with mock.patch.object(os, "geteuid", return_value=0), \
                mock.patch.object(subprocess, "run", side_effect=fake_run):
            threads = [threading.Thread(target=install, args=(name,)) for name in ("a", "b")]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        self.assertEqual(errors, [])
        self.assertEqual(installed, {"a", "b"})
        spans.sort()
        self.assertEqual(len(spans), 4)  # update and install, for each
        for (_, end), (start, _) in zip(spans, spans[1:]):
            self.assertLessEqual(end, start + 0.01, "two apt-get runs overlapped")

    def test_a_failed_install_is_a_setup_failure(self):
        failed = subprocess.CompletedProcess([], 100)
        with mock.patch.object(os, "geteuid", return_value=0), \
                mock.patch.object(subprocess, "run", return_value=failed):
            with self.assertRaisesRegex(failures.SetupFailed, "apt-get .*update"):
                debian.ensure_packages(["x"], lambda: False, "x")


if __name__ == "__main__":
    unittest.main()
