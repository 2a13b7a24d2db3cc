#!/usr/bin/env python3
"""Uploads a local Bazel --disk_cache to an HTTP remote cache.

Bazel 4 never uploads a result it found in its disk cache, so a server that
is new (or was wiped) fills only through rebuilds. This fills it from a disk
cache instead, with the HTTP cache protocol's own requests: HEAD to ask
whether the server has an entry, PUT /cas/<sha256> for blobs and
PUT /ac/<action digest> for action results.

What is uploaded, and in which order:
  1. every CAS blob an action result needs, after checking its content hashes
     to its name; a damaged blob is reported and never uploaded;
  2. then the action result, only once all of its blobs are on the server.
     A result that does not parse, or names a blob that is missing or damaged,
     is reported and skipped: the server never holds a result it can't serve.
Blobs no result refers to (left over from older builds) are not uploaded.
Entries the server already has are skipped. The first PUT the server refuses
stops the run: nothing after it is sent and no result that depends on it is
uploaded.

Credentials, if the server wants them, go in the URL
(http://user:password@host:port); they are never printed.

Exit status: 0 when every intact entry is on the server (damaged ones are
reported), 1 when the server refused or failed an upload, 2 when the run
could not start (no disk cache there, a server that does not answer).

Usage: seed_remote_cache.py --disk-cache DIR --url URL [--jobs 8] [--dry-run]
"""

import argparse
import base64
import dataclasses
import hashlib
import http.client
import os
import re
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

DEFAULT_DISK_CACHE = Path.home() / ".cache" / "torch-mlir-build" / "disk_cache"
ENTRY_NAME = re.compile(r"[0-9a-f]{64}")
EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()
REPORT_AT_MOST = 20  # skipped entries named one by one; the rest are counted

EXIT_OK = 0
EXIT_UPLOAD_FAILED = 1
EXIT_SETUP_FAILED = 2


class SeedError(Exception):
    """A reason to stop, with the exit status it maps to."""

    def __init__(self, message, exit_code):
        super().__init__(message)
        self.exit_code = exit_code


# --- the protocol-buffer records of the cache --------------------------------
# Only what names a blob is read: remote execution API v2, ActionResult (in
# ac/), and the Tree an output directory points to (a blob in cas/).

class Malformed(Exception):
    pass


def _varint(data, pos):
    value, shift = 0, 0
    while True:
        if pos >= len(data) or shift > 63:
            raise Malformed("truncated varint")
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def fields(data):
    """Yields (field number, wire type, value) of one message; value is an int or bytes."""
    pos = 0
    while pos < len(data):
        key, pos = _varint(data, pos)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise Malformed("field number 0")
        if wire == 0:
            value, pos = _varint(data, pos)
        elif wire == 1:
            value, pos = data[pos:pos + 8], pos + 8
        elif wire == 5:
            value, pos = data[pos:pos + 4], pos + 4
        elif wire == 2:
            length, pos = _varint(data, pos)
            value, pos = data[pos:pos + length], pos + length
        else:
            raise Malformed(f"wire type {wire}")
        if pos > len(data):
            raise Malformed("field runs past the end")
        yield number, wire, value


def submessages(data, number):
    return [value for n, wire, value in fields(data) if n == number and wire == 2]


@dataclasses.dataclass(frozen=True)
class Digest:
    hash: str
    size: int


def digest(data):
    """A Digest message: hash (1, hex string), size_bytes (2)."""
    hash_, size = None, 0
    for number, wire, value in fields(data):
        if number == 1 and wire == 2:
            hash_ = value.decode("ascii", "replace")
        elif number == 2 and wire == 0:
            size = value
    if hash_ is None or not ENTRY_NAME.fullmatch(hash_):
        raise Malformed(f"bad digest hash {hash_!r}")
    return Digest(hash_, size)


def action_result_blobs(data):
    """Digests of the blobs an ActionResult names, and the trees among them.

    ActionResult: output_files (2) -> OutputFile.digest (2); output_directories
    (3) -> OutputDirectory.tree_digest (3); stdout_digest (6); stderr_digest (8).
    """
    blobs, trees = [], []
    for number, wire, value in fields(data):
        if wire != 2:
            continue
        if number == 2:
            blobs += [digest(d) for d in submessages(value, 2)]
        elif number == 3:
            trees += [digest(d) for d in submessages(value, 3)]
        elif number in (6, 8):
            blobs.append(digest(value))
    return blobs, trees


def tree_blobs(data):
    """Digests of the files of a Tree: root (1) and children (2) are Directories,
    whose files (1) are FileNodes with a digest (2)."""
    found = []
    for number, wire, directory in fields(data):
        if number in (1, 2) and wire == 2:
            for file_node in submessages(directory, 1):
                found += [digest(d) for d in submessages(file_node, 2)]
    return found


# --- the disk cache ---------------------------------------------------------------

