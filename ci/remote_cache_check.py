"""Proves --config=remote-cache against a real HTTP/WebDAV server, without a cold build.

1. Starts Debian's nginx on 127.0.0.1 (a free port) with WebDAV PUT into a
   temporary store, and checks it listens on loopback only.
2. The reference: this checkout builds the targets with its usual disk cache
   (after CI's main suite, every action is a hit there).
3. Bazel's own upload path: checkout B (a clone, its own output base, no disk
   cache) builds a small target; its PUTs must reach the server, and after
   `bazel clean` the same build must execute nothing.
4. Seeds the server from the disk cache with seed_remote_cache.py, which skips
   what step 3 put there.
5. Checkout B builds the targets with an empty disk cache: every spawn must be
   a remote cache hit, and the wheel byte-identical to the reference.
6. Stops the server and removes B's output base.

Prints each step's time, B's hit rate and the store's size. Exit 0 when every
check holds, 1 when one fails, 2 when the setup itself fails.

Usage: python3 -m ci.remote_cache_check [--targets T ...] [--disk-cache DIR] [--keep]
"""

import argparse
import hashlib
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from collections import Counter
from pathlib import Path

from ci.bazel import ROOT, bazel, built_files, clone, expunge
from ci.debian import ensure_packages
from ci.digest import sha256_file
from ci.execution_log import execution_log_flags, ran_and_hits, read_execution_log
from ci.failures import CheckFailed, SetupFailed, run_check
from ci.loopback import (accepts_connections, free_port, listening_addresses, only_loopback,
                         wait_until_listening)
from utils.bazel.cache import seed_remote_cache

NGINX = Path("/usr/sbin/nginx")
NGINX_PACKAGE = "nginx-light"
DEFAULT_TARGETS = ["//python:torch_mlir_core_wheel"]
# Small, real C++ (a handful of compiles and an archive): Bazel's own upload path.
PROBE_TARGETS = ["@llvm-project//llvm:Demangle"]

NGINX_CONF = """\
daemon off;
master_process off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {tmp}/access.log;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {store};
        client_max_body_size 0;
        location / {{
            dav_methods PUT;
            create_full_put_path on;
            dav_access user:rw;
        }}
    }}
}}
"""


# --- the server ---------------------------------------------------------------

def ensure_nginx():
    ensure_packages([NGINX_PACKAGE], NGINX.exists, str(NGINX))
    # The package starts a system-wide service on port 80; this check needs none.
    subprocess.run(["systemctl", "disable", "--now", "nginx"], stderr=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL)


