"""Debian packages a check installs when they are missing (it runs as root in CI)."""

import os
import subprocess

from ci.failures import SetupFailed


def ensure_packages(packages, present, what):
    """Installs `packages` with apt-get unless `present()` is already true.

    `what` names the check's need in messages. Raises SetupFailed when not
    root, when apt-get fails, or when `present()` is still false after."""
    if present():
        return
    if os.geteuid() != 0:
        raise SetupFailed(f"{what} is missing; install Debian's {' '.join(packages)} (needs root).")
    print(f"installing Debian's {' '.join(packages)}", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-q"],
                ["apt-get", "install", "-y", "-q", "--no-install-recommends", *packages]):
        if subprocess.run(cmd, env=env).returncode != 0:
            raise SetupFailed(f"`{' '.join(cmd)}` failed; is the package registry reachable?")
    if not present():
        raise SetupFailed(f"{' '.join(packages)} installed, but {what} is still missing.")
