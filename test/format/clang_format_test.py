"""Our C and C++ are formatted (tools/format, the pinned clang-format, .clang-format).

The tree checked is the one the .clang-format runfile links into (the test is
tagged `external`: it runs every time rather than trusting a cached pass).
On failure it prints a diff per file; `./bazelw run //tools/format` fixes them.
"""

import os
import tempfile
import unittest
from pathlib import Path

from tools.format import format as fmt

ROOT = Path(".clang-format").resolve().parent


class ClangFormatTest(unittest.TestCase):
    def test_the_check_fires(self):
        with tempfile.TemporaryDirectory(dir=os.environ.get("TEST_TMPDIR")) as tmp:
            tmp = Path(tmp)
            (tmp / ".clang-format").write_text((ROOT / ".clang-format").read_text())
            (tmp / "lib").mkdir()
            (tmp / "lib" / "Good.cpp").write_text("int f(int x) { return x + 1; }\n")
            (tmp / "lib" / "Bad.cpp").write_text("int  f( int x ){return x+1;}\n")
            self.assertEqual(fmt.sources(tmp), [Path("lib/Bad.cpp"), Path("lib/Good.cpp")])
            self.assertEqual(list(fmt.unformatted(tmp, fmt.sources(tmp))), [Path("lib/Bad.cpp")])
            self.assertEqual(fmt.main(["--check", "--root", str(tmp)]), 1)
            self.assertEqual(fmt.main(["--root", str(tmp)]), 0)  # formats it
            self.assertEqual((tmp / "lib" / "Bad.cpp").read_text(),
                             "int f(int x) { return x + 1; }\n")
            self.assertEqual(fmt.main(["--check", "--root", str(tmp)]), 0)

    def test_our_sources_are_formatted(self):
        self.assertTrue((ROOT / "WORKSPACE").is_file(), f"{ROOT} is not the source tree")
        paths = fmt.sources(ROOT)
        self.assertGreater(len(paths), 40, "too few sources found: is DIRECTORIES right?")
        found = fmt.unformatted(ROOT, paths)
        diffs = "".join(fmt.diff(p, text, new, lines=20) for p, (text, new) in found.items())
        self.assertEqual(sorted(map(str, found)), [],
                         "not formatted; ./bazelw run //tools/format fixes them:\n" + diffs)


if __name__ == "__main__":
    unittest.main()