def entries(disk_cache, kind):
    """{hash: path} of the well-named entries under <disk_cache>/<kind>/<xx>/."""
    found = {}
    root = disk_cache / kind
    if not root.is_dir():
        return found
    for shard in root.iterdir():
        if not shard.is_dir():
            continue
        for path in shard.iterdir():
            if ENTRY_NAME.fullmatch(path.name) and path.is_file():
                found[path.name] = path
    return found


@dataclasses.dataclass
class Plan:
    """What to upload: blobs first, then the results that need only those."""
    results: dict  # action digest -> (path, [blob hashes])
    blobs: dict  # blob hash -> path
    damaged: list  # (what, why)


def plan(disk_cache):
    cas = entries(disk_cache, "cas")
    results, blobs, damaged = {}, {}, []
    verified = {}  # blob hash -> True (intact) / reason (damaged or missing)

    def check_blob(d):
        if d.size == 0 and d.hash == EMPTY_SHA256:
            return True  # Bazel makes empty outputs itself; it never fetches this blob
        if d.hash not in verified:
            path = cas.get(d.hash)
            if path is None:
                verified[d.hash] = "missing from the disk cache"
            else:
                content = path.read_bytes()
                if hashlib.sha256(content).hexdigest() != d.hash:
                    verified[d.hash] = "content does not hash to its name"
                    damaged.append((f"cas/{d.hash}", verified[d.hash]))
                elif len(content) != d.size:
                    verified[d.hash] = f"{len(content)} bytes, the result says {d.size}"
                    damaged.append((f"cas/{d.hash}", verified[d.hash]))
                else:
                    verified[d.hash] = True
        return verified[d.hash]

    for key, path in sorted(entries(disk_cache, "ac").items()):
        try:
            needed, trees = action_result_blobs(path.read_bytes())
            for tree in trees:
                needed.append(tree)
                if check_blob(tree) is True:
                    needed += tree_blobs(cas[tree.hash].read_bytes())
        except Malformed as e:
            damaged.append((f"ac/{key}", f"not an action result ({e})"))
            continue
        problems = [(d.hash, why) for d in needed if (why := check_blob(d)) is not True]
        if problems:
            blob, why = problems[0]
            damaged.append((f"ac/{key}", f"skipped: its blob {blob[:12]}... is {why}"
                            if why.startswith("missing") else
                            f"skipped: its blob {blob[:12]}... is damaged ({why})"))
            continue
        hashes = sorted({d.hash for d in needed if d.hash != EMPTY_SHA256})
        results[key] = (path, hashes)
        for h in hashes:
            blobs[h] = cas[h]
    return Plan(results, blobs, damaged)


# --- the server -------------------------------------------------------------------

class Server:
    """One keep-alive HTTP connection per thread to the cache at `url`."""

    def __init__(self, url, timeout=60):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise SeedError(f"--url must be http://host[:port][/prefix], got {redact(url)}",
                            EXIT_SETUP_FAILED)
        self.scheme, self.host, self.port = parts.scheme, parts.hostname, parts.port
        self.prefix = parts.path.rstrip("/")
        self.display = redact(url)
        self.headers = {}
        if parts.username is not None:
            user = urllib.parse.unquote(parts.username)
            password = urllib.parse.unquote(parts.password or "")
            token = base64.b64encode(f"{user}:{password}".encode()).decode()
            self.headers["Authorization"] = f"Basic {token}"
        self.timeout = timeout
        self.local = threading.local()

    def _connection(self):
        conn = getattr(self.local, "conn", None)
        if conn is None:
            cls = (http.client.HTTPSConnection if self.scheme == "https"
                   else http.client.HTTPConnection)
            conn = self.local.conn = cls(self.host, self.port, timeout=self.timeout)
        return conn

    def request(self, method, path, body=None):
        """(status, reason) of one request; reconnects once if a kept-alive socket died."""
        for attempt in (1, 2):
            conn = self._connection()
            try:
                conn.request(method, self.prefix + path, body=body, headers=self.headers)
                response = conn.getresponse()
                response.read()
                return response.status, response.reason
            except (ConnectionError, http.client.HTTPException, OSError) as e:
                conn.close()
                self.local.conn = None
                if attempt == 2:
                    raise SeedError(f"{method} {self.display}{path}: {e}", EXIT_UPLOAD_FAILED)

    def has(self, kind, key):
        status, _ = self.request("HEAD", f"/{kind}/{key}")
        return status == 200

    def put(self, kind, key, data):
        status, reason = self.request("PUT", f"/{kind}/{key}", data)
        if status not in (200, 201, 204):
            raise SeedError(f"the server refused PUT /{kind}/{key}: {status} {reason}",
                            EXIT_UPLOAD_FAILED)

    def check_reachable(self):
        """Fails early on a server that is down or turns these credentials away."""
        try:
            status, reason = self.request("HEAD", "/ac/" + "0" * 64)
        except SeedError as e:
            raise SeedError(f"no answer from {self.display}: {e}", EXIT_SETUP_FAILED)
        if status in (401, 403):
            raise SeedError(f"{self.display} refused access: {status} {reason} "
                            "(check the user and password in --url)", EXIT_UPLOAD_FAILED)


