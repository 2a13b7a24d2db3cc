#!/usr/bin/env python3
"""Makes a machine ready to build torch-mlir, then gets out of the way.

`./bazelw` runs `bootstrap.py ensure` before every Bazel command. It:
  1. checks the platform (Debian 12, x86_64) and the Python (CPython 3.11);
  2. installs Debian's Bazel 4.2.3 and the rule sets it needs, if missing;
  3. fetches every input pinned in deps.lock into the distdir, if missing
     (the wheels by four `pip download`s at once, Debian's source packages
     one at a time beside them);
  4. verifies each input's size and sha256 against deps.lock.

Nothing reaches Bazel unverified. A verified input gets a stamp (sha256, size,
times, inode); while the file's size and mtime match the stamp, the hash is not
recomputed, so a run with everything present takes a few milliseconds. The
stamp also records the inode change time, which every write (and every
attempt to reset the mtime) moves, so an edited file is always rehashed. The
Bazel repository rules hash the files again before extracting them.

Subcommands:
  ensure   all of the above (the default)
  verify   only step 4, never fetches or installs (used by tests and CI)
  where    print the distdir path
"""

import argparse
import concurrent.futures
import dataclasses
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]
DEFAULT_LOCK = REPO_ROOT / "deps.lock"
REQUIRED_PYTHON = (3, 11)
DEBIAN_PACKAGES = ("bazel-bootstrap", "bazel-rules-java", "bazel-skylib")
# Files that prove the Debian Bazel packages are installed.
BAZEL_MARKERS = (
    Path("/usr/bin/bazel"),
    Path("/usr/share/bazel/rules/java/WORKSPACE"),
    Path("/usr/share/bazel/tools/skylib/WORKSPACE"),
)
DEB_SRC_FILE = Path("/etc/apt/sources.list.d/torch-mlir-deb-src.sources")
DEBIAN_SUITE = "bookworm"

# `pip download`s run at once on a fresh machine (fetch_batches).
FETCH_WORKERS = 4

EXIT_UNSUPPORTED = 3
EXIT_FETCH_FAILED = 4
EXIT_VERIFY_FAILED = 5


class BootstrapError(Exception):
    """An error the user can act on. `exit_code` tells what kind it is."""

    def __init__(self, message, exit_code):
        super().__init__(message)
        self.exit_code = exit_code


def default_distdir():
    env = os.environ.get("TORCH_MLIR_DISTDIR")
    if env:
        return Path(env)
    return Path.home() / ".cache" / "torch-mlir" / "distdir"


@dataclasses.dataclass(frozen=True)
class Input:
    name: str
    version: str
    file: str
    size: int
    sha256: str
    fetch: dict
    # The archive's top directory, which the repository rule strips ("" if none).
    strip_prefix: str = ""


def read_lock(path):
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError) as e:
        raise BootstrapError(f"cannot read lock file {path}: {e}", EXIT_VERIFY_FAILED)
    if data.get("format") != 1:
        raise BootstrapError(f"{path}: unknown lock format {data.get('format')!r}", EXIT_VERIFY_FAILED)
    inputs = []
    for entry in data["inputs"]:
        inputs.append(Input(entry["name"], entry["version"], entry["file"],
                            int(entry["size"]), entry["sha256"], entry["fetch"],
                            entry.get("strip_prefix", "")))
    return inputs


# --- platform -------------------------------------------------------------

def check_platform():
    check_python(sys.version_info, sys.executable)
    check_os()


def check_python(version_info, executable):
    if tuple(version_info[:2]) != REQUIRED_PYTHON:
        want = ".".join(map(str, REQUIRED_PYTHON))
        have = ".".join(map(str, version_info[:3]))
        raise BootstrapError(
            f"torch-mlir builds against CPython {want}, but ./bazelw is running "
            f"{have} ({executable}).\n"
            f"  Fix: install CPython {want} (e.g. `pyenv install {want}`) or point "
            f"TORCH_MLIR_PYTHON at a python{want} binary.", EXIT_UNSUPPORTED)


def check_os():
    if platform.system() != "Linux" or platform.machine() != "x86_64":
        raise BootstrapError(
            f"unsupported platform {platform.system()} {platform.machine()}: "
            "the build is pinned to Debian 12 on x86_64.", EXIT_UNSUPPORTED)
    release = _os_release()
    if release.get("ID") != "debian" or release.get("VERSION_ID") != "12":
        raise BootstrapError(
            f"unsupported OS {release.get('PRETTY_NAME', 'unknown')}: the build takes "
            "Bazel 4.2.3 and LLVM 19 from Debian 12 (bookworm) packages.", EXIT_UNSUPPORTED)


def _os_release():
    fields = {}
    try:
        text = Path("/etc/os-release").read_text()
    except OSError:
        return fields
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            fields[key] = value.strip().strip('"')
    return fields


# --- Bazel ----------------------------------------------------------------

def bazel_installed():
    return all(p.exists() for p in BAZEL_MARKERS)


