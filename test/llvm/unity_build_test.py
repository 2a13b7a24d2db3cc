"""The libraries utils/bazel/unity/libraries.bzl names are built in unity batches.

unity.bzl's cc_library falls back to the overlay's own library when it cannot
split a library's sources (a select) or is not loaded at all (the patch gone):
the build still works, only slower. This fails instead, naming the library.
Arguments: the library labels; data: the genquery of the batch targets found.
"""

import sys
import unittest
from pathlib import Path

QUERY = Path("test/llvm/unity_batch_targets")


def missing(libraries, batch_targets):
    """Libraries without a `<name>_unity` target among their srcs."""
    return [label for label in libraries if label + "_unity" not in batch_targets]


class UnityBuildTest(unittest.TestCase):
    def test_the_check_fires(self):
        self.assertEqual(missing(["@r//p:A"], {"@r//p:A_unity"}), [])
        self.assertEqual(missing(["@r//p:A", "@r//p:B"], {"@r//p:A_unity"}), ["@r//p:B"])

    def test_every_library_is_batched(self):
        self.assertTrue(LIBRARIES, "no libraries given")
        found = set(QUERY.read_text().split())
        self.assertEqual(missing(LIBRARIES, found), [])


if __name__ == "__main__":
    LIBRARIES = sys.argv[1:]
    unittest.main(argv=sys.argv[:1])
