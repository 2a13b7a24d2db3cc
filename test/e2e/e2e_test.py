"""Runs every e2e case eagerly and compiled, on both cores, in one or more
runs, and checks each run's outcome against its expected-failure list.

A run (`--run NAME=LIST`, NAME one of RUNS below) is one way of compiling the
cases: `fx` (torch_mlir.fx.compile), `no_decompositions` (an empty
decomposition table before import, so what PyTorch's table would decompose
is left to the Torch pipeline's own decompositions), `unrefined` (the
imported Torch IR's sizes and dtypes stripped, all but the function's
signature, and lowered with torch-function-to-torch-backend-pipeline, which
must refine them again), `dynamo` (torch.compile with the torch_mlir
backend, no eager fallback) and `tosa` (fx.compile(output_type="tosa"):
lowered to TOSA and validated, then run through MLIR's TOSA lowering). The runs of one case share its export and each
decomposition (framework.run_case), so three runs cost much less than three
processes. The runs but `fx` leave out the cases that repeat another at
other static sizes or dtypes.

A run passes when every case not listed passes and every listed case fails;
an unexpected pass fails it too (so the list stays true), as does a listed
name that is not a case. Prints a results table per run (case, status,
reason), also written to $TEST_UNDECLARED_OUTPUTS_DIR/e2e_results.md (Bazel
keeps it in bazel-testlogs/test/e2e/e2e_test/test.outputs/), and ends with
`N passed, N failed, N expected failures` over all runs. With `--registry`,
every ATen op of the op registry must be called by a program of a case the
no_decompositions run passes (the ops as users' programs hold them) or be
listed, with a reason, in `--registry-unsupported`; a listed op a case now
covers fails the run too. With `--upstream-wheel`, upstream torch-mlir's
torch-mlir-opt must read every case's program as fx.export_and_import(
output_type="raw") writes it (test/interop/upstream_reads_ours.py).

Runs the two wheels as built (unpacked side by side), like test/fx.
"""

import argparse
import concurrent.futures
import dataclasses
import functools
import importlib
import multiprocessing
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def read_expected_failures(path):
    """name -> reason, from `name: reason` lines ('#' comments, blank lines)."""
    expected = {}
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, reason = line.partition(":")
        if not sep or not reason.strip():
            raise SystemExit(f"{path}:{number}: expected `case_name: reason`, got {line!r}")
        if name.strip() in expected:
            raise SystemExit(f"{path}:{number}: {name.strip()} is listed twice")
        expected[name.strip()] = reason.strip()
    return expected


def classify(outcomes, expected, list_name):
    """name -> (status, reason, detail, seconds) for each (name, passed, reason,
    detail, seconds): PASS, FAIL, XFAIL (failed, as listed) or XPASS (passed,
    though listed in `list_name`, the run's expected-failure list: a failure
    of the run)."""
    results = {}
    for name, passed, reason, detail, seconds in outcomes:
        if passed:
            status = "XPASS" if name in expected else "PASS"
        else:
            status = "XFAIL" if name in expected else "FAIL"
        if status == "XFAIL":
            reason = f"{expected[name]} (got {reason})"
        elif status == "XPASS":
            reason = f"passed, but {list_name} says: {expected[name]}"
        results[name] = (status, reason, detail, seconds)
    return results


def summary(results, unknown):
    """(passed, failed, expected failures); listed names that are not cases fail."""
    statuses = [status for status, *_ in results.values()]
    failed = statuses.count("FAIL") + statuses.count("XPASS") + len(unknown)
    return statuses.count("PASS"), failed, statuses.count("XFAIL")


def init_worker(site, paths):
    sys.path[:0] = [site] + paths
    # Every cases_*.py module registers its cases when imported.
    for module in sorted(HERE.glob("cases_*.py")):
        importlib.import_module(module.stem)


def run_one(name, runs, raw=False):
    """(name, {run name: (passed, reason, detail, seconds)}, {run name: ops
    its program calls}, (raw IR text or None, why not) or None) for case
    `name` through those of `runs` it belongs to; with `raw`, its program as
    imported raw too (not for a variant)."""
    from framework import CASES, run_case

    case = CASES[name]
    ops = {}
    texts = {} if raw and not case.variant_of else None
    results = run_case(case, [run for run in runs if run.variants or not case.variant_of], ops,
                       texts)
    return name, results, ops, None if texts is None else texts[name]


def registry_ops(path):
    """The ATen ops of the op registry, as "aten.name.overload"."""
    ops = set()
    for line in Path(path).read_text().splitlines():
        if not line.startswith("aten::"):
            continue
        name = line[len("aten::"):line.index("(")]
        ops.add("aten." + (name if "." in name else name + ".default"))
    return ops


def registry_problems(registry, covered, unsupported_path):
    """Why the registry's coverage is not as listed: every ATen op of the
    registry is called by a passing case's program or listed (with a reason)
    in `unsupported_path`, never both, and every listed op is in the registry."""
    listed = read_expected_failures(unsupported_path)
    problems = []
    for op in sorted(registry - covered - set(listed)):
        problems.append(f"{op}: no passing e2e case calls it, and {Path(unsupported_path).name} "
                        "does not list it")
    for op in sorted(set(listed) & covered):
        problems.append(f"{op}: a passing e2e case calls it now; take it off "
                        f"{Path(unsupported_path).name}")
    for op in sorted(set(listed) - registry):
        problems.append(f"{op}: listed in {Path(unsupported_path).name}, not in the registry")
    return problems


