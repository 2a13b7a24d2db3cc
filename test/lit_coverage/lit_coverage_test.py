"""Every conversion has a lit case, or is listed as not having one yet.

Reads what the C++ converts, by kind:
  onnx       each op type in convert-torch-onnx-to-torch's tables (the
             `{"Name", since, fn}` entries of lib/Conversion/TorchOnnxToTorch);
  linalg     each ATen op convert-torch-to-linalg names (the `Aten...Op`
             classes lib/Conversion/TorchToLinalg mentions, and the names of
             the operators it matches by name);
  decompose  each ATen op torch-decompose-complex-ops matches (the classes a
             `Decomposition<...>` or `DecomposeX<...>` pattern takes in
             lib/Dialect/Torch/Transforms/Decompose*.cpp, and the names of the
             operators it matches by name);
and what the lit files hold: `torch.operator "onnx.Name"` in
test/Conversion/torch_onnx_to_torch_*.mlir, `torch.aten.name` in
test/Conversion/torch_to_linalg_*.mlir and test/Dialect/Torch/decompose_*.mlir.
A lit case catches a broken conversion in a second and shows the IR; the
end-to-end suites catch it late and slowly.

`uncovered.txt` lists, `kind name: reason`, what has no lit case yet. The test
fails for a conversion with no case that the list does not name (a new
conversion comes with its case), and for a listed one that now has a case
(the list only shrinks). It prints the coverage of each kind.
"""

import argparse
import re
import sys
import unittest
from pathlib import Path

ARGS = None

_ONNX_ENTRY = re.compile(r'\{\s*"([A-Z][A-Za-z0-9]*)",\s*\d+\s*,')
_CLASS = re.compile(r"\b(Aten\w+Op)\b")
# The op a decomposition matches: Decomposition<AtenXOp>, DecomposeY<AtenXOp, ...>.
_DECOMPOSED = re.compile(r"\bDecompos\w*<\s*(Aten\w+Op)\b")
_OPERATOR_NAME = re.compile(r'"(aten\.[a-z0-9_]+(?:\.[A-Za-z0-9_]+)?)"')
_GENERATED = re.compile(r'^def Torch_(\w+) : Torch_\w*Op<"([^"]+)"', re.M)


def op_names(td_files):
    """{class name: op name} of the Torch dialect's ops ("AtenMmOp": "aten.mm")."""
    names = {}
    for path in td_files:
        for cls, name in _GENERATED.findall(Path(path).read_text()):
            names[cls] = name
    return names


def sources(root, pattern):
    return sorted(Path(root).glob(pattern))


def converted(root, names):
    """{kind: set of names} of what the C++ converts."""
    onnx = set()
    for path in sources(root, "lib/Conversion/TorchOnnxToTorch/*.cpp"):
        onnx.update(_ONNX_ENTRY.findall(path.read_text()))

    def aten(pattern, classes):
        found = set()
        for path in sources(root, pattern):
            text = path.read_text()
            found.update(names[c] for c in classes.findall(text) if c in names)
            found.update(n for n in _OPERATOR_NAME.findall(text))
        return {n for n in found if n.startswith("aten.")}

    return {
        "onnx": onnx,
        "linalg": aten("lib/Conversion/TorchToLinalg/*.cpp", _CLASS),
        "decompose": aten("lib/Dialect/Torch/Transforms/Decompose*.cpp", _DECOMPOSED),
    }


def in_lit(root):
    """{kind: set of names} the lit files hold."""
    def text(pattern):
        return "\n".join(p.read_text() for p in sources(root, pattern))

    onnx = set(re.findall(r'torch\.operator "onnx\.([A-Za-z0-9]+)"',
                          text("test/Conversion/torch_onnx_to_torch_*.mlir")))
    aten_op = r'torch\.(aten\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)?)'
    operator = r'torch\.operator "(aten\.[A-Za-z0-9_.]+)"'

    def aten(pattern):
        body = text(pattern)
        return set(re.findall(aten_op, body)) | set(re.findall(operator, body))

    return {
        "onnx": onnx,
        "linalg": aten("test/Conversion/torch_to_linalg_*.mlir"),
        "decompose": aten("test/Dialect/Torch/decompose_*.mlir"),
    }


def read_list(path):
    listed = {}
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        entry, _, reason = line.partition(":")
        kind, _, name = entry.strip().partition(" ")
        if not reason.strip() or kind not in ("onnx", "linalg", "decompose") or not name:
            raise ValueError(f"{path}:{number}: expected `kind name: reason`, got {line!r}")
        listed.setdefault(kind, set()).add(name.strip())
    return listed


class LitCoverageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        root = Path(ARGS.root)
        cls.converted = converted(root, op_names(ARGS.td))
        cls.covered = in_lit(root)
        cls.listed = read_list(ARGS.uncovered)

    def test_reads_the_tables(self):
        # The readers find what is known to be there: a silent regex would
        # pass everything.
        self.assertIn("Gemm", self.converted["onnx"])
        self.assertIn("aten.mm", self.converted["linalg"])
        self.assertIn("aten.softmax.int", self.converted["decompose"])
        self.assertGreater(len(self.converted["onnx"]), 100)

    def test_every_conversion_has_a_case_or_is_listed(self):
        for kind in ("onnx", "linalg", "decompose"):
            with self.subTest(kind):
                done, todo = self.converted[kind], self.listed.get(kind, set())
                has_case = done & self.covered[kind]
                print(f"{kind}: {len(has_case)} of {len(done)} with a lit case "
                      f"({100 * len(has_case) / max(len(done), 1):.0f} %)")
                missing = sorted(done - self.covered[kind] - todo)
                self.assertEqual(missing, [], f"{kind} conversions with no lit case: add "
                                 f"one (or, if it cannot have one yet, list it)")
                stale = sorted(todo & self.covered[kind])
                self.assertEqual(stale, [], f"listed as uncovered, but a lit case names "
                                 f"them: take them off the list")
                gone = sorted(todo - done)
                self.assertEqual(gone, [], "listed, but no conversion of that name exists")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True, help="the source tree")
    parser.add_argument("--td", nargs="+", required=True, help="the ops' .td files")
    parser.add_argument("--uncovered", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=sys.argv[:1] + rest)
