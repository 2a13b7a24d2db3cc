"""Every patch to the pinned LLVM source says why, and deps.bzl applies each one.

utils/bazel/patches/README.md asks for one `Why:` line first; a patch that
deps.bzl does not list is dead, and a listed one that is missing breaks the
fetch with a less helpful message than this.
"""

import re
import sys
import unittest
from pathlib import Path

PATCHES = Path("utils/bazel/patches")
DEPS = Path("utils/bazel/deps.bzl")


def listed_patches(deps_text):
    return set(re.findall(r'"//utils/bazel/patches:([^"]+\.patch)"', deps_text))


def problems(patch_texts, deps_text):
    """Messages for each rule broken; patch_texts maps file name to contents."""
    found = []
    for name, text in sorted(patch_texts.items()):
        first = text.splitlines()[0] if text else ""
        if not first.startswith("Why: ") or len(first) < 20:
            found.append(f"{name}: the first line must be 'Why: <reason>', not {first[:40]!r}")
        if not re.search(r"^--- a/", text, re.M) or not re.search(r"^\+\+\+ b/", text, re.M):
            found.append(f"{name}: no '--- a/' and '+++ b/' lines (apply with -p1)")
    listed = listed_patches(deps_text)
    for name in sorted(set(patch_texts) - listed):
        found.append(f"{name}: not applied (not listed in {DEPS})")
    for name in sorted(listed - set(patch_texts)):
        found.append(f"{name}: listed in {DEPS} but missing")
    return found


class PatchesTest(unittest.TestCase):
    def test_the_check_fires(self):
        deps = '"//utils/bazel/patches:a.patch"'
        self.assertEqual(problems({"a.patch": "Why: because of a reason\n--- a/x\n+++ b/x\n"}, deps), [])
        self.assertEqual(len(problems({"a.patch": "--- a/x\n+++ b/x\n"}, deps)), 1)
        self.assertEqual(len(problems({"b.patch": "Why: because of a reason\n--- a/x\n+++ b/x\n"},
                                      deps)), 2)

    def test_patches(self):
        texts = {p.name: p.read_text() for p in PATCHES.glob("*.patch")}
        self.assertTrue(texts, f"no patches found under {PATCHES}")
        self.assertEqual(problems(texts, DEPS.read_text()), [])


if __name__ == "__main__":
    sys.exit(unittest.main())
