"""A fresh venv in the test's temp dir, for installing wheels as a user does."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


class FreshVenv:
    """A venv with a minimal environment; commands run from a scratch dir, so
    nothing from the source tree can be imported by accident."""

    def __init__(self, python=sys.executable):
        self.tmp = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")))
        self.env = {"PATH": "/usr/bin:/bin", "HOME": str(self.tmp), "PIP_NO_CACHE_DIR": "1",
                    "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
        self.root = self.tmp / "venv"
        subprocess.run([python, "-m", "venv", str(self.root)], check=True, env=self.env)
        self.bin = self.root / "bin"

    def run(self, command, **kwargs):
        """Runs `command` in the scratch dir, with the venv's environment."""
        return subprocess.run(command, capture_output=True, text=True, env=self.env,
                              cwd=str(self.tmp), **kwargs)

    def python(self, args, **kwargs):
        return self.run([str(self.bin / "python")] + args, **kwargs)

    def pip_install(self, *args):
        """`pip install --no-index ARGS`; raises with pip's output if it fails."""
        proc = self.python(["-m", "pip", "install", "--no-index", *args])
        if proc.returncode != 0:
            raise AssertionError(f"pip install failed:\n{proc.stdout}{proc.stderr}")

    def pip_install_with(self, find_links, *wheels):
        """pip_install(wheels), letting pip take what they require from the
        wheel files `find_links` (gathered in one directory, as pip wants)."""
        links = self.tmp / "links"
        links.mkdir(exist_ok=True)
        for wheel in find_links:
            link = links / Path(wheel).name
            if not link.exists():
                link.symlink_to(Path(wheel).resolve())
        self.pip_install("--find-links", str(links), *[str(Path(w).resolve()) for w in wheels])

    def remove(self):
        shutil.rmtree(self.tmp, ignore_errors=True)
