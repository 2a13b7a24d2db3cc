"""The pinned toolchain's drivers (utils/bazel/toolchain), outside Bazel's own actions.

Each test runs the drivers from a scratch "execroot" laid out as Bazel's
(external/zig_sdk next to utils/bazel/toolchain), as Bazel would call them.
"""

import os
import subprocess
import tempfile
import unittest
from pathlib import Path

from elftools.elf.elffile import ELFFile

RUNFILES = Path(os.environ["TEST_SRCDIR"])
TOOLCHAIN = RUNFILES / "torch_mlir" / "utils" / "bazel" / "toolchain"
ZIG_SDK = RUNFILES / "zig_sdk"
GLIBC = (2, 28)

CXX_PROGRAM = r"""
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>
int main(int argc, char **argv) {
  std::vector<std::string> words(argv + 1, argv + argc);
  try {
    if (words.empty()) throw std::runtime_error("no words");
    std::cout << words.size() << " words, first " << words.front() << "\n";
  } catch (const std::exception &e) {
    std::cout << "caught: " << e.what() << "\n";
  }
  return 0;
}
"""
# Valid C, not C++ (`new` is a keyword there): proves .c compiles as C.
C_PROGRAM = "int twice(int new) { return 2 * new; }\n"


def glibc_versions(path):
    with open(path, "rb") as f:
        section = ELFFile(f).get_section_by_name(".gnu.version_r")
        found = set()
        for _, auxiliaries in section.iter_versions():
            for aux in auxiliaries:
                if aux.name.startswith("GLIBC_") and aux.name[6:7].isdigit():
                    found.add(tuple(int(p) for p in aux.name[6:].split(".")))
        return found


def needed(path):
    with open(path, "rb") as f:
        dynamic = ELFFile(f).get_section_by_name(".dynamic")
        return {tag.needed for tag in dynamic.iter_tags() if tag.entry.d_tag == "DT_NEEDED"}


def has_symtab(path):
    with open(path, "rb") as f:
        return ELFFile(f).get_section_by_name(".symtab") is not None


def driver(root, name, *args, check=True):
    proc = subprocess.run([f"utils/bazel/toolchain/{name}", *args], cwd=root,
                          capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    if check and proc.returncode != 0:
        raise AssertionError(f"{name} {args} failed:\n{proc.stderr}")
    return proc


class DriversTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")))
        (cls.root / "external").mkdir()
        (cls.root / "external" / "zig_sdk").symlink_to(ZIG_SDK)
        (cls.root / "utils" / "bazel").mkdir(parents=True)
        (cls.root / "utils" / "bazel" / "toolchain").symlink_to(TOOLCHAIN)
        # One C++ program, compiled (with a dependency file) and linked once.
        (cls.root / "main.cc").write_text(CXX_PROGRAM)
        driver(cls.root, "zig-cc", "-target", "x86_64-linux-gnu.2.28", "-O2", "-MD", "-MF",
               "main.d", "-c", "main.cc", "-o", "main.o")
        driver(cls.root, "zig-cc", "-target", "x86_64-linux-gnu.2.28", "main.o", "-o", "main")

    def driver(self, name, *args, check=True):
        return driver(self.root, name, *args, check=check)

    def build_program(self, name="main"):
        """A fresh copy of the linked program, for tests that change it."""
        copy = self.root / name
        if name != "main":
            copy.write_bytes((self.root / "main").read_bytes())
            copy.chmod(0o755)
        return copy

    def test_headers_come_from_the_sdk_only(self):
        self.build_program()
        deps = (self.root / "main.d").read_text().replace("\\\n", " ").split()
        headers = [d for d in deps[1:] if d != "main.cc"]
        self.assertGreater(len(headers), 50)
        elsewhere = [h for h in headers if not h.startswith("external/zig_sdk/lib/")]
        self.assertEqual(elsewhere, [], "headers from outside the pinned SDK")

    def test_program_runs_and_needs_only_old_glibc(self):
        program = self.build_program()
        out = subprocess.run([str(program), "alpha", "beta"], capture_output=True, text=True)
        self.assertEqual(out.stdout, "2 words, first alpha\n")
        out = subprocess.run([str(program)], capture_output=True, text=True)
        self.assertEqual(out.stdout, "caught: no words\n")
        versions = glibc_versions(program)
        self.assertTrue(versions)
        self.assertLessEqual(max(versions), GLIBC, sorted(versions))
        # libc++ is linked in: no libstdc++ or libgcc_s from the system.
        self.assertFalse({n for n in needed(program) if "stdc++" in n or "gcc_s" in n})

    def test_c_sources_compile_as_c(self):
        (self.root / "twice.c").write_text(C_PROGRAM)
        self.driver("zig-cc", "-target", "x86_64-linux-gnu.2.28", "-c", "twice.c", "-o", "twice.o")
        (self.root / "twice.cc").write_text(C_PROGRAM)
        proc = self.driver("zig-cc", "-target", "x86_64-linux-gnu.2.28", "-c", "twice.cc",
                           "-o", "twice_cc.o", check=False)
        self.assertNotEqual(proc.returncode, 0, "C++ accepted `new` as a parameter name")

    def test_archive_and_strip(self):
        (self.root / "twice.c").write_text(C_PROGRAM)
        self.driver("zig-cc", "-target", "x86_64-linux-gnu.2.28", "-c", "twice.c", "-o", "twice.o")
        self.driver("zig-ar", "rcsD", "libtwice.a", "twice.o")
        self.assertTrue((self.root / "libtwice.a").read_bytes().startswith(b"!<arch>\n"))

        program = self.build_program("to_strip")
        self.assertTrue(has_symtab(program))
        # Bazel's form: -S -p -o OUT IN (debug sections only; symbols stay).
        self.driver("zig-strip", "-S", "-p", "-o", "main.debugless", "to_strip")
        self.assertTrue(has_symtab(self.root / "main.debugless"))
        # The wheelmaker's form: in place, symbol table gone, still runs.
        self.driver("zig-strip", "--strip-unneeded", "to_strip")
        self.assertFalse(has_symtab(program))
        out = subprocess.run([str(program), "x"], capture_output=True, text=True)
        self.assertEqual(out.stdout, "1 words, first x\n")

    def test_missing_tools_say_so(self):
        proc = self.driver("zig-unsupported", "--version", check=False)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("has no zig-unsupported", proc.stderr)
        proc = self.driver("zig-strip", check=False)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("no input file", proc.stderr)


if __name__ == "__main__":
    unittest.main()
