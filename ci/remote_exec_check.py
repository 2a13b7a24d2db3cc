"""Proves --config=remote-exec against a real executor of the remote execution API.

1. Builds Bazel's reference remote worker (RemoteWorker, Java) from Debian's
   bazel-bootstrap-source 4.2.3, patched to listen on loopback only
   (remote-worker-loopback.patch), with javac against Bazel's own server jar.
   Starts it on a free 127.0.0.1 port and checks it listens there only.
   Its store starts as hard links to the disk cache's entries (the same
   layout), because Bazel 4 cannot combine gRPC remote execution with a disk
   cache: what is built already is a hit, the rest runs on the worker.
2. A clone of this checkout (its own output base; a hard-linked copy of the
   shared disk cache for what is built already, so that what it writes stays
   out of the shared one) builds the targets locally: the reference. Its
   Bazel server runs in a mount namespace where the host's compilers and
   binutils are /bin/false and /usr/include and the crt files are empty: the
   pinned toolchain (utils/bazel/toolchain) must be all the build uses.
3. After `bazel clean`, the clone builds them again with --config=remote-exec,
   the worker as executor and no disk cache. Every spawn that runs must run
   on the worker (the execution log names each spawn's runner).
   So that real work misses the caches in both builds: our library's
   compiles get a define no source reads (-DTORCH_MLIR_BUILT_BY=local_<run>,
   then remote_<run>: new cache keys each run, the same object bytes), the
   registry gets a comment line naming the build (the ODS generator skips
   comments, so the genrule runs and writes the same .td), mlir-tblgen
   (TdGenerate) runs uncached, and links get a define named after the run,
   which a link ignores, the same in both builds (mlir-tblgen and the
   library's .so link in each, and the linked files must agree too). Every
   compile and link, local or remote, must have run the pinned driver with
   zig among its inputs.
4. Every output under bazel-bin/lib and bazel-bin/external/torch_mlir_cc/lib
   (where our C++ compiles, utils/bazel/rules/cc.bzl) must be byte-identical
   between the two.
5. Stops the worker (its port must close) and removes the clone.

Exit 0 when every check holds, 1 when one fails, 2 when the setup fails.

Usage: python3 -m ci.remote_exec_check [--targets T ...] [--disk-cache DIR] [--keep]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from ci.bazel import bazel, clone, expunge
from ci.debian import ensure_packages
from ci.digest import sha256_file
from ci.execution_log import execution_log_flags, ran_and_hits, read_execution_log
from ci.failures import CheckFailed, SetupFailed, run_check
from ci.loopback import (accepts_connections, free_port, listening_addresses, only_loopback,
                         wait_until_listening)
from utils.bazel.cache.seed_remote_cache import DEFAULT_DISK_CACHE

HERE = Path(__file__).resolve().parent
SOURCE_PACKAGE = "bazel-bootstrap-source"
# The pinned C++ toolchain's driver (utils/bazel/toolchain) and its compiler.
# .bazelrc names the toolchain @torch_mlir//..., so even in this workspace the
# driver runs from external/torch_mlir.
PINNED_COMPILER = "external/torch_mlir/utils/bazel/toolchain/zig-cc"
# What the pinned toolchain's compiles and links may run: its compiler, and
# its archiver for the static libraries a cold build links.
PINNED_TOOLS = {PINNED_COMPILER, "external/torch_mlir/utils/bazel/toolchain/zig-ar"}
PINNED_COMPILER_INPUT = "external/zig_sdk/zig"
SOURCE = Path("/usr/src/bazel-bootstrap")
WORKER_SOURCES = "src/tools/remote/src/main/java/com/google/devtools/build/remote/worker"
SERVER_JAR = Path("/usr/share/bazel/A-server.jar")
PATCH = HERE / "remote-worker-loopback.patch"
WORKER_CLASS = "com.google.devtools.build.remote.worker.RemoteWorker"

# The registry -> GeneratedTorchOps.td genrule, and a C++ library of ours whose
# ops come from ODS (so mlir-tblgen runs for it too).
DEFAULT_TARGETS = ["//lib/Dialect/Torch/IR:generated_torch_ops_td",
                   "//lib/Dialect/TorchConversion/IR"]
# Our sources that compile again in each build (see 3. above), by exec path:
# they compile in @torch_mlir_cc.
RECOMPILED = r"^external/torch_mlir_cc/lib/Dialect/TorchConversion/IR/.*\.cpp"
UNCACHED = ["TdGenerate"]
# The host's own C/C++ toolchain, hidden from the clone's Bazel server (and so
# from every action it runs locally): compilers, binutils, headers, crt files.
HOST_TOOLS = ["gcc", "g++", "cc", "c++", "cpp", "gcc-12", "g++-12", "cpp-12", "c89", "c99",
              "ld", "ld.bfd", "ld.gold", "as", "ar", "ranlib", "strip", "nm", "objcopy",
              "objdump", "gcc-ar", "gcc-nm", "gcc-ranlib", "x86_64-linux-gnu-*"]
HOST_DIRS = ["/usr/include", "/usr/local/include", "/usr/lib/gcc", "/usr/libexec/gcc"]
HOST_FILES = ["crt1.o", "crti.o", "crtn.o", "Scrt1.o", "libc.so", "libc_nonshared.a",
              "libm.so", "libstdc++.so"]
REGISTRY = "lib/Dialect/Torch/IR/TorchOpRegistry.txt"


# --- the worker ---------------------------------------------------------------

def ensure_sources():
    ensure_packages([SOURCE_PACKAGE], (SOURCE / WORKER_SOURCES).is_dir,
                    str(SOURCE / WORKER_SOURCES))


def build_worker(tmp):
    """Copies the worker's sources, patches them, compiles them; returns the classpath."""
    for tool in ("javac", "java", "patch"):
        if not shutil.which(tool):
            raise SetupFailed(f"`{tool}` is missing (Debian's default-jdk-headless, patch)")
    if not SERVER_JAR.exists():
        raise SetupFailed(f"{SERVER_JAR} is missing (Debian's bazel-bootstrap)")
    src = tmp / "src"
    shutil.copytree(SOURCE / WORKER_SOURCES, src / WORKER_SOURCES)
    patched = subprocess.run(["patch", "-p1", "--quiet", "-d", str(src), "-i", str(PATCH)],
                             capture_output=True, text=True)
    if patched.returncode != 0:
        raise SetupFailed(f"{PATCH.name} does not apply:\n{patched.stdout}{patched.stderr}")
    classes = tmp / "classes"
    classes.mkdir()
    sources = sorted(str(p) for p in (src / WORKER_SOURCES).rglob("*.java"))
    compiled = subprocess.run(["javac", "-nowarn", "-d", str(classes), "-cp", str(SERVER_JAR),
                               *sources], capture_output=True, text=True)
    if compiled.returncode != 0:
        raise SetupFailed(f"javac failed on the worker:\n{compiled.stderr[-3000:]}")
    return f"{classes}:{SERVER_JAR}"


