"""One command from the tree to a package index: stamp, build, test, dist/, publish.

    ./bazelw run //tools/release -- nightly --repository-url URL
    ./bazelw run //tools/release -- release '1!0.1.0' --repository-url URL
    ./bazelw run //tools/release -- nightly --dist-only
    ./bazelw run //tools/release -- publish --repository-url URL   # what dist/ holds

nightly   stamps <TORCH_MLIR_VERSION>.dev<YYYYMMDD> (python/version.bzl, today in
          UTC unless --date), a pre-release of the next version;
release   stamps VERSION (canonical PEP 440 with epoch 1, not a .dev version).
Both then, for each CPython (3.10-3.13), build the core wheel with the version
stamped through --//python:version (the tree is not edited; no compile action
changes) and run the wheel tests on it, plus the torch wheel and its tests on
3.11, and there the tests per-change CI leaves out (tagged "nightly": the
other torch release's twins, the e2e suite's nightly runs, torch.compile on
the real-model corpus; --no-nightly-tier skips them); the first failure stops
everything, naming the test. Then dist/ gets the
wheels and SHA256SUMS, and a table is printed. Unless --dist-only, the wheels
are published (see index.py: identical files are skipped, different ones
refused) and what the index now lists is printed.
publish   publishes dist/ as it is, after checking it against its SHA256SUMS.

Exit codes: 0 done, 1 a wheel test or the build failed, 2 bad arguments or
dist/ does not match SHA256SUMS, 3 the index refused or could not be reached.
"""

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

from packaging.version import InvalidVersion, Version

from tools.release import index

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
DEFAULT_PYTHON = "3.11"  # what --config=pyXY is not needed for; the torch wheel's
CORE_WHEEL = "//python:torch_mlir_core_wheel"
TORCH_WHEEL = "//python:torch_mlir_wheel"
CORE_TESTS = ["//test/wheels:core_wheel_test", "//test/wheels:wheel_checks_test"]
TORCH_TESTS = ["//test/wheels:torch_wheel_test", "//test/wheels:wheel_metadata_test"]
VERSION_FLAG = "--//python:version="
# The tests per-change CI leaves out and the nightly runs (NIGHTLY_TAG in
# utils/bazel/rules/torch_versions.bzl; they are also "manual").
NIGHTLY_TESTS = 'attr(tags, "\\bnightly\\b", //test/...)'
SUMS = "SHA256SUMS"

EXIT_BUILD, EXIT_USAGE, EXIT_INDEX = 1, 2, 3


class ReleaseError(Exception):
    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


def log(message):
    print(f"release: {message}", flush=True)


# --- versions ------------------------------------------------------------------

def base_version(workspace):
    path = workspace / "python" / "version.bzl"
    if not path.exists():
        raise ReleaseError(f"{path} is missing: is {workspace} a torch-mlir checkout?", EXIT_USAGE)
    text = path.read_text()
    found = re.search(r'^TORCH_MLIR_VERSION = "([^"]+)"', text, flags=re.M)
    if not found:
        raise ReleaseError("python/version.bzl has no TORCH_MLIR_VERSION", EXIT_USAGE)
    return found.group(1)


def check_date(date):
    try:
        datetime.datetime.strptime(date, "%Y%m%d")
    except ValueError:
        raise ReleaseError(f"--date {date!r} is not a date as YYYYMMDD", EXIT_USAGE) from None
    return date


def nightly_version(base, date):
    """'1!0.1.0', '20261130' -> '1!0.1.0.dev20261130'."""
    return f"{Version(base).base_version}.dev{check_date(date)}"


def release_version(text):
    try:
        version = Version(text)
    except InvalidVersion:
        raise ReleaseError(f"{text!r} is not a PEP 440 version (e.g. 1!0.1.0, 1!0.2.0rc1)",
                           EXIT_USAGE) from None
    if str(version) != text:
        raise ReleaseError(f"write the version as {str(version)!r}, its canonical form", EXIT_USAGE)
    if version.is_devrelease or version.local:
        raise ReleaseError(f"{text} is a dev or local version; `nightly` makes those", EXIT_USAGE)
    if version.epoch < 1:
        raise ReleaseError(
            f"{text} has no epoch: it would sort below upstream's date versions of torch-mlir "
            f"(20261001); release it as '1!{text}' (docs/releasing.md)", EXIT_USAGE)
    return text


# --- building and testing --------------------------------------------------------

def python_flags(python):
    return [] if python == DEFAULT_PYTHON else ["--config=py" + python.replace(".", "")]


def bazel(workspace, args):
    """Runs ./bazelw ARGS in the workspace, its output going straight to ours."""
    return subprocess.run([str(workspace / "bazelw")] + args, cwd=workspace).returncode


def read_events(path):
    events = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                events.append(json.loads(line))
    return events


def failed_tests(events):
    return sorted(e["id"]["testSummary"]["label"] for e in events
                  if "testSummary" in e.get("id", {})
                  and e.get("testSummary", {}).get("overallStatus") != "PASSED")


