#!/usr/bin/env python3
"""Proves --config=remote-cache against a real HTTP/WebDAV server.

1. Starts Debian's nginx on 127.0.0.1 (a free port) with WebDAV PUT into a
   temporary store, and checks it listens on loopback only.
2. Checkout A (a clone of this repository, its own output base, no disk
   cache) builds the targets and uploads every action result (PUT /ac/, /cas/).
3. Checkout B (another clone, another output base, an empty disk cache)
   builds the same targets and must execute nothing: every spawn is a remote
   cache hit. Its wheel must be byte-identical to A's.
4. Stops the server and removes both output bases.

Prints the time of each build, B's hit rate and the store's size. Exit 0 when
every check holds, 1 when one fails, 2 when the setup itself fails.

Usage: remote_cache_check.py [--targets T ...] [--keep]
"""

import argparse
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
NGINX = Path("/usr/sbin/nginx")
NGINX_PACKAGE = "nginx-light"
DEFAULT_TARGETS = ["//python:torch_mlir_core_wheel"]
WHEEL_GLOB = "bazel-bin/python/torch_mlir_core-*.whl"

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


class CheckFailed(Exception):
    pass


class SetupFailed(Exception):
    pass


# --- the server ---------------------------------------------------------------

def ensure_nginx():
    if NGINX.exists():
        return
    if os.geteuid() != 0:
        raise SetupFailed(f"{NGINX} is missing; install Debian's {NGINX_PACKAGE} (needs root).")
    print(f"installing Debian's {NGINX_PACKAGE}", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-q"],
                ["apt-get", "install", "-y", "-q", "--no-install-recommends", NGINX_PACKAGE]):
        if subprocess.run(cmd, env=env).returncode != 0:
            raise SetupFailed(f"`{' '.join(cmd)}` failed; is the package registry reachable?")
    # The package starts a system-wide service on port 80; this check needs none.
    subprocess.run(["systemctl", "disable", "--now", "nginx"], stderr=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL)
    if not NGINX.exists():
        raise SetupFailed(f"{NGINX_PACKAGE} installed but {NGINX} is missing.")


def free_loopback_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening_addresses(pid):
    """(address, port) of every listening TCP socket of process `pid`."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:["):-1])
    found = []
    for table, family in (("tcp", socket.AF_INET), ("tcp6", socket.AF_INET6)):
        path = Path("/proc/net") / table
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "0A" and inode in inodes:  # 0A: LISTEN
                found.append(decode_proc_address(local, family))
    return found


def decode_proc_address(field, family):
    """Decodes /proc/net/tcp's 'HEX_ADDR:HEX_PORT' (address in host byte order words)."""
    hex_addr, hex_port = field.split(":")
    raw = bytes.fromhex(hex_addr)
    # The kernel prints each 32-bit word in host (little-endian) order.
    raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
    return socket.inet_ntop(family, raw), int(hex_port, 16)


def is_loopback(address):
    return address.startswith("127.") or address == "::1"