def link_disk_cache(disk_cache, dest):
    """Makes dest a copy of the disk cache whose entries are hard links.

    Bazel and the worker write a new entry to a temporary file and rename it,
    so nothing written to dest reaches the disk cache: another check may be
    reading it at the same time. Action results are linked before the blobs
    they name, so a result written meanwhile is in dest only with its blobs."""
    dest.mkdir(parents=True, exist_ok=True)
    for kind in ("ac", "cas"):
        if (disk_cache / kind).is_dir():
            subprocess.run(["cp", "-al", str(disk_cache / kind), str(dest)], check=True)


class Worker:
    def __init__(self, tmp, classpath, jobs):
        self.tmp, self.classpath, self.jobs = tmp, classpath, jobs
        self.port = free_port()
        self.url = f"grpc://127.0.0.1:{self.port}"
        self.log = tmp / "worker.log"
        self.proc = None

    def start(self, disk_cache):
        (self.tmp / "work").mkdir(parents=True, exist_ok=True)
        link_disk_cache(disk_cache, self.tmp / "cas")
        cmd = ["java", "-cp", self.classpath, WORKER_CLASS, f"--listen_port={self.port}",
               f"--work_path={self.tmp / 'work'}", f"--cas_path={self.tmp / 'cas'}",
               f"--jobs={self.jobs}"]
        with open(self.log, "w") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_until_listening(self.port, self.proc, 60, lambda: SetupFailed(
                f"the worker exited at start:\n{self.log.read_text()[-3000:]}"))
        except TimeoutError as e:
            raise SetupFailed(f"the worker: {e}") from e
        listening = listening_addresses(self.proc.pid)
        print(f"worker (pid {self.proc.pid}) listens on {listening}", flush=True)
        if not only_loopback(a for a, _ in listening):
            raise CheckFailed(f"the worker listens beyond loopback: {listening}")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc and accepts_connections(self.port):
            raise CheckFailed(f"port {self.port} still accepts connections after stopping the worker")


# --- the builds ---------------------------------------------------------------

def mark_registry(checkout, built_by):
    """Appends a comment naming the build to the clone's op registry."""
    with open(checkout / REGISTRY, "a") as registry:
        registry.write(f"# remote execution check: the {built_by} build\n")


