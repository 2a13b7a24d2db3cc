"""The release command's `publish` against a real index on 127.0.0.1 (pypiserver
with a password), with the wheels Bazel built: what lands there, re-runs, and
bad input (a wrong password, an index that is down, a version already there
with other bytes, a dist/ changed after it was tested). Then a fresh venv
installs the core wheel from that index and runs the smoketest, and pip
resolves the torch wheel to the core of the same version from it, still
ours when upstream's date-versioned torch-mlir is offered beside the index.

The full one command (stamping, every CPython, building and testing) is
ci/release_check.py, a CI stage: it runs Bazel itself.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import zipfile
from pathlib import Path

from fresh_venv import FreshVenv
from ci.local_index import LocalIndex
from tools.release.index import sha256_file

ARGS = None
SMOKETEST_OUTPUT = "module {\n  %none = torch.constant.none\n}\n"


def make_dist(wheels, into):
    """A dist/ as the release command writes it: the wheels and SHA256SUMS."""
    into.mkdir(parents=True, exist_ok=True)
    lines = []
    for wheel in sorted(wheels, key=lambda w: Path(w).name):
        target = into / Path(wheel).name
        shutil.copyfile(wheel, target)
        lines.append(f"{sha256_file(target)}  {target.name}\n")
    (into / "SHA256SUMS").write_text("".join(lines))
    return into


def altered_copy(wheel, into):
    """The same file name with other bytes: one more file in the archive."""
    target = into / Path(wheel).name
    shutil.copyfile(wheel, target)
    with zipfile.ZipFile(target, "a") as z:
        z.writestr("torch_mlir/ALTERED", "not the tested wheel\n")
    return target


class PublishTest(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")))
        self.index = LocalIndex().start()
        self.addCleanup(self.index.remove)
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.wheels = [ARGS.core_wheel, ARGS.torch_wheel]
        self.version = Path(ARGS.core_wheel).name.split("-")[1]

    def release(self, *args, password=None):
        env = {**os.environ, **self.index.credentials(password),
               "BUILD_WORKSPACE_DIRECTORY": str(self.tmp), "HOME": str(self.tmp)}
        return subprocess.run([ARGS.release, *args], capture_output=True, text=True, env=env)

    def publish(self, dist, password=None, url=None):
        return self.release("publish", "--dist-dir", str(dist),
                            "--repository-url", url or self.index.repository_url,
                            password=password)

    def test_publish_then_rerun_is_a_no_op(self):
        dist = make_dist(self.wheels, self.tmp / "dist")
        first = self.publish(dist)
        self.assertEqual(first.returncode, 0, first.stdout + first.stderr)
        names = sorted(Path(w).name for w in self.wheels)
        self.assertEqual(self.index.files(), names)
        for name in names:  # what the index holds is byte for byte what was tested
            self.assertEqual(sha256_file(self.index.packages / name), sha256_file(dist / name))
            self.assertIn(f"{name}  sha256={sha256_file(dist / name)}", first.stdout)
        # The core wheel went up before the torch wheel that requires it.
        stored = {p.name: p.stat().st_mtime_ns for p in self.index.packages.iterdir()}
        self.assertLessEqual(stored[Path(ARGS.core_wheel).name], stored[Path(ARGS.torch_wheel).name])
        mtimes = {p.name: p.stat().st_mtime_ns for p in self.index.packages.iterdir()}
        again = self.publish(dist)
        self.assertEqual(again.returncode, 0, again.stdout + again.stderr)
        self.assertIn("nothing to upload", again.stdout)
        self.assertEqual({p.name: p.stat().st_mtime_ns for p in self.index.packages.iterdir()},
                         mtimes)

    def test_wrong_password_publishes_nothing(self):
        proc = self.publish(make_dist(self.wheels, self.tmp / "dist"), password="not-it")
        self.assertEqual(proc.returncode, 3, proc.stdout + proc.stderr)
        self.assertIn("refused the upload (HTTP 403)", proc.stderr)
        self.assertIn("TWINE_PASSWORD", proc.stderr)
        self.assertNotIn("not-it", proc.stdout + proc.stderr)
        self.assertEqual(self.index.files(), [])

    def test_index_down(self):
        dist = make_dist(self.wheels, self.tmp / "dist")
        self.index.stop()
        proc = self.publish(dist)
        self.assertEqual(proc.returncode, 3, proc.stdout + proc.stderr)
        self.assertIn("cannot reach the index", proc.stderr)
        self.assertNotIn("Traceback", proc.stderr)

    def test_same_version_with_other_bytes_is_refused(self):
        # Someone published another core wheel under this name before us.
        other = altered_copy(ARGS.core_wheel, self.tmp)
        subprocess.run(["cp", str(other), str(self.index.packages)], check=True)
        before = self.index.files()
        proc = self.publish(make_dist(self.wheels, self.tmp / "dist"))
        self.assertEqual(proc.returncode, 3, proc.stdout + proc.stderr)
        self.assertIn("refusing to publish", proc.stderr)
        self.assertIn(Path(ARGS.core_wheel).name, proc.stderr)
        self.assertIn("immutable", proc.stderr)
        # Nothing went up, not even the torch wheel that did not conflict.
        self.assertEqual(self.index.files(), before)

    def test_dist_changed_after_testing_is_refused(self):
        dist = make_dist(self.wheels, self.tmp / "dist")
        with zipfile.ZipFile(dist / Path(ARGS.torch_wheel).name, "a") as z:
            z.writestr("torch_mlir/TAMPERED", "x")
        proc = self.publish(dist)
        self.assertEqual(proc.returncode, 2, proc.stdout + proc.stderr)
        self.assertIn("was changed after it was built and tested", proc.stderr)
        self.assertEqual(self.index.files(), [])

    def test_bad_arguments(self):
        proc = self.release("nightly")
        self.assertEqual(proc.returncode, 2)
        self.assertIn("--repository-url", proc.stderr)
        proc = self.release("release", "1.0-rc1", "--dist-only")
        self.assertEqual(proc.returncode, 2)
        self.assertIn("'1.0rc1'", proc.stderr)
        proc = self.release("release", "1!0.2.0.dev1", "--dist-only")
        self.assertEqual(proc.returncode, 2)
        self.assertIn("nightly", proc.stderr)
        proc = self.release("release", "0.2.0", "--dist-only")
        self.assertEqual(proc.returncode, 2)
        self.assertIn("'1!0.2.0'", proc.stderr)
        proc = self.release("nightly", "--date", "2026-11-30", "--dist-only")
        self.assertEqual(proc.returncode, 2)
        self.assertIn("YYYYMMDD", proc.stderr)
        proc = self.release("publish", "--dist-dir", str(self.tmp / "empty"),
                            "--repository-url", self.index.repository_url)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("SHA256SUMS is missing", proc.stderr)

    def fake_workspace(self, query_status=0):
        """A workspace whose bazelw records its arguments: `query` prints two
        labels (or fails), `test` fails as a build would."""
        (self.tmp / "python").mkdir()
        (self.tmp / "python" / "version.bzl").write_text('TORCH_MLIR_VERSION = "1!0.1.0"\n')
        bazelw = self.tmp / "bazelw"
        bazelw.write_text(
            "#!/bin/sh\n"
            f'echo "$@" >> "{self.tmp}/calls"\n'
            'if [ "$1" = query ]; then\n'
            "  printf '//test/e2e:e2e_dynamo_test\\n//test/fx:compile_test_torch_2_14\\n'\n"
            f"  exit {query_status}\n"
            "fi\n"
            "exit 1\n")
        bazelw.chmod(0o755)
        return self.tmp / "calls"

    def test_nightly_runs_the_nightly_tier(self):
        calls = self.fake_workspace()
        proc = self.release("nightly", "--dist-only", "--python", "3.12", "--date", "20261207")
        self.assertEqual(proc.returncode, 1, proc.stderr)
        lines = calls.read_text().splitlines()
        self.assertTrue(lines[0].startswith("query "), lines)
        self.assertIn("nightly", lines[0])
        # 3.12's core wheel first, without the tier: the build fails there.
        self.assertEqual(len(lines), 2, lines)
        self.assertIn("--config=py312", lines[1])
        self.assertNotIn("e2e_dynamo_test", lines[1])
        calls.unlink()
        proc = self.release("nightly", "--dist-only", "--python", "3.11", "--date", "20261207")
        self.assertEqual(proc.returncode, 1, proc.stderr)
        test = calls.read_text().splitlines()[1].split(" -- ")[1].split()
        self.assertIn("//test/e2e:e2e_dynamo_test", test)
        self.assertIn("//test/fx:compile_test_torch_2_14", test)
        self.assertIn("//test/wheels:torch_wheel_test", test)
        self.assertIn("the nightly tier, on CPython 3.11: 2 tests", proc.stdout)
        calls.unlink()
        proc = self.release("nightly", "--dist-only", "--python", "3.11", "--no-nightly-tier")
        lines = calls.read_text().splitlines()
        self.assertEqual(len(lines), 1, lines)  # no query
        self.assertNotIn("e2e_dynamo_test", lines[0])

    def test_nightly_stops_when_its_tier_cannot_be_listed(self):
        calls = self.fake_workspace(query_status=2)
        proc = self.release("nightly", "--dist-only", "--python", "3.11")
        self.assertEqual(proc.returncode, 1)
        self.assertIn("bazel query", proc.stderr)
        self.assertEqual(len(calls.read_text().splitlines()), 1)  # nothing built

    def test_fresh_venv_installs_from_the_index(self):
        dist = make_dist(self.wheels, self.tmp / "dist")
        self.assertEqual(self.publish(dist).returncode, 0)
        venv = FreshVenv()
        self.addCleanup(venv.remove)
        links = venv.tmp / "links"
        links.mkdir()
        for wheel in ARGS.find_links:
            (links / Path(wheel).name).symlink_to(Path(wheel).resolve())
        proc = venv.python(["-m", "pip", "install", "--index-url", self.index.index_url,
                            "--find-links", str(links), "torch-mlir-core"])
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        proc = venv.python([ARGS.smoketest])
        self.assertEqual((proc.returncode, proc.stdout), (0, SMOKETEST_OUTPUT), proc.stderr)
        # pip resolves torch-mlir to the core of its own version, from the index.
        proc = venv.python(["-m", "pip", "install", "--dry-run", "--index-url",
                            self.index.index_url, "--find-links", str(links), "torch-mlir"])
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertIn(f"torch-mlir-{self.version}", proc.stdout)
        self.assertIn(f"Requirement already satisfied: torch-mlir-core=={self.version}",
                      proc.stdout)
        # With upstream's torch-mlir (20261001, PyPI's) beside our index, pip
        # still picks ours: epoch 1 sorts above every date version.
        (links / Path(ARGS.upstream_wheel).name).symlink_to(ARGS.upstream_wheel)
        proc = venv.python(["-m", "pip", "install", "--dry-run", "--index-url",
                            self.index.index_url, "--find-links", str(links), "torch-mlir"])
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertIn(f"torch-mlir-{self.version}", proc.stdout)
        self.assertNotIn("20261001", proc.stdout)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--release", required=True)
    parser.add_argument("--core-wheel", required=True)
    parser.add_argument("--torch-wheel", required=True)
    parser.add_argument("--smoketest", required=True)
    parser.add_argument("--upstream-wheel", required=True)
    parser.add_argument("--find-links", nargs="+", required=True)
    ARGS, rest = parser.parse_known_args()
    for name in ("release", "core_wheel", "torch_wheel", "smoketest", "upstream_wheel"):
        setattr(ARGS, name, str(Path(getattr(ARGS, name)).resolve()))
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
