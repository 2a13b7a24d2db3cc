"""The METADATA of the two wheels: what each promises pip."""

import argparse
import email.parser
import sys
import unittest
import zipfile

from packaging.requirements import Requirement
from packaging.version import Version

ARGS = None


def metadata(wheel):
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(z.read(name).decode())


def requirements(meta):
    return [Requirement(r) for r in meta.get_all("Requires-Dist") or []]


class WheelMetadataTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.core = metadata(ARGS.core_wheel)
        cls.torch = metadata(ARGS.torch_wheel)

    def test_core_requires_nothing_torch(self):
        self.assertEqual(self.core["Name"], "torch-mlir-core")
        names = [r.name.lower() for r in requirements(self.core)]
        self.assertNotIn("torch", names)
        # Not in an extra, a summary or a description either: the word `torch` on
        # its own (not torch-mlir, torch_mlir or PyTorch) appears nowhere.
        self.assertNotRegex(self.core.as_string().lower(), r"\btorch\b(?![-_]mlir)")

    def test_core_requires_numpy_as_a_range_holding_the_tested_one(self):
        reqs = {r.name: r for r in requirements(self.core) if not r.marker}
        self.assertEqual(sorted(reqs), ["numpy"])
        numpy = reqs["numpy"]
        self.assertIn(Version(ARGS.tested_numpy), numpy.specifier)
        self.assertFalse([s for s in numpy.specifier if s.operator in ("==", "===")],
                         f"numpy must not be pinned exactly: {numpy}")

    def test_core_offers_onnx_as_an_extra_holding_the_tested_one(self):
        self.assertEqual(self.core.get_all("Provides-Extra"), ["onnx"])
        extras = [r for r in requirements(self.core) if r.marker]
        self.assertEqual([r.name for r in extras], ["onnx"])
        onnx = extras[0]
        self.assertTrue(onnx.marker.evaluate({"extra": "onnx"}))
        self.assertFalse(onnx.marker.evaluate({"extra": ""}))
        self.assertIn(Version(ARGS.tested_onnx), onnx.specifier)
        self.assertFalse([s for s in onnx.specifier if s.operator in ("==", "===")])

    def test_torch_wheel_requires_exactly_this_core(self):
        self.assertEqual(self.torch["Name"], "torch-mlir")
        reqs = {r.name: r for r in requirements(self.torch)}
        core = reqs["torch-mlir-core"]
        self.assertEqual(str(core.specifier), f"=={self.core['Version']}")
        self.assertEqual(self.torch["Version"], self.core["Version"])

    def test_torch_requirement_is_a_range_holding_the_tested_torch(self):
        # The tested releases and their patches; nothing older, newer or in
        # between that no test ran on.
        reqs = {r.name: r for r in requirements(self.torch)}
        torch = reqs["torch"]
        tested = sorted(Version(v) for v in ARGS.tested_torch)
        for release in tested:
            self.assertIn(release, torch.specifier)
            self.assertIn(Version(f"{release.major}.{release.minor}.{release.micro + 1}"),
                          torch.specifier)
        oldest, newest = tested[0], tested[-1]
        self.assertNotIn(Version(f"{oldest.major}.{oldest.minor - 1}.0"), torch.specifier)
        self.assertNotIn(Version(f"{newest.major}.{newest.minor + 1}.0"), torch.specifier)
        minors = {(v.major, v.minor) for v in tested}
        untested = [f"{oldest.major}.{m}" for m in range(oldest.minor, newest.minor + 1)
                    if (oldest.major, m) not in minors
                    and Version(f"{oldest.major}.{m}.0") in torch.specifier]
        self.assertEqual(untested, [], f"{torch} admits releases no test ran on")
        self.assertFalse([s for s in torch.specifier if s.operator in ("==", "===")],
                         f"torch must not be pinned exactly: {torch}")

    def test_index_page_metadata(self):
        # What an index shows: license, classifiers, URLs, Python range, and a
        # Markdown description from the wheel's DESCRIPTION.md.
        for name, meta in (("torch-mlir-core", self.core), ("torch-mlir", self.torch)):
            with self.subTest(name):
                self.assertEqual(meta["Metadata-Version"], "2.4")
                self.assertEqual(meta["License-Expression"], "Apache-2.0 WITH LLVM-exception")
                self.assertIn("Programming Language :: Python :: 3.13", meta.get_all("Classifier"))
                self.assertTrue(meta.get_all("Project-URL"))
                self.assertTrue(meta["Requires-Python"])
                self.assertEqual(meta["Description-Content-Type"], "text/markdown")
                body = meta.get_payload()
                self.assertTrue(body.startswith(f"**{name}**"), body[:80])

    def test_licenses_in_dist_info(self):
        # Ours in both; LLVM's and pybind11's where they are compiled in (core).
        expected = {"torch-mlir-core": {"LICENSE", "LICENSE-LLVM.txt", "LICENSE-pybind11"},
                    "torch-mlir": {"LICENSE"}}
        for wheel, meta in ((ARGS.core_wheel, self.core), (ARGS.torch_wheel, self.torch)):
            name = meta["Name"]
            with self.subTest(name), zipfile.ZipFile(wheel) as z:
                listed = set(meta.get_all("License-File"))
                self.assertEqual(listed, expected[name])
                for license_name in listed:
                    text = z.read(f"{name.replace('-', '_')}-{meta['Version']}.dist-info/"
                                  f"licenses/{license_name}").decode()
                    self.assertGreater(len(text), 500, license_name)
                self.assertIn("Apache License",
                              z.read(f"{name.replace('-', '_')}-{meta['Version']}.dist-info/"
                                     "licenses/LICENSE").decode())

    def test_torch_wheel_is_pure(self):
        with zipfile.ZipFile(ARGS.torch_wheel) as z:
            wheel = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/WHEEL")))
        self.assertIn(b"Root-Is-Purelib: true", wheel)
        self.assertIn(b"Tag: py3-none-any", wheel)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--core-wheel", required=True)
    parser.add_argument("--torch-wheel", required=True)
    parser.add_argument("--tested-torch", action="append", required=True,
                        help="a torch release the torch-linked tests run on (each)")
    parser.add_argument("--tested-numpy", required=True)
    parser.add_argument("--tested-onnx", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
