"""Formats our C and C++ with the pinned clang-format, in LLVM's style.

    ./bazelw run //tools/format              # rewrites what is not formatted
    ./bazelw run //tools/format -- --check   # lists it, with a diff; changes nothing

The files: the sources and headers under lib/, tools/, python/core/,
test/CAPI/ and examples/consumer/ (not LLVM's, not generated ones). The style
is the repository's .clang-format. Exit 1 with --check when a file is not
formatted, 2 when clang-format itself fails.
"""

import argparse
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import clang_format

DIRECTORIES = ["lib", "tools", "python/core", "test/CAPI", "examples/consumer"]
SUFFIXES = {".c", ".cpp", ".h"}


def clang_format_binary():
    """The pinned wheel's clang-format, executable. Bazel unpacks the wheel
    without file modes, so a copy with the executable bit is made once."""
    binary = Path(clang_format.__file__).parent / "data" / "bin" / "clang-format"
    if os.access(binary, os.X_OK):
        return binary
    copy = Path(tempfile.gettempdir()) / f"torch-mlir-clang-format-{clang_format_version()}"
    if not os.access(copy, os.X_OK):
        partial = copy.with_suffix(f".{os.getpid()}")
        shutil.copyfile(binary, partial)
        partial.chmod(0o755)
        os.replace(partial, copy)
    return copy


def clang_format_version():
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("clang-format")
    except PackageNotFoundError:  # Bazel's unpacked wheel keeps its dist-info
        dist = next(Path(clang_format.__file__).parent.parent.glob("clang_format-*.dist-info"))
        return dist.name.split("-")[1].removesuffix(".dist-info")


def sources(root):
    """Our C and C++ files under root, sorted, as paths relative to it."""
    found = []
    for directory in DIRECTORIES:
        for path in (root / directory).rglob("*"):
            if path.suffix in SUFFIXES and path.is_file():
                found.append(path.relative_to(root))
    return sorted(found)


def formatted(root, path):
    """What clang-format makes of root/path."""
    proc = subprocess.run([str(clang_format_binary()), f"--style=file:{root / '.clang-format'}",
                           str(root / path)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"clang-format failed on {path}: {proc.stderr.strip()}")
    return proc.stdout


def unformatted(root, paths):
    """{path: (its text, the formatted text)} of the files that differ."""
    found = {}
    for path in paths:
        text = (root / path).read_text()
        new = formatted(root, path)
        if new != text:
            found[path] = (text, new)
    return found


def diff(path, text, new, lines=40):
    out = list(difflib.unified_diff(text.splitlines(True), new.splitlines(True),
                                    f"a/{path}", f"b/{path}"))
    return "".join(out[:lines]) + (f"... ({len(out) - lines} more diff lines)\n"
                                   if len(out) > lines else "")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    parser.add_argument("--root", type=Path, default=Path(os.environ.get(
        "BUILD_WORKSPACE_DIRECTORY", ".")), help="the repository (default: where bazel run ran)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    if not (root / ".clang-format").is_file():
        print(f"format: no .clang-format in {root}; run it with ./bazelw run //tools/format",
              file=sys.stderr)
        return 2
    paths = sources(root)
    try:
        found = unformatted(root, paths)
    except RuntimeError as e:
        print(f"format: {e}", file=sys.stderr)
        return 2
    for path, (text, new) in found.items():
        if args.check:
            sys.stdout.write(diff(path, text, new))
        else:
            (root / path).write_text(new)
    verb = "not formatted" if args.check else "formatted"
    print(f"format: {len(paths)} files, {len(found)} {verb}"
          + (": " + ", ".join(str(p) for p in found) if found else ""))
    return 1 if args.check and found else 0


if __name__ == "__main__":
    sys.exit(main())
