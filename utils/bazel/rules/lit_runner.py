"""Runs one lit test under Bazel: puts the given tools on PATH, then runs lit.

Usage: lit_runner.py --tool=PATH [--tool=PATH ...] TEST_FILE
"""

import os
import sys

from lit.main import main as lit_main


def run(argv):
    tools = [a.split("=", 1)[1] for a in argv if a.startswith("--tool=")]
    tests = [a for a in argv if not a.startswith("--tool=")]
    if not tests:
        sys.exit("lit_runner: no test file given")
    missing = [t for t in tools if not os.access(t, os.X_OK)]
    if missing:
        sys.exit("lit_runner: tools not found or not executable: " + ", ".join(missing))
    tool_dirs = sorted({os.path.dirname(os.path.abspath(t)) for t in tools})
    os.environ["PATH"] = os.pathsep.join(tool_dirs + [os.environ.get("PATH", "")])
    # lit exits through sys.exit with its own status; -v prints failing output.
    sys.argv = ["lit", "-v", "--param", "python=" + sys.executable] + tests
    lit_main()


if __name__ == "__main__":
    run(sys.argv[1:])
