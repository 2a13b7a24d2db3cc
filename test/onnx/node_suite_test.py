"""ONNX's own node test suite, end to end, with no PyTorch: each case's model
imported (torch_mlir.onnx.import_model), lowered to linalg-on-tensors
(torch_mlir.onnx.lower), compiled and run by the reference backend, and its
outputs compared with the case's own expected outputs at the case's own
tolerances (same dtype and shape; NaNs equal).

The cases are generated in memory from the pinned onnx wheel
(onnx.backend.test.case.node.collect_testcases; the wheel ships no test data
files). Two worker processes run them, so that a crash in compiled code costs
one case (reported as stage "crash"), not the run.

Every case that does not pass is listed in node_suite_failures.txt with the
stage it stops at and why; a listed case that passes, or stops at another
stage, fails the test, so the list follows the code. The log and
node_suite.md (among the test's outputs) give the counts per stage and per op
type. Regenerate the list with --write-expected.

With --output-type=tosa, each case is lowered to TOSA instead (validated by
tosa-validate), then by MLIR's TOSA lowering to linalg-on-tensors, and run:
node_suite_failures_tosa.txt is that run's list.
"""

import collections
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
import unittest
import warnings
from pathlib import Path

import unpacked_wheels

STAGES = ["import", "lower", "compile", "run", "match"]  # where a case can stop
# Floors for what passes; raise them as the conversion grows.
MIN_IMPORTED = 0.97
MIN_MATCHED = {"linalg-on-tensors": 0.90, "tosa": 0.50}
OUTPUT_TYPE = "linalg-on-tensors"  # --output-type
WORKERS = 2
WORKER_HEAP = 6 << 30  # bytes of heap per worker (RLIMIT_DATA); 2 fit in 24 GB
OPT_LEVEL = 0  # the JIT's: the cases are tiny; compiling dominates

# Causes, by what a failure's message says, for --write-expected.
CAUSES = [
    ("element type STRING", "exotic dtype: strings have no Torch type"),
    ("FLOAT4E2M1", "exotic dtype: MLIR 19 has no FLOAT4E2M1"),
    ("FLOAT8E8M0", "exotic dtype: MLIR 19 has no FLOAT8E8M0"),
    ("has no type", "no type: shape inference types no value of this sub-graph"),
    ("no conversion for ONNX domain", "domain not converted"),
    ("no conversion for this ONNX op", "op not converted"),
]


# What each listed failure is, by design or by what is still to do. Every
# entry of the list names one (the test checks), so what is left can be
# planned by kind.
CATEGORIES = {
    "strings": "string tensors: no Torch dtype holds them (by design)",
    "exotic float": "FLOAT4E2M1 and FLOAT8E8M0: LLVM 19's MLIR has neither type",
    "random": "random values (Bernoulli, RandomUniformLike, training Dropout): no "
              "stream to match the reference's",
    "sequences and optionals": "sequence and optional values as graph inputs, outputs "
                               "or through control flow",
    "other domain": "ai.onnx.ml, ai.onnx.preview and the training ops: not converted",
    "image codec": "ImageDecoder: decoding JPEG, PNG, ... needs a codec library",
    "precision": "runs, but the stored output rounds differently (bf16/fp16 steps, "
                 "or an f32 reference where ours is exact)",
    "not yet converted": "an op, attribute or shape this conversion does not handle yet",
}


def category(name, stage, message):
    """The category (a CATEGORIES key) of a failing case, by its name and
    its cause()."""
    if "strings have no Torch type" in message:
        return "strings"
    if "MLIR 19 has no" in message:
        return "exotic float"
    if re.search(r"bernoulli|training_dropout|random", name) or \
            "random dropping" in message:
        return "random"
    if re.search(r"sequence|optional|_seq\b|_seq_|_opt\b", name):
        return "sequences and optionals"
    if "domain not converted" in message or name.startswith("test_flexattention"):
        return "other domain"  # (FlexAttention: ai.onnx.preview, its sub-graphs untyped)
    if name.startswith("test_image_decoder"):
        return "image codec"
    if stage == "match":
        return "precision"
    return "not yet converted"