def parse_run(text):
    """(Run, expected-failure list path) from `NAME=PATH`."""
    from framework import RUNS

    name, sep, path = text.partition("=")
    if not sep or name not in RUNS:
        raise SystemExit(f"--run {text!r}: expected NAME=EXPECTED_FAILURES with NAME one of "
                         f"{', '.join(RUNS)}")
    return RUNS[name], path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    parser.add_argument("--run", action="append", required=True, metavar="NAME=LIST",
                        help="a run (fx, no_decompositions, unrefined, dynamo or tosa) and its "
                             "expected-failure list; repeat for several runs")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--registry", help="the op registry (TorchOpRegistry.txt): check that "
                        "each of its ATen ops has a case the no_decompositions run passes or "
                        "is listed as unsupported")
    parser.add_argument("--registry-unsupported",
                        help="with --registry: `aten.op.overload: reason` per op without a case")
    parser.add_argument("--upstream-wheel",
                        help="upstream torch-mlir's wheel: its torch-mlir-opt must read every "
                             "case's program as imported raw (//test/interop:upstream_reads_ours)")
    parser.add_argument("--no-variants", action="store_true",
                        help="leave out the variants in every run (a list naming one is "
                             "then an error): the ops at their case's sizes and dtypes only")
    parser.add_argument("cases", nargs="*", help="run only these cases")
    args = parser.parse_args()

    sys.path.insert(0, str(HERE.parent / "fx"))
    import unpacked_wheels

    site = str(unpacked_wheels.unpack(args.wheel))
    paths = [str(HERE), str(HERE.parent / "fx")] + [p for p in sys.path if p]
    init_worker(site, paths)
    from framework import CASES

    runs = [parse_run(text) for text in args.run]
    if args.no_variants:
        runs = [(dataclasses.replace(run, variants=False), path) for run, path in runs]
    if len({run.name for run, _ in runs}) != len(runs):
        raise SystemExit("--run: a run is named twice")
    if args.registry and "no_decompositions" not in {run.name for run, _ in runs}:
        raise SystemExit("--registry needs the no_decompositions run")
    if args.upstream_wheel and not args.registry:
        raise SystemExit("--upstream-wheel needs --registry")
    names = args.cases or sorted(CASES)
    if not any(run.variants for run, _ in runs):
        names = [name for name in names if not CASES[name].variant_of]

    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(args.jobs, mp_context=context,
                                                initializer=init_worker,
                                                initargs=(site, paths)) as pool:
        outcomes = list(pool.map(functools.partial(run_one, runs=[run for run, _ in runs],
                                                   raw=bool(args.upstream_wheel)),
                                 names))

    tables, totals = [], [0, 0, 0]
    for run, path in runs:
        expected = read_expected_failures(path)
        # A listed name must be a case the run runs: this one's variants
        # are not run, so a listed variant could never pass or fail.
        unknown = sorted(name for name in expected if name not in CASES
                         or (not run.variants and CASES[name].variant_of))
        results = classify([(name, *by_run[run.name]) for name, by_run, _, _ in outcomes
                            if run.name in by_run], expected, Path(path).name)
        rows = [f"## {run.name}", "", "| case | status | reason |", "|---|---|---|"]
        rows += [f"| {n} | {s} | {r.replace('|', '/')} |"
                 for n, (s, r, _, _) in sorted(results.items())]
        rows += [f"| {n} | UNKNOWN | listed in {Path(path).name}, but "
                 f"{'no such case' if n not in CASES else 'the run leaves out variants'} |"
                 for n in unknown]
        tables.append("\n".join(rows) + "\n")
        print(tables[-1])
        for name, (status, _, detail, _) in sorted(results.items()):
            if status == "FAIL":
                print(f"--- {name} failed ({run.name}):\n{detail}")
        passed, failed, xfailed = summary(results, unknown)
        if run.name == "no_decompositions" and args.registry and not args.cases:
            registry = registry_ops(args.registry)
            covered = set().union(*(ops.get(run.name, set()) for _, _, ops, _ in outcomes))
            covered &= registry
            problems = registry_problems(registry, covered, args.registry_unsupported)
            for problem in problems:
                print(f"registry coverage: {problem}")
            print(f"registry coverage: {len(covered)} of the registry's {len(registry)} ATen "
                  f"ops are called by passing cases, {len(registry) - len(covered)} listed as "
                  f"unsupported; {len(problems)} problems")
            failed += len(problems)
        slowest = sorted(results.items(), key=lambda kv: -kv[1][3])[:3]
        print(f"{run.name}: slowest " + ", ".join(f"{n} {r[3]:.1f} s" for n, r in slowest))
        print(f"{run.name}: {passed} passed, {failed} failed, {xfailed} expected failures\n")
        totals = [t + n for t, n in zip(totals, (passed, failed, xfailed))]
    if args.upstream_wheel:
        import upstream_reads_ours

        problems = upstream_reads_ours.problems(
            args.upstream_wheel, args.registry,
            [(name, *raw) for name, _, _, raw in outcomes if raw is not None])
        for problem in problems:
            print(f"upstream reads ours: FAIL: {problem}")
        totals[1] += len(problems)
    outputs = os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR")
    if outputs:
        Path(outputs, "e2e_results.md").write_text("\n".join(tables))
    passed, failed, xfailed = totals
    print(f"{passed} passed, {failed} failed, {xfailed} expected failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