def redact(url):
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    netloc = f"{parts.username}:***@{parts.hostname}" + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


# --- the upload ----------------------------------------------------------------------

@dataclasses.dataclass
class Summary:
    uploaded: int = 0
    uploaded_bytes: int = 0
    present: int = 0
    damaged: int = 0
    seconds: float = 0.0

    def line(self):
        return (f"{self.uploaded} entries uploaded ({self.uploaded_bytes / 2**20:.1f} MiB), "
                f"{self.present} already on the server, {self.damaged} damaged and skipped, "
                f"{self.seconds:.1f} s")


class Progress:
    """A progress line: rewritten in place on a terminal, every few seconds in a log."""

    def __init__(self, total, stream, every=5.0):
        self.total, self.stream, self.every = total, stream, every
        self.tty = stream.isatty()
        self.done = 0
        self.last = 0.0
        self.lock = threading.Lock()

    def step(self, summary):
        with self.lock:
            self.done += 1
            now = time.monotonic()
            if self.done != self.total and now - self.last < (0.2 if self.tty else self.every):
                return
            self.last = now
            text = (f"seed: {self.done}/{self.total} entries, "
                    f"{summary.uploaded_bytes / 2**20:.1f} MiB uploaded")
            self.stream.write(("\r" + text) if self.tty else (text + "\n"))
            if self.tty and self.done == self.total:
                self.stream.write("\n")
            self.stream.flush()


def upload(server, kind, items, summary, progress, jobs):
    """Uploads (key, path) pairs the server lacks; stops at the first failure."""
    lock = threading.Lock()
    failure = []

    def one(item):
        if failure:
            return
        key, path = item
        try:
            if server.has(kind, key):
                with lock:
                    summary.present += 1
            else:
                data = path.read_bytes()
                if kind == "cas" and hashlib.sha256(data).hexdigest() != key:
                    raise SeedError(f"cas/{key} changed on disk while seeding", EXIT_UPLOAD_FAILED)
                server.put(kind, key, data)
                with lock:
                    summary.uploaded += 1
                    summary.uploaded_bytes += len(data)
        except SeedError as e:
            failure.append(e)
            return
        progress.step(summary)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, items))
    if failure:
        raise failure[0]


def seed(disk_cache, url, jobs=8, dry_run=False, out=None):
    """Returns the Summary; raises SeedError."""
    out = out or sys.stdout
    start = time.monotonic()
    if not (disk_cache / "ac").is_dir() or not (disk_cache / "cas").is_dir():
        raise SeedError(f"{disk_cache} is not a Bazel disk cache (no ac/ and cas/ in it)",
                        EXIT_SETUP_FAILED)
    server = Server(url)
    server.check_reachable()
    the_plan = plan(disk_cache)
    summary = Summary(damaged=len(the_plan.damaged))
    for what, why in the_plan.damaged[:REPORT_AT_MOST]:
        print(f"seed: skipped {what}: {why}", file=out)
    if len(the_plan.damaged) > REPORT_AT_MOST:
        print(f"seed: ... and {len(the_plan.damaged) - REPORT_AT_MOST} more skipped", file=out)
    print(f"seed: {len(the_plan.results)} action results and {len(the_plan.blobs)} blobs "
          f"from {disk_cache} to {server.display}", file=out, flush=True)
    if not dry_run:
        progress = Progress(len(the_plan.results) + len(the_plan.blobs), out)
        upload(server, "cas", sorted(the_plan.blobs.items()), summary, progress, jobs)
        # Results last: a result on the server always finds its blobs there.
        results = sorted((k, path) for k, (path, _) in the_plan.results.items())
        upload(server, "ac", results, summary, progress, jobs)
    summary.seconds = time.monotonic() - start
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--disk-cache", type=Path, default=DEFAULT_DISK_CACHE,
                        help=f"the --disk_cache directory (default {DEFAULT_DISK_CACHE})")
    parser.add_argument("--url", required=True,
                        help="the cache server, as given to --remote_cache")
    parser.add_argument("--jobs", type=int, default=8, help="parallel requests (default 8)")
    parser.add_argument("--dry-run", action="store_true",
                        help="check the disk cache and the server, upload nothing")
    args = parser.parse_args(argv)
    try:
        summary = seed(args.disk_cache.expanduser(), args.url, args.jobs, args.dry_run)
    except SeedError as e:
        print(f"seed: error: {e}", file=sys.stderr)
        if e.exit_code == EXIT_UPLOAD_FAILED:
            print("seed: stopped; what was uploaded before is complete, and no action result "
                  "whose blobs are not all on the server was sent", file=sys.stderr)
        return e.exit_code
    print(f"seed: done: {summary.line()}")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
