"""Proves the core wheel runs on a system older than the one that built it.

The build machine is Debian 12 (glibc 2.36); the pinned toolchain links
against glibc 2.28. This check runs the wheel on Debian 11 (glibc 2.31):

1. A Debian 11 root, made with `debootstrap --variant=minbase bullseye` from
   the mirror this machine's apt already uses, plus Debian 11's gcc, make and
   libffi. In it, CPython 3.11 is built from the pinned source (deps.lock's
   cpython-source: Debian's python3.11 source package), because Debian 11 has
   no Python the wheel supports. The root is cached under
   ~/.cache/torch-mlir/old-glibc/ and rebuilt when what it is made of changes
   (about 2 minutes on 2 cores; a few milliseconds otherwise).
2. Control: this machine's own python3.11 must fail to start in the root
   (it needs a newer glibc). Otherwise the root proves nothing.
3. The core wheel (`./bazelw build //python:torch_mlir_core_wheel`) and the
   pinned numpy are unpacked into the root. There, under the root's glibc:
   test/python/smoketest.py must print exactly the three expected lines,
   test/python/refbackend_test.py must pass (the JIT compiles and runs
   programs, checked against numpy), and the wheel's torch-mlir-opt must
   lower a Torch function to linalg.

Needs root (chroot, mount). Exit 0 when every check holds, 1 when one fails,
2 when the setup fails (no root, no debootstrap, no mirror).

Usage: python3 -m ci.old_glibc_check [--wheel PATH] [--cache DIR] [--rebuild-root]
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from ci.bazel import ROOT
from ci.debian import ensure_packages
from ci.failures import CheckFailed, SetupFailed, run_check
from utils.bazel.bootstrap import bootstrap  # the lock, the distdir and the apt mirror

SUITE = "bullseye"
GLIBC = "2.31"
# Debian 11's packages the root needs to build CPython (libffi: ctypes, which
# the JIT's Python side uses; zlib: zipimport and friends).
BUILD_PACKAGES = ["gcc", "make", "libc6-dev", "libffi-dev", "zlib1g-dev"]
PYTHON_PREFIX = "/opt/python3.11"
SMOKETEST_OUTPUT = "module {\n  %none = torch.constant.none\n}\n"
OPT_INPUT = """\
func.func @add(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %one = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %one : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}
"""
OPT_PIPELINE = "--torch-backend-to-linalg-on-tensors-backend-pipeline"


def log(message):
    print(f"old-glibc: {message}", flush=True)


def run(cmd, what, **kwargs):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kwargs)
    if proc.returncode != 0:
        tail = "\n".join(proc.stdout.strip().splitlines()[-20:])
        raise SetupFailed(f"{what} failed (exit {proc.returncode}):\n{tail}")
    return proc.stdout


def in_root(root, argv, env=None):
    """Runs argv inside `root` (its own mount namespace, /proc mounted), returns the process."""
    env_args = [f"{k}={v}" for k, v in (env or {}).items()]
    script = 'mount -t proc proc "$0/proc" && exec chroot "$0" /usr/bin/env -i "$@"'
    return subprocess.run(
        ["unshare", "--mount", "--fork", "sh", "-c", script, str(root),
         "PATH=/usr/bin:/bin", "HOME=/tmp", *env_args, *argv],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def lock_input(name):
    for item in bootstrap.read_lock(bootstrap.DEFAULT_LOCK):
        if item.name == name:
            return item
    raise SetupFailed(f"deps.lock has no input named {name}")


def root_recipe():
    """What the root is made of; a change rebuilds it."""
    source = lock_input("cpython-source")
    return {"suite": SUITE, "packages": BUILD_PACKAGES, "python": source.sha256,
            "prefix": PYTHON_PREFIX, "format": 1}


def recipe_digest(recipe):
    return hashlib.sha256(json.dumps(recipe, sort_keys=True).encode()).hexdigest()[:16]


def ensure_root(cache, rebuild):
    recipe = root_recipe()
    root = cache / f"{SUITE}-{recipe_digest(recipe)}"
    stamp = root / ".torch-mlir-recipe.json"
    if not rebuild and stamp.exists() and json.loads(stamp.read_text()) == recipe:
        log(f"reusing the Debian 11 root {root}")
        return root
    for old in cache.glob(f"{SUITE}-*"):
        shutil.rmtree(old, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    stanza = bootstrap._find_debian_stanza()
    if stanza is None:
        raise SetupFailed("no Debian mirror in /etc/apt/sources.list(.d) to debootstrap from")
    mirror = stanza[0].split()[0]
    ensure_packages(["debootstrap"], lambda: bool(shutil.which("debootstrap")), "debootstrap")
    scratch = Path(tempfile.mkdtemp(dir=cache, prefix=".making-"))
    try:
        log(f"debootstrap --variant=minbase {SUITE} (Debian's packages, this machine's mirror)")
        run(["debootstrap", "--variant=minbase", SUITE, str(scratch), mirror], "debootstrap")
        shutil.copyfile("/etc/resolv.conf", scratch / "etc" / "resolv.conf")
        log("apt-get install " + " ".join(BUILD_PACKAGES) + " (Debian 11's)")
        proc = in_root(scratch, ["apt-get", "install", "-y", "-q", "--no-install-recommends",
                                 *BUILD_PACKAGES],
                       env={"DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"})
        if proc.returncode != 0:
            raise SetupFailed(f"apt-get install in the root failed:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
        build_python(scratch)
        stamp_tmp = scratch / ".torch-mlir-recipe.json"
        stamp_tmp.write_text(json.dumps(recipe, sort_keys=True))
        os.replace(scratch, root)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return root


def build_python(root):
    source = lock_input("cpython-source")
    tarball = bootstrap.default_distdir() / source.file
    bootstrap.check_file(source, tarball)
    build = root / "build"
    build.mkdir()
    run(["tar", "-xzf", str(tarball), "-C", str(build), "--no-same-owner"], "extracting CPython")
    log(f"building CPython {source.version} in the root with Debian 11's gcc")
    script = (f"cd /build/Python-{source.version} && "
              f"./configure --prefix={PYTHON_PREFIX} --without-ensurepip --disable-test-modules "
              f"&& make -j{os.cpu_count() or 2} && make install")
    proc = in_root(root, ["sh", "-c", script + " > /build/log 2>&1"])
    if proc.returncode != 0:
        log_text = (build / "log").read_text(errors="replace") if (build / "log").exists() else ""
        raise SetupFailed(f"building CPython in the root failed:\n{log_text[-3000:]}")
    shutil.rmtree(build)


def check_control(root):
    """This machine's python3.11 must not start in the root: it needs a newer glibc."""
    host_python = Path(sys.executable).resolve()
    libdir = host_python.parent.parent / "lib"
    control = root / "tmp" / "control"
    shutil.rmtree(control, ignore_errors=True)
    control.mkdir(parents=True)
    shutil.copy2(host_python, control / "python3")
    for lib in libdir.glob("libpython3*.so*"):
        shutil.copy2(lib, control / lib.name)
    proc = in_root(root, ["/tmp/control/python3", "-c", "print('started')"],
                   env={"LD_LIBRARY_PATH": "/tmp/control"})
    shutil.rmtree(control, ignore_errors=True)
    if proc.returncode == 0:
        raise CheckFailed("control: this machine's python3.11 runs in the Debian 11 root, so the "
                          "root's glibc is not older than the build machine's; it proves nothing")
    if "GLIBC_" not in proc.stderr:
        raise CheckFailed(f"control: this machine's python3.11 failed in the root, but not for "
                          f"its glibc:\n{proc.stderr}")
    log("control: this machine's python3.11 does not start there: "
        + proc.stderr.strip().splitlines()[0])