class Server:
    def __init__(self, tmp):
        self.tmp = tmp
        self.store = tmp / "store"
        self.port = free_loopback_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = None

    def start(self):
        for d in ("store", "body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.tmp / d).mkdir(parents=True, exist_ok=True)
        conf = self.tmp / "nginx.conf"
        conf.write_text(NGINX_CONF.format(tmp=self.tmp, port=self.port, store=self.store))
        self.proc = subprocess.Popen([str(NGINX), "-p", str(self.tmp), "-c", str(conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SetupFailed("nginx exited at start:\n" + self.error_log())
            if socket_open(self.port):
                break
            time.sleep(0.1)
        else:
            raise SetupFailed("nginx did not accept connections within 10 s")
        listening = listening_addresses(self.proc.pid)
        print(f"nginx (pid {self.proc.pid}) listens on {listening}", flush=True)
        if not listening or not all(is_loopback(a) for a, _ in listening):
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
        if self.proc and socket_open(self.port):
            raise CheckFailed(f"port {self.port} still accepts connections after stopping nginx")

    def store_size(self):
        files = [p for p in self.store.rglob("*") if p.is_file()]
        return len(files), sum(p.stat().st_size for p in files)


def socket_open(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


# --- the builds ---------------------------------------------------------------

def parse_execution_log(text):
    """The SpawnExec objects of a --execution_log_json_file (concatenated JSON)."""
    decoder = json.JSONDecoder()
    spawns, pos = [], 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            return spawns
        obj, pos = decoder.raw_decode(text, pos)
        spawns.append(obj)


def summarize(spawns):
    """(hits, executed Counter by mnemonic) of a build's spawns."""
    hits = sum(1 for s in spawns if s.get("remoteCacheHit"))
    executed = Counter(s.get("mnemonic", "?") for s in spawns if not s.get("remoteCacheHit"))
    return hits, executed


def clone(dest):
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(dest)], check=True)


def build(checkout, output_base, flags, targets, exec_log):
    cmd = [str(checkout / "bazelw"), f"--output_base={output_base}", "build", "--config=ci",
           "--config=remote-cache", *flags, f"--execution_log_json_file={exec_log}", *targets]
    print("---", " ".join(cmd), flush=True)
    start = time.monotonic()
    proc = subprocess.run(cmd, cwd=checkout)
    elapsed = time.monotonic() - start
    if proc.returncode != 0:
        raise CheckFailed(f"build in {checkout} failed (exit {proc.returncode})")
    return elapsed


def wheel_of(checkout):
    wheels = sorted(checkout.glob(WHEEL_GLOB))
    if len(wheels) != 1:
        raise CheckFailed(f"expected one core wheel in {checkout}/bazel-bin/python, found {wheels}")
    return wheels[0]


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def expunge(checkout, output_base):
    if checkout.exists() and output_base.exists():
        subprocess.run([str(checkout / "bazelw"), f"--output_base={output_base}", "clean",
                        "--expunge"], cwd=checkout, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)


def run(targets, tmp):
    server = Server(tmp / "nginx")
    a, b = tmp / "checkout_a", tmp / "checkout_b"
    base_a, base_b = tmp / "output_base_a", tmp / "output_base_b"
    empty_disk_cache = tmp / "empty_disk_cache"
    empty_disk_cache.mkdir()
    try:
        server.start()
        remote = f"--remote_cache={server.url}"
        clone(a)
        clone(b)
        # A: no disk cache, so every action runs here and is uploaded (Bazel 4
        # does not upload results it found in a disk cache).
        t_a = build(a, base_a, [remote, "--disk_cache="], targets, tmp / "exec_a.json")
        objects, size = server.store_size()
        print(f"store after A: {objects} objects, {size / 2**20:.0f} MiB", flush=True)
        t_b = build(b, base_b, [remote, f"--disk_cache={empty_disk_cache}"], targets,
                    tmp / "exec_b.json")
        hits, executed = summarize(parse_execution_log((tmp / "exec_b.json").read_text()))
        spawns = hits + sum(executed.values())
        print(f"A (populates the server): {t_a:.0f} s; B (empty disk cache): {t_b:.0f} s "
              f"({t_b / t_a:.3f}x A)")
        print(f"B: {spawns} spawns, {hits} remote cache hits "
              f"(hit rate {hits / spawns if spawns else 0:.1%}); executed: {dict(executed)}")
        wheel_a, wheel_b = wheel_of(a), wheel_of(b)
        digest_a, digest_b = sha256(wheel_a), sha256(wheel_b)
        print(f"wheel A {wheel_a.name} sha256 {digest_a}")
        print(f"wheel B {wheel_b.name} sha256 {digest_b}")
        if spawns == 0:
            raise CheckFailed("B ran no spawns at all; the check proves nothing")
        if executed:
            raise CheckFailed(f"B executed actions instead of fetching them: {dict(executed)}")
        if digest_a != digest_b:
            raise CheckFailed("the wheels of A and B differ")
    finally:
        server.stop()
        expunge(a, base_a)
        expunge(b, base_b)
    print("remote cache check: OK")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", nargs="+", default=DEFAULT_TARGETS)
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="torch-mlir-remote-cache."))
    try:
        ensure_nginx()
        run(args.targets, tmp)
        return 0
    except SetupFailed as e:
        print(f"remote cache check: setup failed: {e}", file=sys.stderr)
        return 2
    except CheckFailed as e:
        print(f"remote cache check: FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
