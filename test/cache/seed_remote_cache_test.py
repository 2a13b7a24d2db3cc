"""utils/bazel/cache/seed_remote_cache.py against an HTTP cache server on loopback.

The disk caches here are written the way Bazel 4 writes them (ac/<xx>/<hash>
holding a serialized ActionResult, cas/<xx>/<sha256> holding the blob), and the
server speaks the HTTP cache protocol (HEAD, GET, PUT of /ac/ and /cas/).
"""

import base64
import contextlib
import hashlib
import http.server
import io
import os
import socket
import tempfile
import threading
import unittest
from pathlib import Path

from utils.bazel.cache import seed_remote_cache as seed


# --- a protobuf writer, enough for ActionResult and Tree -------------------------

def varint(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field(number, value):
    if isinstance(value, int):
        return varint(number << 3) + varint(value)
    return varint(number << 3 | 2) + varint(len(value)) + value


def digest_message(blob):
    return field(1, hashlib.sha256(blob).hexdigest().encode()) + field(2, len(blob))


def action_result(files=(), stdout=None, trees=(), exit_code=0):
    """files: blobs of output files; trees: blobs holding Tree messages."""
    out = b"".join(field(2, field(1, f"out/f{i}".encode()) + field(2, digest_message(b)))
                   for i, b in enumerate(files))
    out += b"".join(field(3, field(1, b"out/dir") + field(3, digest_message(t))) for t in trees)
    out += field(4, exit_code) if exit_code else b""
    if stdout is not None:
        out += field(6, digest_message(stdout))
    return out


def tree(*file_blobs):
    nodes = b"".join(field(1, field(1, f"x{i}".encode()) + field(2, digest_message(b)))
                     for i, b in enumerate(file_blobs))
    return field(1, nodes)


def sha(blob):
    return hashlib.sha256(blob).hexdigest()


class DiskCache:
    def __init__(self, root):
        self.root = root
        (root / "ac").mkdir(parents=True)
        (root / "cas").mkdir()

    def put(self, kind, key, data):
        path = self.root / kind / key[:2] / key
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return path

    def blob(self, data):
        self.put("cas", sha(data), data)
        return sha(data)

    def result(self, name, data):
        key = sha(name.encode())
        self.put("ac", key, data)
        return key


# --- a cache server ---------------------------------------------------------------

class CacheServer:
    """Threaded HTTP cache on 127.0.0.1: a dict store, a request log, and knobs to say no."""

    def __init__(self, refuse_put=None, password=None):
        self.store, self.log = {}, []
        self.refuse_put = refuse_put  # path -> (status) or None; "*" refuses every PUT
        self.password = password
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _authorized(self):
                if owner.password is None:
                    return True
                want = "Basic " + base64.b64encode(f"ci:{owner.password}".encode()).decode()
                if self.headers.get("Authorization") == want:
                    return True
                self._answer(401)
                return False

            def _answer(self, status, body=b""):
                self.send_response(status)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)

            def do_HEAD(self):
                owner.log.append(("HEAD", self.path))
                if self._authorized():
                    self._answer(200 if self.path in owner.store else 404)

            def do_GET(self):
                owner.log.append(("GET", self.path))
                if self._authorized():
                    data = owner.store.get(self.path)
                    self._answer(404) if data is None else self._answer(200, data)

            def do_PUT(self):
                data = self.rfile.read(int(self.headers["Content-Length"]))
                owner.log.append(("PUT", self.path))
                if not self._authorized():
                    return
                refusal = (owner.refuse_put or {}).get(self.path,
                                                       (owner.refuse_put or {}).get("*"))
                if refusal:
                    self._answer(refusal)
                    return
                owner.store[self.path] = data
                self._answer(201)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()

    def puts(self):
        return [p for m, p in self.log if m == "PUT"]