def glibc_version(root):
    proc = in_root(root, ["ldd", "--version"])
    first = (proc.stdout or proc.stderr).splitlines()[0]
    return first.rsplit(" ", 1)[-1]


def built_wheel():
    wheels = sorted((ROOT / "bazel-bin" / "python").glob("torch_mlir_core-*-cp311-cp311-*.whl"),
                    key=lambda p: p.stat().st_mtime)
    if not wheels:
        raise SetupFailed("no core wheel in bazel-bin/python; build //python:torch_mlir_core_wheel")
    return wheels[-1]


def install(root, wheel):
    """Unpacks the wheel and numpy into /tmp/check/site in the root (no pip there)."""
    check = root / "tmp" / "check"
    shutil.rmtree(check, ignore_errors=True)
    site = check / "site"
    site.mkdir(parents=True)
    numpy = lock_input("numpy")
    numpy_file = bootstrap.default_distdir() / numpy.file
    bootstrap.check_file(numpy, numpy_file)
    for archive in (wheel, numpy_file):
        with zipfile.ZipFile(archive) as zf:
            for info in zf.infolist():
                path = zf.extract(info, site)
                mode = (info.external_attr >> 16) & 0o777
                if mode:
                    os.chmod(path, mode)
    for test in ("smoketest.py", "refbackend_test.py"):
        shutil.copyfile(ROOT / "test" / "python" / test, check / test)
    (check / "add.mlir").write_text(OPT_INPUT)
    return check


