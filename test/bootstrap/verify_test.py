"""`bootstrap.py verify` accepts exactly the pinned bytes and refuses the rest.

Each case builds a scratch distdir and a scratch lock pinning a small .tar.xz
made here, then drives the real command-line entry point.
"""

import contextlib
import hashlib
import io
import json
import os
import tarfile
import tempfile
import unittest

from utils.bazel.bootstrap import bootstrap

TARBALL = "example-1.0.orig.tar.xz"


def make_tarball(path):
    payload = b"int main() { return 0; }\n" * 100
    with tarfile.open(path, "w:xz") as tar:
        info = tarfile.TarInfo("example-1.0/main.c")
        info.size = len(payload)
        tar.addfile(info, io.BytesIO(payload))


class VerifyTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        self.distdir = os.path.join(self.dir, "distdir")
        os.makedirs(self.distdir)
        self.tarball = os.path.join(self.distdir, TARBALL)
        make_tarball(self.tarball)
        data = open(self.tarball, "rb").read()
        self.lock = os.path.join(self.dir, "deps.lock")
        with open(self.lock, "w") as f:
            json.dump({"format": 1, "inputs": [{
                "name": "example", "version": "1.0", "file": TARBALL,
                "size": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                "fetch": {"kind": "apt-source", "package": "example", "version": "1.0-1"},
            }]}, f)

    def verify(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = bootstrap.main(["verify", "--lock", self.lock, "--distdir", self.distdir])
        return code, err.getvalue()

    def flip_last_byte(self):
        with open(self.tarball, "r+b") as f:
            f.seek(-1, os.SEEK_END)
            last = f.read(1)
            f.seek(-1, os.SEEK_END)
            f.write(bytes([last[0] ^ 0xFF]))

    def test_pinned_file_is_accepted_and_stamped(self):
        self.assertEqual(self.verify(), (0, ""))
        stamp = os.path.join(self.distdir, ".verified", TARBALL + ".stamp")
        self.assertTrue(os.path.exists(stamp))

    def test_tampered_tarball_is_rejected_and_kept(self):
        self.flip_last_byte()
        code, err = self.verify()
        self.assertEqual(code, bootstrap.EXIT_VERIFY_FAILED)
        self.assertIn("example: sha256 mismatch", err)
        self.assertIn("nothing was built from it", err)
        self.assertIn("delete it and rerun ./bazelw", err)
        self.assertTrue(os.path.exists(self.tarball), "evidence must not be deleted")

    def test_tampering_after_stamp_with_mtime_restored_is_caught(self):
        self.assertEqual(self.verify()[0], 0)
        st = os.stat(self.tarball)
        self.flip_last_byte()
        os.utime(self.tarball, ns=(st.st_atime_ns, st.st_mtime_ns))
        code, err = self.verify()
        self.assertEqual(code, bootstrap.EXIT_VERIFY_FAILED)
        self.assertIn("sha256 mismatch", err)

    def test_truncated_tarball_is_rejected(self):
        with open(self.tarball, "r+b") as f:
            f.truncate(100)
        code, err = self.verify()
        self.assertEqual(code, bootstrap.EXIT_VERIFY_FAILED)
        self.assertIn("has 100 bytes", err)

    def test_missing_input_names_the_fix(self):
        os.remove(self.tarball)
        code, err = self.verify()
        self.assertEqual(code, bootstrap.EXIT_VERIFY_FAILED)
        self.assertIn("missing from", err)
        self.assertIn("Run ./bazelw", err)

    def test_wrong_python_is_refused(self):
        with self.assertRaises(bootstrap.BootstrapError) as caught:
            bootstrap.check_python((3, 12, 1), "/opt/python3.12")
        self.assertEqual(caught.exception.exit_code, bootstrap.EXIT_UNSUPPORTED)
        self.assertIn("CPython 3.11, but ./bazelw is running 3.12.1", str(caught.exception))
        bootstrap.check_python((3, 11, 7), "/opt/python3.11")  # the pinned one passes


if __name__ == "__main__":
    unittest.main()
