"""Upstream torch-mlir reads what our importer writes: the checks e2e_test
runs with --upstream-wheel (//test/e2e:e2e_test).

Every e2e case's program (but for variants, which repeat another case's at
other static sizes or dtypes), imported by torch_mlir.fx as users import it
(PyTorch's default decomposition table; output_type="raw": the importer's
own output, before our pipelines), must parse and verify with upstream
torch-mlir's torch-mlir-opt, from its wheel (pinned in deps.lock as
upstream_torch_mlir). Tools built on upstream's dialect (IREE's torch input
among them) read our IR only if this holds. e2e_test's workers import the
programs (from the export its runs share); `problems` reads them.

And the ops our dialect defines beyond upstream's, which the importer writes
as `torch.operator` for that reason (torch-raise-operators types them again
in our pipelines), must be exactly the ops of our registry that upstream's
dialect does not register, asked of upstream's own Python bindings.
"""

import os
import re
import stat
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

SEPARATOR = "\n// -----\n"


def unpack_upstream(wheel):
    site = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR")))
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    opt = site / "torch_mlir" / "_mlir_libs" / "torch-mlir-opt"
    opt.chmod(opt.stat().st_mode | stat.S_IXUSR)
    return site, opt


def registry_ops(registry):
    """'aten::add.Tensor(...) -> Tensor' lines -> 'torch.aten.add.Tensor'."""
    names = []
    for line in Path(registry).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            names.append("torch." + line.split("(", 1)[0].replace("::", ".", 1))
    return names


def upstream_unregistered(site, names):
    """The names upstream's Torch dialect does not register, asked of its own
    Python bindings in a process of their own (both packages are torch_mlir)."""
    program = (
        "import sys\n"
        "from torch_mlir import ir\n"
        "from torch_mlir.dialects import torch as torch_dialect\n"
        "context = ir.Context()\n"
        "torch_dialect.register_dialect(context)\n"
        "for name in sys.stdin.read().split():\n"
        "    if not context.is_registered_operation(name):\n"
        "        print(name)\n")
    env = dict(os.environ, PYTHONPATH=str(site))
    done = subprocess.run([sys.executable, "-c", program], input="\n".join(names),
                          capture_output=True, text=True, env=env, cwd=site, check=True)
    return set(done.stdout.split())


def failing_chunks(opt, texts):
    """Runs upstream's torch-mlir-opt over all modules at once; returns
    {index: first error} for the chunks it refused, and how many it printed."""
    source = Path(tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))) / "ours.mlir"
    starts, line = [], 1
    for text in texts:
        starts.append(line)
        line += text.count("\n") + SEPARATOR.count("\n")
    source.write_text(SEPARATOR.join(texts))
    done = subprocess.run([str(opt), "--split-input-file", str(source)],
                          capture_output=True, text=True)
    errors = {}
    for match in re.finditer(r"^[^\n]*?:(\d+):\d+: error: ([^\n]*)", done.stderr, re.M):
        at = int(match.group(1))
        index = max(i for i, s in enumerate(starts) if s <= at)
        errors.setdefault(index, match.group(2))
    if done.returncode != 0 and not errors:
        errors[-1] = done.stderr.strip()[:500] or f"exit status {done.returncode}"
    printed = done.stdout.count("module")
    return errors, printed


def problems(upstream_wheel, registry, imported):
    """What is wrong, as lines, for `imported`: (case name, raw IR text or
    None, why not) per e2e case. Prints what it found."""
    from torch_mlir.extras import fx_importer

    upstream_site, opt = unpack_upstream(upstream_wheel)
    found = []

    # Our registry beyond upstream's dialect == what the importer writes as
    # torch.operator for that reason.
    beyond = upstream_unregistered(upstream_site, registry_ops(registry))
    written_as_operator = set(fx_importer.BEYOND_UPSTREAM)
    if beyond != written_as_operator:
        found.append(
            "fx_importer.BEYOND_UPSTREAM is not our registry's ops upstream lacks:\n"
            f"  upstream lacks, not listed: {sorted(beyond - written_as_operator)}\n"
            f"  listed, upstream has them: {sorted(written_as_operator - beyond)}")
    print(f"{len(beyond)} ops of our registry are beyond upstream's dialect: "
          f"{', '.join(sorted(beyond))}")

    # Every e2e program, imported, read by upstream's torch-mlir-opt.
    texts = [(name, text) for name, text, _ in imported if text is not None]
    not_imported = [(name, why) for name, text, why in imported if text is None]
    for name, why in not_imported:
        print(f"not imported (no program to read): {name}: {why}")
    errors, printed = failing_chunks(opt, [text for _, text in texts])
    for index, error in sorted(errors.items()):
        name = texts[index][0] if index >= 0 else "(all)"
        found.append(f"upstream's torch-mlir-opt refuses {name}: {error}")
    if not errors and printed < len(texts):
        found.append(f"upstream's torch-mlir-opt printed {printed} modules of {len(texts)}")
    print(f"{len(texts) - len(errors)} of {len(texts)} imported e2e programs parse and verify "
          f"with upstream's torch-mlir-opt ({len(not_imported)} cases do not import)")
    # The cases that do not import are the e2e suite's own expected failures
    # at import; more than a handful means the importer broke, not interop.
    if len(not_imported) > 5:
        found.append(f"{len(not_imported)} e2e cases did not import")
    if not texts:
        found.append("no e2e program was imported, so upstream read none")
    return found