class Server:
    def __init__(self, tmp):
        self.tmp = tmp
        self.store = tmp / "store"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = None

    def start(self):
        for d in ("store", "body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.tmp / d).mkdir(parents=True, exist_ok=True)
        conf = self.tmp / "nginx.conf"
        conf.write_text(NGINX_CONF.format(tmp=self.tmp, port=self.port, store=self.store))
        self.proc = subprocess.Popen([str(NGINX), "-p", str(self.tmp), "-c", str(conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        try:
            wait_until_listening(self.port, self.proc, 10, lambda: SetupFailed(
                "nginx exited at start:\n" + self.error_log()))
        except TimeoutError as e:
            raise SetupFailed(f"nginx: {e}") from e
        listening = listening_addresses(self.proc.pid)
        print(f"nginx (pid {self.proc.pid}) listens on {listening}", flush=True)
        if not only_loopback(a for a, _ in listening):
            raise CheckFailed(f"nginx listens beyond loopback: {listening}")
        self.self_test()

    def self_test(self):
        """A PUT then a GET of one object, so a broken server fails here, not in Bazel."""
        body = b"remote cache self-test"
        key = hashlib.sha256(body).hexdigest()
        url = f"{self.url}/cas/{key}"
        put = urllib.request.Request(url, data=body, method="PUT")
        with urllib.request.urlopen(put, timeout=10) as r:
            if r.status not in (200, 201, 204):
                raise SetupFailed(f"PUT {url} answered {r.status}")
        with urllib.request.urlopen(url, timeout=10) as r:
            if r.read() != body:
                raise SetupFailed(f"GET {url} returned other bytes than were PUT")

    def error_log(self):
        log = self.tmp / "error.log"
        return log.read_text() if log.exists() else "(no error log)"

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc and accepts_connections(self.port):
            raise CheckFailed(f"port {self.port} still accepts connections after stopping nginx")

    def store_size(self):
        files = [p for p in self.store.rglob("*") if p.is_file()]
        return len(files), sum(p.stat().st_size for p in files)


# --- the builds ---------------------------------------------------------------

def summarize(spawns):
    """(hits, executed Counter by mnemonic) of a build's spawns."""
    ran, hits = ran_and_hits(spawns)
    return hits, Counter(s.get("mnemonic", "?") for s in ran)


def count_puts(access_log):
    """Counter of successful PUTs by kind ('ac', 'cas') in an nginx access log."""
    found = Counter()
    for line in access_log.splitlines():
        parts = line.split('"')
        if len(parts) < 3:
            continue
        request, status = parts[1].split(), parts[2].split()
        if len(request) >= 2 and request[0] == "PUT" and status and status[0].startswith("2"):
            kind = request[1].lstrip("/").split("/", 1)[0]
            found[kind] += 1
    return found


def remote_build(checkout, output_base, remote_flags, targets, exec_log, what):
    """A --config=remote-cache build; returns (seconds, hits, executed by mnemonic, output)."""
    elapsed, output = bazel(checkout, output_base,
                       ["build", "--config=ci", "--config=remote-cache", "--show_result=100",
                        *remote_flags,
                        *execution_log_flags(exec_log), *targets], what)
    hits, executed = summarize(read_execution_log(exec_log))
    return elapsed, hits, executed, output


def only_wheel(files):
    wheels = [f for f in files if f.endswith(".whl")]
    if len(wheels) != 1:
        raise CheckFailed(f"expected one wheel among the built files, found {wheels}")
    return wheels[0]


def run(targets, disk_cache, tmp):
    server = Server(tmp / "nginx")
    b, base_b = tmp / "checkout_b", tmp / "output_base_b"
    empty_disk_cache = tmp / "empty_disk_cache"
    empty_disk_cache.mkdir()
    times = {}
    try:
        server.start()
        remote = f"--remote_cache={server.url}"

        # 2. The reference wheel, from this checkout and its disk cache.
        times["reference build"], output = bazel(
            ROOT, None,
            ["build", "--config=ci", "--show_result=100", f"--disk_cache={disk_cache}", *targets],
            "the reference build")
        reference = ROOT / only_wheel(built_files(output))

        # 3. Bazel's own uploads: a small target, no disk cache, an empty server.
        clone(b)
        elapsed, hits, executed, _ = remote_build(b, base_b, [remote, "--disk_cache="],
                                                  PROBE_TARGETS, tmp / "exec_probe.json",
                                               "the upload probe")
        puts = count_puts((server.tmp / "access.log").read_text())
        times["probe: build and upload"] = elapsed
        print(f"probe: {sum(executed.values())} spawns executed, server received "
              f"{puts['ac']} PUT /ac/ and {puts['cas']} PUT /cas/", flush=True)
        if not executed or not puts["ac"] or not puts["cas"]:
            raise CheckFailed(f"Bazel uploaded nothing: executed {dict(executed)}, PUTs {dict(puts)}")
        bazel(b, base_b, ["clean"], "bazel clean")
        elapsed, hits, executed, _ = remote_build(b, base_b, [remote, "--disk_cache="],
                                                  PROBE_TARGETS, tmp / "exec_probe2.json",
                                               "the upload probe, again")
        times["probe: rebuild from the server"] = elapsed
        print(f"probe again: {hits} remote hits, executed {dict(executed)}", flush=True)
        if not hits or executed:
            raise CheckFailed(f"the probe's rebuild executed {dict(executed)} ({hits} hits)")

        # 4. Seed the server from the disk cache the reference build used.
        summary = seed_remote_cache.seed(disk_cache, server.url)
        times["seed the server"] = summary.seconds
        print(f"seed: {summary.line()}", flush=True)
        if not summary.present:
            raise CheckFailed("the seed skipped nothing, yet the probe had filled the server")
        objects, size = server.store_size()
        print(f"store after seeding: {objects} objects, {size / 2**20:.0f} MiB", flush=True)

        # 5. B builds everything from the server alone.
        elapsed, hits, executed, output = remote_build(
            b, base_b, [remote, f"--disk_cache={empty_disk_cache}"], targets,
            tmp / "exec_b.json", "B's build")
        times["B: build from the server"] = elapsed
        spawns = hits + sum(executed.values())
        print(f"B: {spawns} spawns, {hits} remote cache hits "
              f"(hit rate {hits / spawns if spawns else 0:.1%}); executed: {dict(executed)}")
        wheel_b = b / only_wheel(built_files(output))
        digest_ref, digest_b = sha256_file(reference), sha256_file(wheel_b)
        print(f"reference wheel {reference.name} sha256 {digest_ref}")
        print(f"wheel B         {wheel_b.name} sha256 {digest_b}")
        if spawns == 0:
            raise CheckFailed("B ran no spawns at all; the check proves nothing")
        if executed:
            raise CheckFailed(f"B executed actions instead of fetching them: {dict(executed)}")
        if digest_ref != digest_b:
            raise CheckFailed("B's wheel differs from the reference wheel")
    finally:
        server.stop()
        expunge(b, base_b)
        for name, seconds in times.items():
            print(f"time: {name:32} {seconds:7.1f} s")
    print("remote cache check: OK")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", nargs="+", default=DEFAULT_TARGETS)
    parser.add_argument("--disk-cache", type=Path, default=seed_remote_cache.DEFAULT_DISK_CACHE,
                        help="the disk cache to build the reference with and seed from")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="torch-mlir-remote-cache."))

    def check():
        ensure_nginx()
        try:
            run(args.targets, args.disk_cache.expanduser(), tmp)
        except seed_remote_cache.SeedError as e:
            raise CheckFailed(f"seeding the server failed: {e}") from e

    try:
        return run_check("remote cache check", check)
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
