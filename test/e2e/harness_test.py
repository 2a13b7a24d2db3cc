"""The harness's bookkeeping, on made-up outcomes: an unexpected pass and a
listed name that is no case fail the run; the list's format is enforced; the
registry's coverage: an op neither covered nor listed, or both, fails."""

import tempfile
import unittest
from pathlib import Path

from e2e_test import classify, read_expected_failures, registry_ops, registry_problems, summary


class HarnessTest(unittest.TestCase):
    def test_statuses_and_summary(self):
        expected = {"b": "no lowering of X", "c": "no lowering of Y"}
        outcomes = [("a", True, "", "", 0.1), ("b", False, "boom", "", 0.1),
                    ("c", True, "", "", 0.1), ("d", False, "bad", "trace", 0.1)]
        results = classify(outcomes, expected, "expected_failures_unrefined.txt")
        self.assertEqual({n: r[0] for n, r in results.items()},
                         {"a": "PASS", "b": "XFAIL", "c": "XPASS", "d": "FAIL"})
        self.assertEqual(results["b"][1], "no lowering of X (got boom)")
        self.assertIn("passed, but expected_failures_unrefined.txt says: no lowering of Y",
                      results["c"][1])
        self.assertEqual(summary(results, []), (1, 2, 1))
        self.assertEqual(summary(results, ["gone"]), (1, 3, 1))
        only_expected = classify([("b", False, "boom", "", 0.1)], expected,
                                 "expected_failures.txt")
        self.assertEqual(summary(only_expected, []), (0, 0, 1))

    def read(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(text)
        return read_expected_failures(f.name)

    def test_list_format(self):
        self.assertEqual(self.read("# comment\n\na: why\nb:  why not \n"), {"a": "why", "b": "why not"})
        with self.assertRaisesRegex(SystemExit, r":1: expected `case_name: reason`"):
            self.read("a\n")
        with self.assertRaisesRegex(SystemExit, r":2: expected `case_name: reason`"):
            self.read("a: x\nb:\n")
        with self.assertRaisesRegex(SystemExit, r":2: a is listed twice"):
            self.read("a: x\na: y\n")

    def test_registry_coverage(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("# header\naten::add.Tensor(Tensor self) -> Tensor\n"
                    "aten::relu(Tensor self) -> Tensor\naten::gelu(Tensor self) -> Tensor\n"
                    "prim::NumToTensor.Scalar(Scalar a) -> Tensor\n")
        registry = registry_ops(f.name)
        self.assertEqual(registry, {"aten.add.Tensor", "aten.relu.default", "aten.gelu.default"})
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("aten.gelu.default: no case yet\naten.nothing.default: gone\n")
        self.assertEqual(registry_problems(registry, {"aten.add.Tensor", "aten.relu.default"},
                                           f.name),
                         [f"aten.nothing.default: listed in {Path(f.name).name}, not in the "
                          "registry"])
        problems = registry_problems(registry, {"aten.add.Tensor", "aten.gelu.default"}, f.name)
        self.assertEqual(len(problems), 3, problems)
        self.assertIn("aten.relu.default: no passing e2e case calls it", problems[0])
        self.assertIn("aten.gelu.default: a passing e2e case calls it now", problems[1])


if __name__ == "__main__":
    unittest.main()
