#!/usr/bin/env python3
"""Bounds Bazel's --disk_cache, which Bazel 4 lets grow forever.

Deletes least-recently-used entries (by the later of access and modification
time) until the cache is at most --max-gb. Touches nothing but regular files
under the cache's ac/ and cas/ directories.

Usage: prune_disk_cache.py [--cache DIR] [--max-gb 20] [--dry-run]
"""

import argparse
import os
import sys
from pathlib import Path

DEFAULT_CACHE = Path.home() / ".cache" / "torch-mlir-build" / "disk_cache"
GB = 1 << 30


def entries(cache):
    """Yields (last_use, size, path) for every cache entry."""
    for sub in ("ac", "cas"):
        for dirpath, _, files in os.walk(cache / sub):
            for name in files:
                path = Path(dirpath) / name
                try:
                    st = path.lstat()
                except FileNotFoundError:
                    continue
                yield max(st.st_atime_ns, st.st_mtime_ns), st.st_size, path


def prune(cache, max_bytes, dry_run=False):
    """Returns (bytes before, bytes after, files removed)."""
    found = sorted(entries(cache))
    total = before = sum(size for _, size, _ in found)
    removed = 0
    for _, size, path in found:
        if total <= max_bytes:
            break
        if not dry_run:
            path.unlink(missing_ok=True)
        total -= size
        removed += 1
    return before, total, removed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--max-gb", type=float, default=20.0)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    if not (args.cache / "cas").is_dir():
        print(f"prune_disk_cache: no disk cache at {args.cache}; nothing to do")
        return 0
    before, after, removed = prune(args.cache, int(args.max_gb * GB), args.dry_run)
    verb = "would remove" if args.dry_run else "removed"
    print(f"prune_disk_cache: {args.cache}: {before / GB:.2f} GB -> {after / GB:.2f} GB "
          f"(limit {args.max_gb:g} GB), {verb} {removed} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
