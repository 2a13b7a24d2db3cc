"""ONNX's own node test suite, imported: every case's model through
torch_mlir.onnx.import_model (checker and shape inference included).

The cases are generated in memory from the pinned onnx wheel
(onnx.backend.test.case.node.collect_testcases; the wheel ships no test
data files). This is the first stage of running the suite end to end:
lowering and running each case need the ONNX -> Torch conversion, which is
not built yet, so those stages are reported as missing, not as passed.

Each case that fails to import must fail with OnnxImportError (a crash or
another exception fails the test), and must be listed in
node_suite_import_failures.txt with its reason; a listed case that imports
fails the test too, so the list only shrinks. The log and
node_suite_import.md (among the test's outputs) give the counts per stage
and per op type.
"""

import collections
import os
import sys
import time
import unittest
import warnings
from pathlib import Path

import unpacked_wheels

# What this stage reaches today (1,769 of 1,884 measured). The goal is 0.97:
# the 2- and 4-bit integer dtypes (about 80 cases) need the dialect to take them.
MIN_IMPORTED = 0.93

# Causes of an import failure, by what the message says, for --write-expected.
CAUSES = [
    ("element type STRING", "exotic dtype: a tensor of strings has no Torch type"),
    ("element type UINT4", "exotic dtype: the Torch dialect takes no 4-bit integers"),
    ("element type INT4", "exotic dtype: the Torch dialect takes no 4-bit integers"),
    ("element type UINT2", "exotic dtype: the Torch dialect takes no 2-bit integers"),
    ("element type INT2", "exotic dtype: the Torch dialect takes no 2-bit integers"),
    ("element type FLOAT4E2M1", "exotic dtype: MLIR 19 has no FLOAT4E2M1 type"),
    ("element type FLOAT8E8M0", "exotic dtype: MLIR 19 has no FLOAT8E8M0 type"),
    ("has no type", "no type: ONNX's shape inference types no value of this sub-graph"),
    ("map_type", "exotic type: a map has no Torch type"),
]


def cause(message):
    for needle, reason in CAUSES:
        if needle in message:
            return reason
    return "unclassified: " + message


def read_expected(path):
    """{case: reason} from lines `case  # reason`."""
    expected = {}
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        case, sep, reason = line.partition("#")
        if not sep or not reason.strip():
            raise SystemExit(f"{path}:{number}: every entry needs '# reason': {line!r}")
        expected[case.strip()] = reason.strip()
    return expected


def collect_cases():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the generators' numpy overflow chatter
        from onnx.backend.test.case.node import collect_testcases
        return collect_testcases(None)


def op_types(model):
    return sorted({n.op_type for n in model.graph.node})


def import_all(cases, tm_onnx):
    """{case name: None (imported) or the OnnxImportError's message}; raises
    on any other exception, naming the case."""
    results = {}
    for case in cases:
        try:
            tm_onnx.import_model(case.model)
            results[case.name] = None
        except tm_onnx.OnnxImportError as e:
            results[case.name] = str(e)
        except Exception as e:
            raise AssertionError(f"{case.name}: {type(e).__name__} instead of "
                                 f"OnnxImportError: {e}") from e
    return results


def table(cases, results):
    by_op = collections.defaultdict(lambda: [0, 0])
    for case in cases:
        for op in op_types(case.model) or ["(none)"]:
            by_op[op][0] += 1
            by_op[op][1] += results[case.name] is None
    lines = ["| op type | cases | imported | lowered | ran | matched |", "|---|---|---|---|---|---|"]
    for op, (total, imported) in sorted(by_op.items()):
        lines.append(f"| {op} | {total} | {imported} | missing | missing | missing |")
    return "\n".join(lines) + "\n"


class NodeSuiteImportTest(unittest.TestCase):
    def test_the_suite_imports(self):
        cases = collect_cases()
        self.assertGreaterEqual(len(cases), 1800, "the pinned onnx's suite is 1,884 cases")
        start = time.monotonic()
        results = import_all(cases, tm_onnx)
        seconds = time.monotonic() - start
        imported = sum(r is None for r in results.values())
        failed = {c: r for c, r in results.items() if r is not None}
        print(f"node suite: {len(cases)} cases; imported {imported} "
              f"({imported / len(cases):.1%}) in {seconds:.0f} s; lowered, ran, matched: "
              "missing (no ONNX -> Torch conversion yet)", file=sys.stderr)
        for case, reason in sorted(failed.items()):
            print(f"  not imported: {case}: {reason}", file=sys.stderr)
        outputs = os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR")
        if outputs:
            (Path(outputs) / "node_suite_import.md").write_text(
                f"{len(cases)} cases, {imported} imported\n\n" + table(cases, results))
        unexpected = sorted(set(failed) - set(EXPECTED))
        passing = sorted(c for c in EXPECTED if results.get(c, "") is None)
        gone = sorted(c for c in EXPECTED if c not in results)
        self.assertEqual(unexpected, [], "cases that failed to import, not in the list")
        self.assertEqual(passing, [], "listed cases that import now: take them off the list")
        self.assertEqual(gone, [], "listed cases the suite no longer has")
        self.assertGreaterEqual(imported / len(cases), MIN_IMPORTED)


def write_expected(path):
    """Rewrites the list from a run: each failing case with its cause."""
    cases = collect_cases()
    failed = {c: r for c, r in import_all(cases, tm_onnx).items() if r is not None}
    lines = [f"{case}  # {cause(message)}" for case, message in sorted(failed.items())]
    Path(path).write_text(HEADER + "\n".join(lines) + "\n")
    print(f"wrote {len(lines)} cases to {path}")


HEADER = """\
# Node-suite cases (onnx 1.23.2) that torch_mlir.onnx.import_model cannot import
# yet, each with its cause. test/onnx/node_suite_import_test.py fails when one
# of them imports, so take it off; regenerate with --write-expected (outside
# Bazel: python3 test/onnx/node_suite_import_test.py --expected=FILE
# --write-expected, with the core wheel's package and onnx importable).
"""


if __name__ == "__main__":
    args = sys.argv[1:]
    wheels = [a.split("=", 1)[1] for a in args if a.startswith("--wheel=")]
    expected = [a.split("=", 1)[1] for a in args if a.startswith("--expected=")]
    unpacked_wheels.use(wheels)
    from torch_mlir import onnx as tm_onnx
    if "--write-expected" in args:
        write_expected(expected[0])
        sys.exit(0)
    EXPECTED = read_expected(expected[0])
    unittest.main(argv=sys.argv[:1])
