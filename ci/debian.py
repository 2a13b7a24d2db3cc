"""Debian packages a check installs when they are missing (it runs as root in CI)."""

import fcntl
import os
import subprocess

from ci.failures import SetupFailed

# Checks run side by side (.ci/run) and may install at the same moment; apt
# takes one at a time and fails the other at once, so they queue here first.
LOCK = "/tmp/torch-mlir-ci-apt.lock"


def ensure_packages(packages, present, what):
    """Installs `packages` with apt-get unless `present()` is already true.

    `what` names the check's need in messages. Raises SetupFailed when not
    root, when apt-get fails, or when `present()` is still false after."""
    if present():
        return
    if os.geteuid() != 0:
        raise SetupFailed(f"{what} is missing; install Debian's {' '.join(packages)} (needs root).")
    with open(LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if present():  # another check installed it meanwhile
            return
        print(f"installing Debian's {' '.join(packages)}", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        # apt's own lock, held by anything else on the machine: wait for it.
        wait = ["-o", "DPkg::Lock::Timeout=300"]
        for cmd in (["apt-get", *wait, "update", "-q"],
                    ["apt-get", *wait, "install", "-y", "-q", "--no-install-recommends",
                     *packages]):
            if subprocess.run(cmd, env=env).returncode != 0:
                raise SetupFailed(f"`{' '.join(cmd)}` failed; is the package registry reachable?")
    if not present():
        raise SetupFailed(f"{' '.join(packages)} installed, but {what} is still missing.")