def target_outputs(events, label):
    """Paths of a top-level target's outputs, from the build event stream."""
    sets = {e["id"]["namedSet"]["id"]: e["namedSetOfFiles"] for e in events
            if "namedSet" in e.get("id", {})}

    def expand(set_id, out):
        for f in sets[set_id].get("files", []):
            uri = f.get("uri", "")
            if uri.startswith("file://"):
                out.append(Path(urllib.parse.unquote(uri[len("file://"):])))
        for child in sets[set_id].get("fileSets", []):
            expand(child["id"], out)

    out = []
    for e in events:
        completed = e.get("id", {}).get("targetCompleted")
        if completed and completed["label"] == label and e.get("completed", {}).get("success"):
            for group in e["completed"].get("outputGroup", []):
                if group.get("name") == "default":
                    for file_set in group.get("fileSets", []):
                        expand(file_set["id"], out)
    return out


def nightly_tests(workspace):
    """The labels of the tests tagged "nightly"."""
    proc = subprocess.run([str(workspace / "bazelw"), "query", NIGHTLY_TESTS, "--output=label"],
                          cwd=workspace, stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise ReleaseError(f"bazel query {NIGHTLY_TESTS} failed (exit {proc.returncode}); "
                           "see its output above. Nothing was published.", EXIT_BUILD)
    return sorted(proc.stdout.split())


def build_and_test(workspace, version, python, with_torch, extra_tests, bazel_flags):
    """Builds the stamped wheels for `python` and runs their tests; returns the wheels."""
    wheels = [CORE_WHEEL] + ([TORCH_WHEEL] if with_torch else [])
    tests = CORE_TESTS + (TORCH_TESTS if with_torch else []) + extra_tests
    with tempfile.TemporaryDirectory() as tmp:
        bep = Path(tmp) / "events.json"
        args = (["test"] + python_flags(python) + [VERSION_FLAG + version] + bazel_flags
                + [f"--build_event_json_file={bep}", "--"] + wheels + tests)
        log(f"CPython {python}: building {', '.join(wheels)} at {version}; testing "
            + " ".join(tests))
        code = bazel(workspace, args)
        events = read_events(bep) if bep.exists() else []
        failed = failed_tests(events)
        if failed:
            raise ReleaseError(f"wheel tests failed for CPython {python}, nothing was published: "
                               + ", ".join(failed), EXIT_BUILD)
        if code != 0:
            raise ReleaseError(f"bazel test for CPython {python} failed (exit {code}) before its "
                               "tests could pass; see its output above. Nothing was published.",
                               EXIT_BUILD)
        built = []
        for label in wheels:
            outputs = [p for p in target_outputs(events, label) if p.suffix == ".whl"]
            if len(outputs) != 1:
                raise ReleaseError(f"{label}: expected one wheel in the build events, got "
                                   f"{[str(p) for p in outputs]}", EXIT_BUILD)
            if outputs[0].name.split("-")[1] != version:
                raise ReleaseError(f"{outputs[0].name} does not carry version {version}", EXIT_BUILD)
            built.append(outputs[0])
        return built


# --- dist/ -------------------------------------------------------------------------

def write_dist(dist, wheels):
    """dist/ holds exactly these wheels and their SHA256SUMS (older wheels go)."""
    dist.mkdir(parents=True, exist_ok=True)
    for old in list(dist.glob("*.whl")) + [dist / SUMS]:
        if old.exists():
            old.unlink()
    lines = []
    for wheel in sorted(wheels, key=lambda w: w.name):
        target = dist / wheel.name
        shutil.copyfile(wheel, target)  # Bazel's outputs are read-only; the copy is not
        lines.append(f"{index.sha256_file(target)}  {target.name}\n")
    (dist / SUMS).write_text("".join(lines))


def verified_dist(dist):
    """The wheels of dist/, after checking them against SHA256SUMS."""
    sums = dist / SUMS
    if not sums.exists():
        raise ReleaseError(f"{sums} is missing; run `nightly --dist-only` (or `release`) first",
                           EXIT_USAGE)
    listed = {}
    for line in sums.read_text().splitlines():
        digest, _, name = line.partition("  ")
        listed[name] = digest
    present = {w.name for w in dist.glob("*.whl")}
    if present != set(listed):
        raise ReleaseError(f"{dist} does not match {SUMS}: extra {sorted(present - set(listed))}, "
                           f"missing {sorted(set(listed) - present)}", EXIT_USAGE)
    for name, digest in listed.items():
        actual = index.sha256_file(dist / name)
        if actual != digest:
            raise ReleaseError(f"{dist / name} was changed after it was built and tested "
                               f"(sha256 {actual}, {SUMS} says {digest}); refusing to publish it",
                               EXIT_USAGE)
    versions = {name.split("-")[1] for name in listed}
    if len(versions) != 1:
        raise ReleaseError(f"{dist} mixes versions {sorted(versions)}", EXIT_USAGE)
    return [dist / name for name in sorted(listed)], versions.pop()


def wheel_table(wheels):
    rows = [("wheel", "tag", "size", "sha256")]
    for wheel in wheels:
        tag = wheel.name[: -len(".whl")].split("-", 2)[2]
        size = wheel.stat().st_size
        rows.append((wheel.name, tag, f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.0f} kB",
                     index.sha256_file(wheel)))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


