"""Runs every e2e case eagerly and through torch_mlir.fx.compile, on both
cores, and checks the outcome against expected_failures.txt.

Passes when every case not listed passes and every listed case fails; an
unexpected pass fails the run too (so the list stays true), as does a listed
name that is not a case. Prints a results table (case, status, reason), also
written to $TEST_UNDECLARED_OUTPUTS_DIR/e2e_results.md (Bazel keeps it in
bazel-testlogs/test/e2e/e2e_test/test.outputs/), and ends with
`N passed, N failed, N expected failures`. With `--decompositions=none` it
compiles with an empty decomposition table (only functionalization before
import), so what PyTorch's table would decompose is left to the Torch
pipeline's own decompositions. With `--registry`, every ATen op of the op
registry must be called by a passing case's program (with an empty table: the
ops as users' programs hold them) or be listed, with a reason, in
`--registry-unsupported`; a listed op a case now covers fails the run too.
`--skip-variants` leaves out the cases that repeat another at other static
sizes or dtypes. `--through=dynamo` compiles each case with torch.compile and
the torch_mlir backend instead of fx.compile (no eager fallback);
`--through=unrefined` strips the sizes and dtypes from the imported Torch IR
(all but the function's signature) and lowers it with
torch-function-to-torch-backend-pipeline, which must refine them again.

Runs the two wheels as built (unpacked side by side), like test/fx.
"""

import argparse
import concurrent.futures
import functools
import importlib
import multiprocessing
import os
import sys
import time
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


def classify(outcomes, expected):
    """name -> (status, reason, detail, seconds) for each (name, passed, reason,
    detail, seconds): PASS, FAIL, XFAIL (failed, as listed) or XPASS (passed,
    though listed: a failure of the run)."""
    results = {}
    for name, passed, reason, detail, seconds in outcomes:
        if passed:
            status = "XPASS" if name in expected else "PASS"
        else:
            status = "XFAIL" if name in expected else "FAIL"
        if status == "XFAIL":
            reason = f"{expected[name]} (got {reason})"
        elif status == "XPASS":
            reason = f"passed, but expected_failures.txt says: {expected[name]}"
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


def run_one(name, decompositions="default", through="fx"):
    """(name, passed, reason, detail, seconds, ops its program calls if it passed)."""
    from framework import CASES, run_case

    start = time.monotonic()
    table = {} if decompositions == "none" else None
    ops = set()
    passed, reason, detail = run_case(CASES[name], decomposition_table=table, ops=ops,
                                      through=through)
    return name, passed, reason, detail, time.monotonic() - start, ops


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", action="append", required=True)
    parser.add_argument("--expected-failures", required=True)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--decompositions", choices=("default", "none"), default="default",
                        help="PyTorch's table before import (default), or none: an empty "
                             "table, so our own middle end decomposes")
    parser.add_argument("--through", choices=("fx", "dynamo", "unrefined"), default="fx",
                        help="fx.compile (default), torch.compile with the torch_mlir "
                             "backend (dynamic=True for dynamic cases, no eager fallback), "
                             "or unrefined: the imported IR's types stripped, refined "
                             "again by torch-function-to-torch-backend-pipeline")
    parser.add_argument("--registry", help="the op registry (TorchOpRegistry.txt): check that "
                        "each of its ATen ops has a passing case or is listed as unsupported")
    parser.add_argument("--registry-unsupported",
                        help="with --registry: `aten.op.overload: reason` per op without a case")
    parser.add_argument("--skip-variants", action="store_true",
                        help="leave out cases that repeat another at other static sizes or "
                             "dtypes (Case.variant_of): the same programs' ops, for a run that "
                             "is about which ops lower")
    parser.add_argument("cases", nargs="*", help="run only these cases")
    args = parser.parse_args()

    sys.path.insert(0, str(HERE.parent / "fx"))
    import unpacked_wheels

    site = str(unpacked_wheels.unpack(args.wheel))
    paths = [str(HERE), str(HERE.parent / "fx")] + [p for p in sys.path if p]
    init_worker(site, paths)
    from framework import CASES

    expected = read_expected_failures(args.expected_failures)
    names = args.cases or sorted(name for name, case in CASES.items()
                                 if not (args.skip_variants and case.variant_of))
    if args.skip_variants:
        # A listed variant is not run, so neither passes nor fails.
        expected = {name: why for name, why in expected.items()
                    if name not in CASES or not CASES[name].variant_of}
    unknown = sorted(set(expected) - set(CASES))

    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(args.jobs, mp_context=context,
                                                initializer=init_worker,
                                                initargs=(site, paths)) as pool:
        outcomes = list(pool.map(functools.partial(run_one, decompositions=args.decompositions,
                                                   through=args.through),
                                 names))
    results = classify([outcome[:5] for outcome in outcomes], expected)

    rows = ["| case | status | reason |", "|---|---|---|"]
    rows += [f"| {n} | {s} | {r.replace('|', '/')} |" for n, (s, r, _, _) in sorted(results.items())]
    rows += [f"| {n} | UNKNOWN | listed in expected_failures.txt, but no such case |" for n in unknown]
    table = "\n".join(rows) + "\n"
    print(table)
    outputs = os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR")
    if outputs:
        Path(outputs, "e2e_results.md").write_text(table)
    for name, (status, _, detail, _) in sorted(results.items()):
        if status == "FAIL":
            print(f"--- {name} failed:\n{detail}")

    passed, failed, xfailed = summary(results, unknown)
    if args.registry and not args.cases:
        registry = registry_ops(args.registry)
        covered = set().union(*(outcome[5] for outcome in outcomes)) & registry
        problems = registry_problems(registry, covered, args.registry_unsupported)
        for problem in problems:
            print(f"registry coverage: {problem}")
        print(f"registry coverage: {len(covered)} of the registry's {len(registry)} ATen ops "
              f"are called by passing cases, {len(registry) - len(covered)} listed as "
              f"unsupported; {len(problems)} problems")
        failed += len(problems)
    slowest = sorted(results.items(), key=lambda kv: -kv[1][3])[:3]
    print("slowest: " + ", ".join(f"{n} {r[3]:.1f} s" for n, r in slowest))
    print(f"{passed} passed, {failed} failed, {xfailed} expected failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