def cause(stage, message):
    """A failure's reason for the list: the message without the node's
    location, or its class (an op's name kept where one is missing)."""
    message = re.sub(r'^"[^"]*": ', "", message.strip())
    missing = re.search(r"(onnx\.[\w.]+)(?: \(opset \d+\))?: no conversion for", message)
    for needle, reason in CAUSES:
        if needle in message:
            return f"{reason}: {missing.group(1)}" if missing else reason
    first = message.splitlines()[0] if message else "?"
    return first[:200]


def collect_cases():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the generators' numpy overflow chatter
        from onnx.backend.test.case.node import collect_testcases
        return collect_testcases(None)


# -- one case (in a worker) ---------------------------------------------------

def _array(value):
    import onnx.numpy_helper
    if isinstance(value, onnx.TensorProto):
        return onnx.numpy_helper.to_array(value)
    if value is None or isinstance(value, list):
        raise TypeError("sequence or optional values (lists, None) are not run")
    return np.asarray(value)


def run_case(case):
    """(stage it stopped at or "pass", message)."""
    from torch_mlir import ir
    from torch_mlir.refbackend import BackendOptions, CompileError
    try:
        module = tm_onnx.import_model(case.model, context=ir.Context())
    except tm_onnx.OnnxImportError as e:
        return "import", str(e)
    except Exception as e:  # not an OnnxImportError: the test reports it
        return "import", f"CRASH {type(e).__name__}: {e}"
    try:
        tm_onnx.lower(module, OUTPUT_TYPE)
        if OUTPUT_TYPE == "tosa":
            from torch_mlir.compiler_utils import tosa_to_linalg
            tosa_to_linalg(module)
    except CompileError as e:
        return "lower", _diagnostics(str(e))
    try:
        model = tm_onnx.CompiledModel(case.model.graph, module,
                                      BackendOptions(opt_level=OPT_LEVEL))
    except Exception as e:
        return "compile", f"{type(e).__name__}: {_diagnostics(str(e))}"
    for inputs, expected in case.data_sets:
        try:
            got = model(*[_array(x) for x in inputs])
        except Exception as e:
            return "run", f"{type(e).__name__}: {e}"
        for name, want in zip(model.output_names, expected):
            try:
                want = _array(want)
            except TypeError as e:
                return "run", str(e)
            problem = _compare(got[name], want, case.rtol, case.atol)
            if problem:
                return "match", f"output {name}: {problem}"
    return "pass", ""


def _diagnostics(text):
    """The first error of MLIR's diagnostics, without the pipeline's name."""
    for line in text.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return text.strip().splitlines()[-1] if text.strip() else text


def _compare(got, want, rtol, atol):
    if got.dtype != want.dtype:
        return f"dtype {got.dtype}, expected {want.dtype}"
    if got.shape != want.shape:
        return f"shape {got.shape}, expected {want.shape}"
    if want.dtype.name in ("bfloat16",) or want.dtype.name.startswith("float8"):
        got, want = got.astype(np.float32), want.astype(np.float32)  # ml_dtypes'
    if want.dtype.kind in "fc":
        if not np.allclose(got, want, rtol=rtol, atol=atol, equal_nan=True):
            worst = np.nanmax(np.abs(got.astype(np.float64) - want.astype(np.float64)))
            return f"values differ (max abs difference {worst:.3g}; rtol {rtol}, atol {atol})"
    elif not np.array_equal(got, want):
        return "values differ"
    return None


