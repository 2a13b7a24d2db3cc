"""What the remote-execution check relies on, without a worker: the comment
it appends to the registry leaves the generated ODS unchanged (so the
genrule runs again yet writes the same bytes), and its reading of Bazel's
execution log (which spawns ran where)."""

import json
import os
import shutil
import tempfile
import unittest
from pathlib import Path

from ci import remote_exec_check as rec
from tools.torch_ods_gen import torch_ods_gen

ROOT = Path(__file__).resolve().parents[2]


class RegistryMarkTest(unittest.TestCase):
    def test_marked_registry_generates_the_same_ods(self):
        tmp = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")))
        checkout = tmp / "checkout"
        registry = checkout / rec.REGISTRY
        registry.parent.mkdir(parents=True)
        shutil.copy(ROOT / rec.REGISTRY, registry)
        plain = torch_ods_gen.generate(torch_ods_gen.read_registry(str(registry)))
        rec.mark_registry(checkout, "remote_123")
        text = registry.read_text()
        self.assertTrue(text.endswith("# remote execution check: the remote_123 build\n"))
        self.assertNotEqual(text, (ROOT / rec.REGISTRY).read_text())
        marked = torch_ods_gen.generate(torch_ods_gen.read_registry(str(registry)))
        self.assertEqual(plain, marked)


class ExecutionLogTest(unittest.TestCase):
    def test_counts_spawns_that_ran_by_runner_and_mnemonic(self):
        spawns = [
            {"mnemonic": "CppCompile", "runner": "remote cache hit", "remoteCacheHit": True},
            {"mnemonic": "CppCompile", "runner": "remote"},
            {"mnemonic": "Genrule", "runner": "remote"},
            {"mnemonic": "TdGenerate", "runner": "processwrapper-sandbox"},
        ]
        log = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))) / "exec.json"
        # Bazel writes one JSON object after another, not a list.
        log.write_text("\n".join(json.dumps(s, indent=1) for s in spawns))
        hits, ran = rec.spawns_by_runner(log)
        self.assertEqual(hits, 1)
        self.assertEqual(dict(ran), {("remote", "CppCompile"): 1, ("remote", "Genrule"): 1,
                                     ("processwrapper-sandbox", "TdGenerate"): 1})

    def test_build_flags_change_only_our_library_and_tblgen(self):
        flags = rec.build_flags("1", "remote", "", Path("/x/exec.json"))
        self.assertIn("--disk_cache=", flags)
        self.assertIn(f"--per_file_copt={rec.RECOMPILED}@-DTORCH_MLIR_BUILT_BY=remote_1", flags)
        # The link define is the run's, not the side's: both builds link the same bytes.
        self.assertIn("--linkopt=-DTORCH_MLIR_LINKED_FOR=check_1", flags)
        local = rec.build_flags("1", "local", "d", Path("/x/exec.json"))
        self.assertEqual([f for f in local if f.startswith("--linkopt")],
                         ["--linkopt=-DTORCH_MLIR_LINKED_FOR=check_1"])
        self.assertIn("--modify_execution_info=TdGenerate=+no-cache", flags)
        self.assertFalse(any(f.startswith("--copt") for f in flags))


if __name__ == "__main__":
    unittest.main()