class SeedTest(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")))
        self.cache = DiskCache(self.tmp / "disk_cache")
        c = self.cache
        # Two results sharing a blob; one output directory (a Tree) with two files.
        self.a_out, self.shared, self.log_blob = b"object a" * 100, b"shared header", b"warning"
        self.b_out = b"object b"
        self.dir_files = (b"file one", b"file two")
        self.tree_blob = tree(*self.dir_files)
        for blob in (self.a_out, self.shared, self.log_blob, self.b_out, self.tree_blob,
                     *self.dir_files):
            c.blob(blob)
        self.ac_a = c.result("a", action_result([self.a_out, self.shared], stdout=self.log_blob))
        self.ac_b = c.result("b", action_result([self.b_out, self.shared]))
        self.ac_dir = c.result("dir", action_result(trees=[self.tree_blob]))
        self.orphan = c.blob(b"no result refers to this")
        # What Bazel leaves at the root while writing an entry: not an entry.
        (c.root / "0b7a1c3e-tmp").write_bytes(b"partial")
        self.out = io.StringIO()

    def run_seed(self, url, **kwargs):
        return seed.seed(self.cache.root, url, jobs=4, out=self.out, **kwargs)

    def expected_blobs(self):
        return {sha(b) for b in (self.a_out, self.shared, self.log_blob, self.b_out,
                                 self.tree_blob, *self.dir_files)}

    def test_uploads_blobs_then_results(self):
        with CacheServer() as server:
            summary = self.run_seed(server.url)
            self.assertEqual({p for p in server.store if p.startswith("/cas/")},
                             {f"/cas/{h}" for h in self.expected_blobs()})
            self.assertEqual({p for p in server.store if p.startswith("/ac/")},
                             {f"/ac/{k}" for k in (self.ac_a, self.ac_b, self.ac_dir)})
            # Every blob PUT comes before the first result PUT.
            puts = server.puts()
            first_ac = min(i for i, p in enumerate(puts) if p.startswith("/ac/"))
            self.assertTrue(all(p.startswith("/ac/") for p in puts[first_ac:]))
            # Bytes on the server are the disk cache's bytes.
            self.assertEqual(server.store[f"/cas/{sha(self.a_out)}"], self.a_out)
            self.assertEqual(server.store[f"/ac/{self.ac_a}"],
                             (self.cache.root / "ac" / self.ac_a[:2] / self.ac_a).read_bytes())
        self.assertEqual((summary.uploaded, summary.present, summary.damaged), (10, 0, 0))
        self.assertNotIn(f"/cas/{self.orphan}", server.store)

    def test_skips_what_the_server_has(self):
        with CacheServer() as server:
            server.store[f"/cas/{sha(self.shared)}"] = self.shared
            server.store[f"/ac/{self.ac_b}"] = b"the server's own copy"
            summary = self.run_seed(server.url)
            self.assertNotIn(f"/cas/{sha(self.shared)}", server.puts())
            self.assertNotIn(f"/ac/{self.ac_b}", server.puts())
            self.assertEqual(server.store[f"/ac/{self.ac_b}"], b"the server's own copy")
            self.assertEqual((summary.uploaded, summary.present), (8, 2))
            again = self.run_seed(server.url)
        self.assertEqual((again.uploaded, again.uploaded_bytes, again.present), (0, 0, 10))

    def test_a_refused_put_stops_with_exit_1_and_no_result_is_sent(self):
        with CacheServer(refuse_put={"*": 403}) as server:
            stderr = io.StringIO()
            with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
                code = seed.main(["--disk-cache", str(self.cache.root), "--url", server.url])
            self.assertEqual(code, seed.EXIT_UPLOAD_FAILED)
            self.assertIn("refused PUT /cas/", stderr.getvalue())
            self.assertIn("403", stderr.getvalue())
            self.assertEqual(server.store, {})
            self.assertFalse(any(p.startswith("/ac/") for p in server.puts()))

    def test_a_refused_blob_keeps_every_result_off_the_server(self):
        refused = f"/cas/{sha(self.b_out)}"
        with CacheServer(refuse_put={refused: 507}) as server:
            with self.assertRaises(seed.SeedError) as e:
                self.run_seed(server.url)
            self.assertEqual(e.exception.exit_code, seed.EXIT_UPLOAD_FAILED)
            self.assertIn("507", str(e.exception))
            self.assertNotIn(refused, server.store)
            self.assertFalse(any(p.startswith("/ac/") for p in server.store))

    def test_damaged_blob_is_reported_and_never_uploaded(self):
        bad = self.cache.root / "cas" / sha(self.b_out)[:2] / sha(self.b_out)
        bad.write_bytes(b"object B")  # same size, other content
        with CacheServer() as server:
            summary = self.run_seed(server.url)
            self.assertNotIn(f"/cas/{sha(self.b_out)}", server.puts())
            # The result that needs it is skipped; the others still go up.
            self.assertNotIn(f"/ac/{self.ac_b}", server.store)
            self.assertIn(f"/ac/{self.ac_a}", server.store)
            self.assertIn(f"/ac/{self.ac_dir}", server.store)
        report = self.out.getvalue()
        self.assertIn(f"skipped cas/{sha(self.b_out)}: content does not hash to its name", report)
        self.assertIn(f"skipped ac/{self.ac_b}: skipped: its blob", report)
        self.assertEqual(summary.damaged, 2)

    def test_damaged_tree_file_skips_the_directory_result(self):
        name = sha(self.dir_files[1])
        (self.cache.root / "cas" / name[:2] / name).unlink()
        with CacheServer() as server:
            self.run_seed(server.url)
            self.assertNotIn(f"/ac/{self.ac_dir}", server.store)
            self.assertIn(f"/ac/{self.ac_a}", server.store)
        self.assertIn(f"skipped ac/{self.ac_dir}: skipped: its blob {name[:12]}... is missing",
                      self.out.getvalue())

    def test_an_empty_output_needs_no_blob(self):
        # Bazel's disk cache holds no file for the empty blob; Bazel never asks for one.
        empty = self.cache.result("empty", action_result([b"", self.b_out]))
        with CacheServer() as server:
            summary = self.run_seed(server.url)
            self.assertIn(f"/ac/{empty}", server.store)
            self.assertNotIn(f"/cas/{sha(b'')}", server.puts())
        self.assertEqual(summary.damaged, 0)

    def test_result_that_does_not_parse_is_skipped(self):
        junk = self.cache.result("junk", b"\x0f\xff\xff")
        truncated = self.cache.result("truncated", action_result([self.a_out])[:-5])
        with CacheServer() as server:
            summary = self.run_seed(server.url)
            self.assertNotIn(f"/ac/{junk}", server.store)
            self.assertNotIn(f"/ac/{truncated}", server.store)
        self.assertIn(f"skipped ac/{junk}: not an action result", self.out.getvalue())
        self.assertIn(f"skipped ac/{truncated}: not an action result", self.out.getvalue())
        self.assertEqual(summary.damaged, 2)

    def test_many_damaged_entries_are_counted_not_listed(self):
        for i in range(seed.REPORT_AT_MOST + 5):
            self.cache.result(f"junk{i}", b"\x0f\xff")
        with CacheServer() as server:
            summary = self.run_seed(server.url)
        self.assertEqual(summary.damaged, seed.REPORT_AT_MOST + 5)
        self.assertEqual(self.out.getvalue().count("seed: skipped ac/"), seed.REPORT_AT_MOST)
        self.assertIn("... and 5 more skipped", self.out.getvalue())

    def test_server_that_does_not_answer_is_exit_2(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]  # bound, never listening: connections are refused
            stderr = io.StringIO()
            with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
                code = seed.main(["--disk-cache", str(self.cache.root),
                                  "--url", f"http://127.0.0.1:{port}"])
        self.assertEqual(code, seed.EXIT_SETUP_FAILED)
        self.assertIn("no answer from http://127.0.0.1", stderr.getvalue())

    def test_not_a_disk_cache_is_exit_2(self):
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            code = seed.main(["--disk-cache", str(self.tmp / "nothing"),
                              "--url", "http://127.0.0.1:9"])
        self.assertEqual(code, seed.EXIT_SETUP_FAILED)
        self.assertIn("is not a Bazel disk cache", stderr.getvalue())

    def test_credentials_from_the_url_are_sent_and_never_printed(self):
        with CacheServer(password="s3cret") as server:
            url = server.url.replace("http://", "http://ci:s3cret@")
            stdout, stderr = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                self.assertEqual(seed.main(["--disk-cache", str(self.cache.root), "--url", url]),
                                 0)
            self.assertEqual(len([p for p in server.store if p.startswith("/ac/")]), 3)
            wrong = server.url.replace("http://", "http://ci:wrong@")
            server.store.clear()
            puts_before = len(server.puts())
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                self.assertEqual(seed.main(["--disk-cache", str(self.cache.root),
                                            "--url", wrong]), seed.EXIT_UPLOAD_FAILED)
            self.assertEqual(server.store, {})
            self.assertEqual(len(server.puts()), puts_before)
        self.assertIn("refused access: 401", stderr.getvalue())
        self.assertNotIn("s3cret", stdout.getvalue() + stderr.getvalue())
        self.assertNotIn("wrong", stdout.getvalue() + stderr.getvalue())
        self.assertIn("ci:***@127.0.0.1", stdout.getvalue())

    def test_dry_run_uploads_nothing(self):
        with CacheServer() as server:
            summary = self.run_seed(server.url, dry_run=True)
            self.assertEqual(server.puts(), [])
        self.assertEqual(summary.uploaded, 0)
        self.assertIn("3 action results and 7 blobs", self.out.getvalue())


if __name__ == "__main__":
    unittest.main()
