"""What several benchmarks share: fresh venvs, the wheels Bazel built, and
upstream's torch-mlir 20261001 wheel (fetched with pip once, into a cache)."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CACHE = Path.home() / ".cache" / "torch-mlir" / "bench"
UPSTREAM = "torch-mlir==20261001"


def make_venv(path):
    """A fresh venv at `path`; returns its python."""
    if path.exists():
        shutil.rmtree(path)
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    return path / "bin" / "python"


def pip_install(python, requirements, no_deps=False, find_links=None):
    """`pip install --no-index` of wheel files or requirements (found in `find_links`)."""
    cmd = [str(python), "-m", "pip", "install", "-q", "--no-index"]
    cmd += ["--find-links", str(find_links)] if find_links else []
    cmd += ["--no-deps"] if no_deps else []
    subprocess.run(cmd + [str(r) for r in requirements], check=True)
    return python


def built_wheel(distribution):
    """`distribution`'s wheel in bazel-bin/python for the running Python, or None.

    bazel-bin may hold one per CPython (--config=py3XX) and per stamped
    version (a nightly's); pick this one's tag (or a pure py3 wheel), the
    most recently built.
    """
    tag = f"-cp{sys.version_info.major}{sys.version_info.minor}-"
    wheels = [w for w in (REPO / "bazel-bin" / "python").glob(f"{distribution}-*.whl")
              if tag in w.name or w.name.endswith("-py3-none-any.whl")]
    return max(wheels, key=lambda w: w.stat().st_mtime, default=None)


def upstream_wheel():
    """Upstream's torch-mlir 20261001 wheel, downloaded once into CACHE."""
    found = list(CACHE.glob("torch_mlir-20261001-*.whl"))
    if not found:
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d",
                        str(CACHE), UPSTREAM], check=True)
        found = list(CACHE.glob("torch_mlir-20261001-*.whl"))
    return found[0]


def upstream_opt():
    """Upstream's torch-mlir-opt, taken out of its wheel once."""
    target = CACHE / "upstream" / "torch-mlir-opt"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(upstream_wheel()) as zf:
            target.write_bytes(zf.read("torch_mlir/_mlir_libs/torch-mlir-opt"))
        target.chmod(0o755)
    return target


def run_worker(python, worker, bench, **constants):
    """Runs the program `worker` with `python`, in the repository, after
    REPO, RESULT (a JSON file it writes) and `constants` are defined as
    Python literals; returns what it wrote. Exits naming `bench` if it fails."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        result_path = f.name
    values = dict(REPO=str(REPO), RESULT=result_path, **constants)
    prelude = "".join(f"{name} = {value!r}\n" for name, value in values.items())
    if subprocess.run([str(python), "-c", prelude + worker], cwd=REPO).returncode:
        sys.exit(f"{bench}: the worker in {python.parent.parent} failed (above)")
    result = json.loads(Path(result_path).read_text())
    os.unlink(result_path)
    return result