def check_wheel(root, wheel):
    check = install(root, wheel)
    python = f"{PYTHON_PREFIX}/bin/python3.11"
    env = {"PYTHONPATH": "/tmp/check/site", "PYTHONNOUSERSITE": "1"}

    proc = in_root(root, [python, "/tmp/check/smoketest.py"], env)
    if proc.returncode != 0 or proc.stdout != SMOKETEST_OUTPUT:
        raise CheckFailed(f"smoketest.py under glibc {GLIBC}: exit {proc.returncode}\n"
                          f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
    log("smoketest.py prints the expected module")

    proc = in_root(root, [python, "/tmp/check/refbackend_test.py"], env)
    if proc.returncode != 0:
        raise CheckFailed(f"refbackend_test.py under glibc {GLIBC}: exit {proc.returncode}\n"
                          f"{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    summary = [l for l in proc.stderr.splitlines() if l.startswith(("Ran ", "OK"))]
    log("refbackend_test.py (JIT, checked against numpy): " + ", ".join(summary))

    opt = "/tmp/check/site/torch_mlir/_mlir_libs/torch-mlir-opt"
    proc = in_root(root, [opt, OPT_PIPELINE, "/tmp/check/add.mlir"])
    if proc.returncode != 0 or "linalg.generic" not in proc.stdout or "torch.aten" in proc.stdout:
        raise CheckFailed(f"torch-mlir-opt {OPT_PIPELINE} under glibc {GLIBC}: exit "
                          f"{proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
    log("torch-mlir-opt lowers torch.aten.add.Tensor to linalg.generic")
    shutil.rmtree(check, ignore_errors=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help="default: the newest cp311 core wheel in bazel-bin")
    parser.add_argument("--cache", type=Path,
                        default=Path.home() / ".cache" / "torch-mlir" / "old-glibc")
    parser.add_argument("--rebuild-root", action="store_true")
    args = parser.parse_args(argv)

    def check():
        if os.geteuid() != 0:
            raise SetupFailed("needs root (debootstrap, chroot, mount)")
        wheel = args.wheel or built_wheel()
        log(f"wheel {wheel.name}")
        root = ensure_root(args.cache, args.rebuild_root)
        version = glibc_version(root)
        if version != GLIBC:
            raise CheckFailed(f"the Debian 11 root has glibc {version}, expected {GLIBC}")
        log(f"the root's glibc is {version}")
        check_control(root)
        check_wheel(root, wheel)
        log("PASSED")

    return run_check("old-glibc", check)


if __name__ == "__main__":
    sys.exit(main())