# --- publishing --------------------------------------------------------------------

def publish(wheels, version, repository_url, index_url):
    index_url = index_url or index.default_index_url(repository_url)
    try:
        done = index.publish(wheels, repository_url, index_url, log=log)
        rows = index.listing(index_url, ["torch-mlir-core", "torch-mlir"], version)
    except index.PublishError as e:
        raise ReleaseError(str(e), EXIT_INDEX) from None
    log(f"uploaded {len(done.upload)}, already there {len(done.identical)}. "
        f"The index ({index_url}) now lists for {version}:")
    for name, digest in rows:
        print(f"  {name}  sha256={digest}")


# --- command line ----------------------------------------------------------------

def parse_args(argv):
    parser = argparse.ArgumentParser(prog="release", description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    commands = parser.add_subparsers(dest="command", required=True)

    def common(sub, building):
        sub.add_argument("--repository-url", help="upload URL of the index (twine's)")
        sub.add_argument("--index-url", help="its simple index, to read what it holds "
                                              "(default: <repository-url>/simple/)")
        sub.add_argument("--dist-dir", type=Path, help="default: <workspace>/dist")
        if building:
            sub.add_argument("--dist-only", action="store_true",
                             help="stop after dist/; publish nothing")
            sub.add_argument("--python", action="append", choices=PYTHONS,
                             help="CPython to build the core wheel for (repeat; default all)")
            sub.add_argument("--test", action="append", default=[], metavar="LABEL",
                             help="another test target that must pass before publishing")
            sub.add_argument("--bazel-flag", action="append", default=[], metavar="FLAG",
                             help="passed to every bazel command, e.g. --config=ci")
            sub.add_argument("--no-nightly-tier", action="store_true",
                             help="leave out the tests tagged nightly (CI's release check "
                                  "does: it checks the release, not those tests)")

    nightly = commands.add_parser("nightly", help="stamp <version>.dev<date>, build, test, publish")
    nightly.add_argument("--date", help="YYYYMMDD (default: today, UTC)")
    common(nightly, True)
    release = commands.add_parser("release", help="stamp VERSION, build, test, publish")
    release.add_argument("version")
    common(release, True)
    publish_cmd = commands.add_parser("publish", help="publish dist/ as it is")
    common(publish_cmd, False)
    args = parser.parse_args(argv)
    if args.command != "publish" and not args.dist_only and not args.repository_url:
        parser.error("give --repository-url URL, or --dist-only to stop before publishing")
    if args.command == "publish" and not args.repository_url:
        parser.error("publish needs --repository-url URL")
    return args


def main(argv=None):
    args = parse_args(argv)
    workspace = os.environ.get("BUILD_WORKSPACE_DIRECTORY")
    if not workspace:
        print("release: run me through Bazel: ./bazelw run //tools/release -- ...", file=sys.stderr)
        return EXIT_USAGE
    workspace = Path(workspace)
    dist = args.dist_dir if args.dist_dir else workspace / "dist"
    if not dist.is_absolute():
        dist = Path(os.environ.get("BUILD_WORKING_DIRECTORY", workspace)) / dist
    try:
        if args.command == "publish":
            wheels, version = verified_dist(dist)
            log(f"publishing {dist} ({version}):\n{wheel_table(wheels)}")
            publish(wheels, version, args.repository_url, args.index_url)
            return 0
        if args.command == "nightly":
            date = args.date or datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d")
            check_date(date)  # before reading the tree: a bad --date is the first thing to say
            version = nightly_version(base_version(workspace), date)
        else:
            version = release_version(args.version)
        pythons = sorted(set(args.python or PYTHONS), key=PYTHONS.index)
        log(f"version {version}; CPython {', '.join(pythons)}")
        tier = [] if args.no_nightly_tier else nightly_tests(workspace)
        if tier:
            log(f"the nightly tier, on CPython {DEFAULT_PYTHON}: {len(tier)} tests")
        wheels = []
        for python in pythons:
            with_torch = python == DEFAULT_PYTHON
            wheels += build_and_test(workspace, version, python, with_torch,
                                     extra_tests=args.test + (tier if with_torch else []),
                                     bazel_flags=args.bazel_flag)
        if DEFAULT_PYTHON not in pythons:  # the torch wheel is built with the default Python
            wheels += build_and_test(workspace, version, DEFAULT_PYTHON, True,
                                     args.test + tier, args.bazel_flag)[1:]
        write_dist(dist, wheels)
        wheels, _ = verified_dist(dist)
        log(f"{dist}:\n{wheel_table(wheels)}")
        if args.dist_only:
            log("--dist-only: nothing published")
            return 0
        publish(wheels, version, args.repository_url, args.index_url)
        return 0
    except ReleaseError as e:
        print(f"release: error: {e}", file=sys.stderr)
        return e.code


if __name__ == "__main__":
    sys.exit(main())
