"""Every repository path and Bazel label the README and docs/ name exists.

Paths: Markdown links (relative to the document), and anything in the text
or its code blocks that starts with one of the tree's top-level directories
(`lib/...`, `test/python/smoketest.py`, `ci/...`). Labels: `//pkg:name`,
`//pkg`, `//pkg/...` and `@torch_mlir//...` (other repositories' labels are
theirs to keep). A label's package must have a BUILD.bazel, and its name must
be a target declared there (`name = "..."`), a file of the package, or a lit
test of one (`<file>.test`). Text with a placeholder (`...`, `*`, `<x>`) is
an example, not a path.

The documents come from the runfiles; the tree they are checked against is
the one the README's runfile links into (this test is tagged `external`, so
it runs again each time rather than trusting a cached pass).
"""

import re
import sys
import unittest
from pathlib import Path

TOP_LEVEL = ("lib", "tools", "python", "test", "utils", "ci", "bench", "docs", "examples", ".ci")
PATH = re.compile(r"(?<![\w./@~-])((?:%s)/[\w./+-]*[\w/])" % "|".join(re.escape(t) for t in TOP_LEVEL))
LABEL = re.compile(r"(?<![\w@:-])(@torch_mlir)?//([\w./+-]*)(?::([\w./+-]+))?")
LINK = re.compile(r"\]\(([^)\s]+)\)")
PLACEHOLDER = re.compile(r"\.\.\.|[*<>{}]")


def declared_names(build_file):
    return set(re.findall(r'\bname\s*=\s*"([^"]+)"', build_file.read_text()))


def label_problem(root, package, name):
    """Why //package:name does not exist in the tree at root, or None."""
    if package.endswith("/...") or package == "...":
        package = package[:-3].rstrip("/")
        return None if (root / package).is_dir() else f"no directory {package or '.'}"
    build = root / package / "BUILD.bazel"
    if not build.is_file():
        return f"no package {package or '(root)'} ({build.relative_to(root)} is missing)"
    if name is None:
        name = package.rsplit("/", 1)[-1]
    if name in declared_names(build) or (root / package / name).is_file():
        return None
    if name.endswith(".test") and (root / package / name[:-len(".test")]).is_file():
        return None  # a lit test (utils/bazel/rules/lit.bzl names them after their file)
    return f"no target {name} in {build.relative_to(root)}"


def problems(root, documents):
    """Messages for each missing path or label; documents maps a path
    (relative to root) to its text."""
    found = []
    for doc, text in sorted(documents.items()):
        here = (root / doc).parent
        for link in LINK.findall(text):
            target = link.split("#", 1)[0]
            if not target or re.match(r"\w+:", target) or PLACEHOLDER.search(target):
                continue
            if not (here / target).exists():
                found.append(f"{doc}: link to {link}, which does not exist")
        for line in text.splitlines():
            for path in PATH.findall(line):
                if PLACEHOLDER.search(path) or line[line.find(path) + len(path):].startswith(("...", "*")):
                    continue
                if not (root / path).exists():
                    found.append(f"{doc}: {path} does not exist")
            for match in LABEL.finditer(line):
                _, package, name = match.groups()
                if line[match.end():].startswith(("<", "*", ":<", ":*")):
                    continue  # //pkg:<name>, an example
                why = label_problem(root, package.rstrip("/"), name)
                if why:
                    found.append(f"{doc}: {match.group(0)}: {why}")
    return found


def source_root():
    """The tree the runfiles link into: the README's real directory."""
    readme = Path("README.md").resolve()
    if not (readme.parent / "WORKSPACE").is_file():
        raise SystemExit(f"docs_paths_test: {readme} is not in a source tree with a WORKSPACE; "
                         "run it with Bazel (or from the repository root)")
    return readme.parent


class DocsPathsTest(unittest.TestCase):
    def test_the_check_fires(self):
        root = source_root()
        doc = {"docs/x.md": "\n".join([
            "[a link](../no/such/file.md) and [fine](development.md)",
            "see `lib/NoSuchDir/Foo.cpp` and test/python/smoketest.py",
            "./bazelw test //test/nosuch:thing //test/python:nosuch_test //test/python/...",
            "//lib/Dialect/Torch/IR and //:torch-mlir-opt and //test/Conversion:torch_to_scf.mlir.test",
            "an example: `lib/<concept>/X.cpp`, `//pkg:<name>`, `bazel-bin/python/...`",
        ])}
        self.assertEqual(problems(root, doc), [
            "docs/x.md: link to ../no/such/file.md, which does not exist",
            "docs/x.md: lib/NoSuchDir/Foo.cpp does not exist",
            "docs/x.md: //test/nosuch:thing: no package test/nosuch (test/nosuch/BUILD.bazel "
            "is missing)",
            "docs/x.md: //test/python:nosuch_test: no target nosuch_test in "
            "test/python/BUILD.bazel",
        ])

    def test_every_path_and_label_exists(self):
        root = source_root()
        documents = {p: (root / p).read_text() for p in DOCUMENTS}
        self.assertTrue(any(p.startswith("docs/") for p in documents), DOCUMENTS)
        self.assertEqual(problems(root, documents), [])


if __name__ == "__main__":
    DOCUMENTS = sys.argv[1:] or ["README.md"] + [str(p) for p in sorted(Path("docs").glob("*.md"))]
    unittest.main(argv=sys.argv[:1])