def worker(first, last):
    """Runs cases [first, last): a JSON line as each starts and ends. Its
    heap is capped (WORKER_HEAP), so a case that would take the machine's
    memory stops its worker (reported as a crash) instead."""
    resource.setrlimit(resource.RLIMIT_DATA, (WORKER_HEAP, WORKER_HEAP))
    cases = collect_cases()[first:last]
    for case in cases:
        print(json.dumps({"start": case.name}), flush=True)
        stage, message = run_case(case)
        print(json.dumps({"case": case.name, "stage": stage, "message": message}), flush=True)


# -- the run (in the test) ------------------------------------------------------

def run_all(count, wheels):
    """{case: (stage, message)} for cases [0, count), run by WORKERS processes
    side by side (each writing to its own file, so none waits on a pipe), a
    worker restarted past a case that crashes it."""
    results = {}
    with tempfile.TemporaryDirectory(dir=os.environ.get("TEST_TMPDIR")) as tmp:
        def start(first, last):
            log = Path(tmp) / f"worker_{first}.jsonl"
            args = [sys.executable, __file__, f"--worker={first}:{last}",
                    f"--output-type={OUTPUT_TYPE}"]
            args += [f"--wheel={w}" for w in wheels]
            with open(log, "w") as out:
                return subprocess.Popen(args, stdout=out), first, last, log

        running = [start(count * i // WORKERS, count * (i + 1) // WORKERS)
                   for i in range(WORKERS)]
        while running:
            proc, first, last, log = running.pop(0)
            code = proc.wait()
            current, done = None, 0
            for line in log.read_text().splitlines():
                record = json.loads(line)
                if "start" in record:
                    current = record["start"]
                else:
                    results[record["case"]] = (record["stage"], record["message"])
                    done += 1
                    current = None
            if current is not None:  # it died running this case
                results[current] = ("crash", f"the worker died (exit {code}) running it")
                done += 1
            if first + done < last:
                running.append(start(first + done, last))
    return results


def read_expected(path):
    """{case: (stage, reason)} from lines `case  # stage: reason`."""
    expected = {}
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        case, sep, rest = line.partition("#")
        stage, colon, reason = rest.strip().partition(":")
        if not sep or not colon or stage not in STAGES + ["crash"] or not reason.strip():
            raise SystemExit(f"{path}:{number}: expected 'case  # stage: reason': {line!r}")
        kind = reason.strip().partition(":")[0]
        if kind not in CATEGORIES:
            raise SystemExit(f"{path}:{number}: the reason must begin with a category "
                             f"({', '.join(CATEGORIES)}): {line!r}")
        expected[case.strip()] = (stage, reason.strip())
    return expected


def reached(stage):
    """The stages a case that stopped at `stage` got through."""
    if stage == "pass":
        return set(STAGES)
    if stage == "crash":
        return {"import", "lower", "compile"}
    return set(STAGES[:STAGES.index(stage)])


def report(cases, results):
    """(the summary line, a markdown table per op type)."""
    counts = collections.Counter()
    by_op = collections.defaultdict(collections.Counter)
    for case in cases:
        stage = results[case.name][0]
        got = reached(stage)
        ops = sorted({n.op_type for n in case.model.graph.node}) or ["(none)"]
        for key in ["cases"] + [s for s in STAGES if s in got]:
            counts[key] += 1
            for op in ops:
                by_op[op][key] += 1
    names = {"import": "imported", "lower": "lowered", "compile": "compiled",
             "run": "ran", "match": "matched"}
    total = counts["cases"]
    summary = f"{total} cases: " + ", ".join(
        f"{names[s]} {counts[s]} ({counts[s] / total:.1%})" for s in STAGES)
    lines = ["| op type | cases | " + " | ".join(names[s] for s in STAGES) + " |",
             "|---" * (len(STAGES) + 2) + "|"]
    for op, c in sorted(by_op.items()):
        lines.append(f"| {op} | {c['cases']} | " + " | ".join(str(c[s]) for s in STAGES) + " |")
    return summary, counts, "\n".join(lines) + "\n"


class NodeSuiteTest(unittest.TestCase):
    def test_the_suite_end_to_end(self):
        cases = collect_cases()
        self.assertGreaterEqual(len(cases), 1800, "the pinned onnx's suite is 1,884 cases")
        started = time.monotonic()
        results = run_all(len(cases), WHEELS)
        seconds = time.monotonic() - started
        summary, counts, table = report(cases, results)
        print(f"node suite: {summary}; {seconds:.0f} s with {WORKERS} workers", file=sys.stderr)
        for name, (stage, message) in sorted(results.items()):
            if stage != "pass":
                print(f"  {name}: {stage}: {message}", file=sys.stderr)
        outputs = os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR")
        if outputs:
            (Path(outputs) / "node_suite.md").write_text(summary + "\n\n" + table)
        crashes = sorted(c for c, (s, m) in results.items() if m.startswith("CRASH"))
        self.assertEqual(crashes, [], "import failures that are not OnnxImportError")
        unexpected = sorted(c for c, (s, _) in results.items()
                            if s != "pass" and c not in EXPECTED)
        passing = sorted(c for c in EXPECTED if results.get(c, ("",))[0] == "pass")
        moved = sorted(f"{c}: listed at {EXPECTED[c][0]}, now {results[c][0]}"
                       for c in EXPECTED if c in results
                       and results[c][0] not in ("pass", EXPECTED[c][0]))
        gone = sorted(c for c in EXPECTED if c not in results)
        self.assertEqual(unexpected, [], "cases that fail and are not in the list")
        self.assertEqual(passing, [], "listed cases that pass now: take them off the list")
        self.assertEqual(moved, [], "listed cases that stop at another stage now")
        self.assertEqual(gone, [], "listed cases the suite no longer has")
        self.assertGreaterEqual(counts["import"] / len(cases), MIN_IMPORTED)
        self.assertGreaterEqual(counts["match"] / len(cases), MIN_MATCHED[OUTPUT_TYPE])


def write_expected(path, wheels):
    cases = collect_cases()
    results = run_all(len(cases), wheels)
    summary, _, _ = report(cases, results)
    lines = []
    for name, (stage, message) in sorted(results.items()):
        if stage != "pass":
            reason = cause(stage, message)
            lines.append(f"{name}  # {stage}: {category(name, stage, reason)}: {reason}")
    Path(path).write_text(HEADER.format(output_type=OUTPUT_TYPE) + "\n".join(lines) + "\n")
    print(f"{summary}\nwrote {len(lines)} cases to {path}")


HEADER = """\
# Node-suite cases (onnx 1.23.2) that do not pass end to end through
# {output_type}, each with the stage it stops at (import, lower, compile, run,
# match, crash), its category (CATEGORIES in node_suite_test.py says what each
# means) and why.
# test/onnx/node_suite_test.py fails when one passes or stops elsewhere.
# Regenerate: python3 test/onnx/node_suite_test.py --expected=FILE
# --output-type={output_type} --write-expected (with the core wheel's package,
# onnx and numpy importable).
"""


if __name__ == "__main__":
    args = sys.argv[1:]
    WHEELS = [a.split("=", 1)[1] for a in args if a.startswith("--wheel=")]
    expected = [a.split("=", 1)[1] for a in args if a.startswith("--expected=")]
    workers = [a.split("=", 1)[1] for a in args if a.startswith("--worker=")]
    OUTPUT_TYPE = next((a.split("=", 1)[1] for a in args if a.startswith("--output-type=")),
                       OUTPUT_TYPE)
    unpacked_wheels.use(WHEELS)
    import numpy as np
    from torch_mlir import onnx as tm_onnx
    if workers:
        first, last = map(int, workers[0].split(":"))
        worker(first, last)
        sys.exit(0)
    if "--write-expected" in args:
        write_expected(expected[0], WHEELS)
        sys.exit(0)
    EXPECTED = read_expected(expected[0])
    unittest.main(argv=sys.argv[:1])
