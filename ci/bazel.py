"""Running ./bazelw for a check: in this checkout or a clone of it, with its
own output base, its output echoed as it comes and kept for reading."""

import subprocess
import sys
import time
from pathlib import Path

from ci.failures import CheckFailed

ROOT = Path(__file__).resolve().parents[1]

# What a `bazel run` sets for the program it runs; a nested ./bazelw must not see them.
BAZEL_RUN_VARIABLES = ("BUILD_WORKSPACE_DIRECTORY", "BUILD_WORKING_DIRECTORY", "RUNFILES_DIR",
                       "RUNFILES_MANIFEST_FILE", "PYTHONPATH")


def stream(cmd, cwd, env=None, indent=""):
    """Runs cmd, echoing its combined output as it comes; returns (exit status, output)."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    lines = []
    for line in proc.stdout:
        sys.stdout.write(indent + line)
        sys.stdout.flush()
        lines.append(line)
    proc.wait()
    return proc.returncode, "".join(lines)


def bazel(checkout, output_base, args, what):
    """Runs checkout's ./bazelw; returns (seconds, combined output). Raises
    CheckFailed naming `what` if it fails."""
    startup = [f"--output_base={output_base}"] if output_base else []
    start = time.monotonic()
    status, output = stream([str(checkout / "bazelw"), *startup, *args], checkout)
    if status != 0:
        raise CheckFailed(f"{what} failed (exit {status})")
    return time.monotonic() - start, output


def clone(dest):
    """A clone of this checkout's committed state (no hard links into it)."""
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(dest)], check=True)


def expunge(checkout, output_base):
    """Deletes the clone's output base (`bazel clean --expunge`), quietly."""
    if checkout.exists() and output_base.exists():
        subprocess.run([str(checkout / "bazelw"), f"--output_base={output_base}", "clean",
                        "--expunge"], cwd=checkout, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)


def built_files(output):
    """The output paths a `bazel build` lists under 'Target ... up-to-date:'."""
    files, listing = [], False
    for line in output.splitlines():
        text = line.split(") ", 1)[1] if line.startswith("(") and ") " in line else line
        if text.startswith("Target ") and text.rstrip().endswith("up-to-date:"):
            listing = True
        elif listing and text.startswith("  "):
            files.append(text.strip())
        else:
            listing = False
    return files