def ensure_bazel(log):
    if bazel_installed():
        return
    log("installing Debian's Bazel 4.2.3 (" + ", ".join(DEBIAN_PACKAGES) + ")")
    _require_root("install Bazel with apt-get")
    _run_registry(["apt-get", "update", "-q"], "apt-get update")
    _run_registry(["apt-get", "install", "-y", "-q", *DEBIAN_PACKAGES],
                  "apt-get install " + " ".join(DEBIAN_PACKAGES),
                  env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    if not bazel_installed():
        missing = [str(p) for p in BAZEL_MARKERS if not p.exists()]
        raise BootstrapError("apt-get finished but these files are still missing: "
                             + ", ".join(missing), EXIT_FETCH_FAILED)


def _require_root(what):
    if os.geteuid() != 0:
        raise BootstrapError(f"need root to {what}; run ./bazelw once as root "
                             "(or with sudo) to finish the setup.", EXIT_FETCH_FAILED)


def _run_registry(cmd, what, cwd=None, env=None):
    """Runs a package-client command; a failure becomes an actionable error."""
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        tail = "\n".join(proc.stdout.strip().splitlines()[-15:])
        raise BootstrapError(
            f"`{what}` failed (exit {proc.returncode}). Is the package registry "
            f"reachable and configured for this machine?\n--- last output ---\n{tail}",
            EXIT_FETCH_FAILED)
    return proc.stdout


# --- fetching ---------------------------------------------------------------

def ensure_deb_src(log):
    """Adds a deb-src entry mirroring the machine's own bookworm `deb` entry."""
    if DEB_SRC_FILE.exists():
        return False
    stanza = _find_debian_stanza()
    if stanza is None:
        raise BootstrapError(
            "found no `deb` entry for Debian bookworm main in /etc/apt/sources.list(.d); "
            "cannot derive the deb-src entry needed to fetch the LLVM source.",
            EXIT_FETCH_FAILED)
    uris, signed_by = stanza
    text = ("# Added by torch-mlir's ./bazelw: source packages for the pinned LLVM and pybind11.\n"
            f"Types: deb-src\nURIs: {uris}\nSuites: {DEBIAN_SUITE}\nComponents: main\n")
    if signed_by:
        text += f"Signed-By: {signed_by}\n"
    _require_root("add a deb-src entry to apt")
    log(f"adding {DEB_SRC_FILE}")
    DEB_SRC_FILE.write_text(text)
    return True


def _find_debian_stanza():
    """Returns (URIs, Signed-By) of the apt entry serving bookworm main."""
    for path in sorted(Path("/etc/apt/sources.list.d").glob("*.sources")):
        for block in path.read_text().split("\n\n"):
            fields = {}
            for line in block.splitlines():
                if line.startswith("#") or ":" not in line:
                    continue
                key, _, value = line.partition(":")
                fields[key.strip()] = value.strip()
            if ("deb" in fields.get("Types", "").split()
                    and DEBIAN_SUITE in fields.get("Suites", "").split()
                    and "main" in fields.get("Components", "").split()):
                return fields["URIs"], fields.get("Signed-By", "")
    legacy = Path("/etc/apt/sources.list")
    if legacy.exists():
        for line in legacy.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 4 and parts[0] == "deb" and parts[2] == DEBIAN_SUITE and "main" in parts[3:]:
                return parts[1], ""
    return None


def fetch(items, distdir, log):
    """Downloads `items` into a scratch dir, verifies each, then moves them in.
    Several items must be wheels for the same CPython: one `pip download`
    fetches them all (pip's start-up, not the download, was most of a
    one-wheel fetch)."""
    kind = items[0].fetch["kind"]
    for item in items:
        log(f"fetching {item.name} {item.version} ({kind})")
    with tempfile.TemporaryDirectory(dir=distdir, prefix=".fetch-") as tmp:
        if kind == "apt-source":
            (item,) = items
            _require_root("fetch Debian source packages")
            if ensure_deb_src(log) or not _apt_knows_source(item):
                _run_registry(["apt-get", "update", "-q"], "apt-get update")
            spec = f"{item.fetch['package']}={item.fetch['version']}"
            _run_registry(["apt-get", "source", "--download-only", spec],
                          f"apt-get source --download-only {spec}", cwd=tmp)
        elif kind == "pypi":
            # A wheel for another CPython than ours names it ("python_version").
            (version,) = {item.fetch.get("python_version") for item in items}
            target = ["--python-version", version] if version else []
            requirements = [item.fetch["requirement"] for item in items]
            _run_registry([sys.executable, "-m", "pip", "download", "--no-deps",
                           "--only-binary", ":all:", *target, "--dest", tmp, *requirements],
                          f"pip download {' '.join(requirements)}"
                          + (f" for CPython {version}" if version else ""))
        else:
            raise BootstrapError(f"{items[0].name}: unknown fetch kind {kind!r} in deps.lock",
                                 EXIT_FETCH_FAILED)
        for item in items:
            got = Path(tmp) / item.file
            if not got.exists():
                raise BootstrapError(
                    f"{item.name}: the registry answered but did not provide {item.file} "
                    f"(got: {', '.join(sorted(os.listdir(tmp))) or 'nothing'})",
                    EXIT_FETCH_FAILED)
            check_file(item, got)
            os.replace(got, distdir / item.file)
            _write_stamp(distdir, item)


def fetch_batches(items, workers=FETCH_WORKERS):
    """`items` as the lists fetch() takes: each Debian source package alone;
    the wheels by the CPython they are for, and the largest such group in
    `workers` lists of about equal size (in bytes), so that as many
    downloads run at once."""
    apt = [[item] for item in items if item.fetch["kind"] != "pypi"]
    by_python = {}
    for item in items:
        if item.fetch["kind"] == "pypi":
            by_python.setdefault(item.fetch.get("python_version"), []).append(item)
    groups = sorted(by_python.values(), key=len)
    wheels = groups[:-1]
    if groups:
        chunks = [[] for _ in range(workers)]
        sizes = [0] * workers
        for item in sorted(groups[-1], key=lambda i: -i.size):
            smallest = sizes.index(min(sizes))
            chunks[smallest].append(item)
            sizes[smallest] += item.size
        wheels += [chunk for chunk in chunks if chunk]
    return apt, wheels


def fetch_all(items, distdir, log):
    """Fetches `items` (fetch_batches): the wheels' batches FETCH_WORKERS at a
    time, and beside them the Debian source packages one after another
    (apt-get takes a lock). The first failure is raised once the fetches
    under way have ended; none not yet started is begun after it."""
    apt, wheels = fetch_batches(items)
    with concurrent.futures.ThreadPoolExecutor(FETCH_WORKERS) as pool:
        futures = [pool.submit(fetch, batch, distdir, log) for batch in wheels]
        try:
            for batch in apt:
                fetch(batch, distdir, log)
            for future in futures:
                future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def _apt_knows_source(item):
    proc = subprocess.run(["apt-cache", "showsrc", item.fetch["package"]],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return f"Version: {item.fetch['version']}" in proc.stdout


# --- verification -----------------------------------------------------------

def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def check_file(item, path):
    """Raises if `path` is not byte-for-byte the input deps.lock pins."""
    size = path.stat().st_size
    if size != item.size:
        raise BootstrapError(
            f"{item.name}: {path} has {size} bytes, deps.lock pins {item.size}. "
            "It is incomplete or not the pinned file; nothing was built from it.\n"
            f"  Fix: delete it and rerun ./bazelw to fetch it again.", EXIT_VERIFY_FAILED)
    actual = sha256_of(path)
    if actual != item.sha256:
        raise BootstrapError(
            f"{item.name}: sha256 mismatch for {path}\n"
            f"  expected {item.sha256} (deps.lock)\n"
            f"  actual   {actual}\n"
            "The file was tampered with or corrupted; nothing was built from it.\n"
            f"  Fix: delete it and rerun ./bazelw to fetch it again.", EXIT_VERIFY_FAILED)


def _stamp_path(distdir, item):
    return distdir / ".verified" / (item.file + ".stamp")


def _stamp_for(path, item):
    st = path.stat()
    return f"{item.sha256} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns} {st.st_ino}\n"


def verify(item, distdir):
    """Verifies one present input, using the stamp when the file is unchanged."""
    path = distdir / item.file
    stamp = _stamp_path(distdir, item)
    try:
        if stamp.read_text() == _stamp_for(path, item):
            return
    except OSError:
        pass
    check_file(item, path)
    _write_stamp(distdir, item)


def _write_stamp(distdir, item):
    """Records that distdir's copy of `item` has just been checked."""
    stamp = _stamp_path(distdir, item)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(_stamp_for(distdir / item.file, item))


def run(command, lock, distdir, log):
    inputs = read_lock(lock)
    if command == "ensure":
        check_platform()
        ensure_bazel(log)
    distdir.mkdir(parents=True, exist_ok=True)
    missing = [i for i in inputs if not (distdir / i.file).exists()]
    if missing and command == "verify":
        names = ", ".join(i.name for i in missing)
        raise BootstrapError(f"missing from {distdir}: {names}. Run ./bazelw to fetch them.",
                             EXIT_VERIFY_FAILED)
    fetch_all(missing, distdir, log)
    for item in inputs:
        verify(item, distdir)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="ensure", choices=["ensure", "verify", "where"])
    parser.add_argument("--lock", type=Path, default=DEFAULT_LOCK)
    parser.add_argument("--distdir", type=Path, default=None,
                        help="default: $TORCH_MLIR_DISTDIR or ~/.cache/torch-mlir/distdir")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    distdir = args.distdir or default_distdir()
    if args.command == "where":
        print(distdir)
        return 0

    def log(msg):
        if not args.quiet:
            print(f"bazelw: {msg}", file=sys.stderr, flush=True)

    try:
        run(args.command, args.lock, distdir, log)
    except BootstrapError as e:
        print(f"bazelw: error: {e}", file=sys.stderr)
        return e.exit_code
    return 0


if __name__ == "__main__":
    sys.exit(main())