def host_toolchain_paths():
    """(binaries, directories, files) of the host's C/C++ toolchain that exist."""
    binaries = set()
    for name in HOST_TOOLS:
        for path in Path("/usr/bin").glob(name):
            if path.exists():
                binaries.add(str(path.resolve()))
    dirs = [d for d in HOST_DIRS if Path(d).is_dir()]
    files = [str(p) for name in HOST_FILES for p in [Path("/usr/lib/x86_64-linux-gnu") / name]
             if p.exists()]
    return sorted(binaries), dirs, files


def start_server_without_host_toolchain(checkout, output_base):
    """Starts the clone's Bazel server in a mount namespace where the host's
    compilers and binutils are /bin/false and its headers and crt files are
    gone. Later commands reuse that server, so every local action runs there."""
    binaries, dirs, files = host_toolchain_paths()
    script = ["set -e", "mount --make-rprivate /"]
    script += [f"mount -t tmpfs none '{d}'" for d in dirs]
    script += [f"mount --bind /dev/null '{f}'" for f in files]
    script += [f"mount --bind /bin/false '{b}'" for b in binaries]
    # Proof that the namespace is as intended before Bazel starts in it.
    script += ["if gcc --version >/dev/null 2>&1 || [ -e /usr/include/stdio.h ]; then "
               "echo 'host toolchain still reachable' >&2; exit 9; fi",
               'exec "$@"']
    cmd = ["unshare", "--mount", "--", "sh", "-c", "\n".join(script), "sh",
           str(checkout / "bazelw"), f"--output_base={output_base}", "info", "release"]
    proc = subprocess.run(cmd, cwd=checkout, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    if proc.returncode != 0:
        raise SetupFailed(f"starting Bazel without the host toolchain failed:\n{proc.stdout[-2000:]}")
    print(f"bazel server started with the host's C/C++ toolchain hidden: {len(binaries)} "
          f"binaries are /bin/false, {', '.join(dirs)} empty, {len(files)} crt/lib files empty",
          flush=True)


def build_flags(run_id, side, disk_cache, exec_log):
    return ["build", "--config=ci", f"--disk_cache={disk_cache}",
            f"--per_file_copt={RECOMPILED}@-DTORCH_MLIR_BUILT_BY={side}_{run_id}",
            # A new key for every link (mlir-tblgen's among them), the same on
            # both sides: links run in both builds and must agree byte for byte.
            # A define is ignored by a link (zig rejects -Wl,--defsym), so the
            # linked bytes are what they are without it.
            f"--linkopt=-DTORCH_MLIR_LINKED_FOR=check_{run_id}",
            *[f"--modify_execution_info={m}=+no-cache" for m in UNCACHED],
            *execution_log_flags(exec_log)]


def spawns_by_runner(exec_log):
    """Counter of (runner, mnemonic) for the spawns a build ran (not cache hits)."""
    ran, hits = ran_and_hits(read_execution_log(exec_log))
    return hits, Counter((s.get("runner", "?"), s.get("mnemonic", "?")) for s in ran)


def compilers_used(exec_log):
    """({driver argv[0]: count} over the C++ compiles and links a build ran,
    whether each had the pinned zig among its inputs)."""
    compilers = Counter()
    staged = True
    ran, _ = ran_and_hits(read_execution_log(exec_log))
    for spawn in ran:
        if spawn.get("mnemonic") not in ("CppCompile", "CppLink"):
            continue
        compilers[spawn.get("commandArgs", ["?"])[0]] += 1
        paths = {i.get("path") for i in spawn.get("inputs", [])}
        staged = staged and PINNED_COMPILER_INPUT in paths
    return compilers, staged


def pinned_only(compilers, staged):
    """Whether the compiles and links ran the pinned compiler (and at most its
    archiver besides), each with the pinned zig among its inputs."""
    return PINNED_COMPILER in compilers and set(compilers) <= PINNED_TOOLS and staged


# Where the targets' outputs are, under bazel-bin: our genrules' and our C++'s.
OUTPUT_DIRS = ["lib", "external/torch_mlir_cc/lib"]


def output_digests(checkout):
    """sha256 of every output file under OUTPUT_DIRS, by path (params files,
    which hold the command line and so the define, left out)."""
    bin_dir = checkout / "bazel-bin"
    return {str(p.relative_to(bin_dir)): sha256_file(p)
            for d in OUTPUT_DIRS for p in sorted((bin_dir / d).rglob("*"))
            if p.is_file() and not p.name.endswith(".params")}


def run(targets, disk_cache, tmp, jobs):
    ensure_sources()
    times = {}
    start = time.monotonic()
    classpath = build_worker(tmp / "worker_build")
    times["build the worker"] = time.monotonic() - start
    worker = Worker(tmp / "worker", classpath, jobs)
    b, base_b = tmp / "checkout_b", tmp / "output_base_b"
    try:
        worker.start(disk_cache)
        clone(b)
        start_server_without_host_toolchain(b, base_b)
        run_id = f"{int(time.time())}_{os.getpid()}"
        mark_registry(b, f"local_{run_id}")
        local_disk_cache = tmp / "local_disk_cache"
        link_disk_cache(disk_cache, local_disk_cache)

        times["local build"], _ = bazel(
            b, base_b, [*build_flags(run_id, "local", local_disk_cache, tmp / "exec_local.json"),
                        *targets],
            "the local build")
        _, local_runs = spawns_by_runner(tmp / "exec_local.json")
        compilers, staged = compilers_used(tmp / "exec_local.json")
        if not pinned_only(compilers, staged):
            raise CheckFailed(f"local C++ compiles and links must run {PINNED_COMPILER}; "
                              f"ran {dict(compilers)}")
        reference = output_digests(b)
        print(f"local: ran {dict(local_runs)}", flush=True)

        # Nothing may be up to date in the output base: the remote build
        # starts from the worker's store.
        bazel(b, base_b, ["clean"], "bazel clean")
        mark_registry(b, f"remote_{run_id}")
        times["remote build"], _ = bazel(
            b, base_b, [*build_flags(run_id, "remote", "", tmp / "exec_remote.json"),
                        "--config=remote-exec", f"--remote_executor={worker.url}", *targets],
            "the remote build")
        hits, remote_runs = spawns_by_runner(tmp / "exec_remote.json")
        print(f"remote: {hits} cache hits; ran {dict(remote_runs)}", flush=True)
        elsewhere = {k: n for k, n in remote_runs.items() if k[0] != "remote"}
        if elsewhere:
            raise CheckFailed(f"spawns ran outside the worker: {elsewhere}")
        ran = Counter(mnemonic for (_, mnemonic), n in remote_runs.items() for _ in range(n))
        for mnemonic in ["CppCompile", "CppLink", "Genrule", *UNCACHED]:
            if not ran[mnemonic]:
                raise CheckFailed(f"the worker ran no {mnemonic} action; the check proves "
                                  f"nothing for it (ran {dict(ran)})")

        # The compiles that ran remotely used the pinned toolchain, whose files
        # are action inputs: the worker needs no compiler of its own.
        compilers, staged = compilers_used(tmp / "exec_remote.json")
        if not pinned_only(compilers, staged):
            raise CheckFailed(f"remote C++ compiles and links must run {PINNED_COMPILER} with "
                              f"{PINNED_COMPILER_INPUT} among their inputs; ran {dict(compilers)}"
                              f"{'' if staged else ', without zig staged'}")
        print(f"remote compiles and links ran {PINNED_COMPILER} with zig staged as an input "
              f"({dict(compilers)})", flush=True)

        remote = output_digests(b)
        differ = sorted(p for p in reference.keys() | remote.keys()
                        if reference.get(p) != remote.get(p))
        print(f"outputs under bazel-bin ({', '.join(OUTPUT_DIRS)}): {len(remote)} files, "
              f"{len(differ)} differ", flush=True)
        if differ:
            raise CheckFailed("remote outputs differ from local ones: " + ", ".join(differ[:10]))
        objects = [p for p in remote if p.endswith(".o") and "TorchConversionOps" in p]
        if not objects or not any(p.endswith("GeneratedTorchOps.td") for p in remote):
            raise CheckFailed("the library's object or the generated ODS is missing from the "
                              "compared outputs")
        print(f"identical: {', '.join(objects)}, Torch/IR/GeneratedTorchOps.td, and the rest",
              flush=True)
    finally:
        worker.stop()
        expunge(b, base_b)
        for name, seconds in times.items():
            print(f"time: {name:24} {seconds:7.1f} s")
    print("remote execution check: OK")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", nargs="+", default=DEFAULT_TARGETS)
    parser.add_argument("--disk-cache", type=Path, default=DEFAULT_DISK_CACHE,
                        help="the disk cache both builds start from (default %(default)s)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                        help="actions the worker runs at once")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="torch-mlir-remote-exec."))
    try:
        return run_check("remote execution check",
                         lambda: run(args.targets, args.disk_cache.expanduser(), tmp, args.jobs))
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
