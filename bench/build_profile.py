"""Where a build's time went, from the profile Bazel writes for every command.

Bazel 4 writes the last command's JSON trace profile to
<output_base>/command.profile.gz. Run this right after the build you want to
read (a cold `./bazelw test //test/...`, say): later commands overwrite it.
It prints the action time by part of the tree (the LLVM code generator, JIT
and optimizer; MLIR's dialects; the rest of MLIR; LLVM's core; ours; tests),
then by library directory, then the longest single actions, and how the
total action time compares with the wall time (on 2 cores, 2x means every
core was compiling the whole time).

With --against OTHER, it also compares the machine's speed in the two runs:
the compiles both profiles have (more than 2 s in OTHER), as the ratio of
their summed times and the median of their ratios. Runs on different days
differ by a third on these machines, so compare a change's profiles only
after this says how the machines compared.

Usage: python3 -m bench.build_profile [PROFILE] [--top 25] [--against OTHER]
       (default PROFILE: this workspace's <output_base>/command.profile.gz)
"""

import argparse
import collections
import gzip
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# LLVM libraries only the JIT (code generation, ORC, the IR optimizer) needs.
LLVM_BACKEND = ("CodeGen", "Target", "ExecutionEngine", "Transforms", "Passes", "DebugInfo",
                "Object", "MC", "Analysis", "ProfileData", "Bitcode", "TextAPI", "IRReader",
                "AsmParser", "Linker", "Frontend", "Remarks", "BinaryFormat")


# A unity batch (utils/bazel/unity) is named after its sources' directory:
# external/llvm-project/llvm/CodeGen_unity/lib_CodeGen_SelectionDAG_0.cpp
UNITY_BATCH = re.compile(r"external/[^/]+/(llvm|mlir)/\w+_unity/(\w+)_\d+\.cpp$")


def part_of(name):
    """(part, library directory) for one action's description."""
    compiled = re.match(r"Compiling (\S+)", name)
    if not compiled:
        return name.split(" ")[0], name.split(" ")[0]
    path = compiled.group(1)
    # Our own unity batches compile in @torch_mlir_cc:
    # external/torch_mlir_cc/lib/RefBackend/RefBackend_unity/_0.cpp
    if path.startswith("external/torch_mlir_cc/"):
        path = path[len("external/torch_mlir_cc/"):]
    batch = UNITY_BATCH.match(path)
    if batch:
        path = "{}/{}/(batch)".format(batch.group(1), batch.group(2).replace("_", "/"))
    parts = path.split("/")
    if path.startswith("llvm/lib/"):
        library = "/".join(parts[:4]) if len(parts) > 4 else "/".join(parts[:3])
        if parts[2] in LLVM_BACKEND:
            return "LLVM code generator, JIT, optimizer", library
        return "LLVM Support, IR, TableGen, utils", library
    if path.startswith("mlir/lib/Dialect/"):
        return "MLIR dialects", "/".join(parts[:4])
    if path.startswith("mlir/"):
        return "MLIR, the rest", "/".join(parts[:3])
    if parts[0] in ("lib", "python", "tools"):
        return "ours", "/".join(parts[:3])
    return "other compiles", parts[0]


def load_actions(profile):
    with gzip.open(profile) as f:
        data = json.load(f)
    events = data["traceEvents"] if isinstance(data, dict) else data
    actions = [e for e in events if e.get("ph") == "X" and e.get("cat") == "action processing"]
    if not actions:
        raise SystemExit(f"{profile}: no actions in this profile (a no-op or cached build?)")
    start = min(e["ts"] for e in actions)
    end = max(e["ts"] + e["dur"] for e in actions)
    return actions, (end - start) / 1e6


def table(title, totals, counts, total, top):
    print(f"\n{title}")
    print(f"{'seconds':>9}  {'share':>6}  {'actions':>7}  what")
    for key, seconds in totals.most_common(top):
        print(f"{seconds:9.0f}  {100 * seconds / total:5.1f}%  {counts[key]:7d}  {key}")


def compare_compiles(actions, other):
    """(count, ratio of sums, median ratio) of the compiles in both, this over other."""
    def times(events):
        return {e["name"]: e["dur"] / 1e6 for e in events
                if e.get("name", "").startswith("Compiling ")}
    mine, theirs = times(actions), times(other)
    shared = [n for n in mine if theirs.get(n, 0) > 2]
    if not shared:
        raise SystemExit("the two profiles share no compile of more than 2 s")
    return (len(shared),
            sum(mine[n] for n in shared) / sum(theirs[n] for n in shared),
            statistics.median(mine[n] / theirs[n] for n in shared))


def default_profile():
    out = subprocess.run([str(REPO / "bazelw"), "info", "output_base"], cwd=REPO,
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit("bazel info output_base failed; name the profile file instead")
    return Path(out.stdout.strip()) / "command.profile.gz"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile", nargs="?", type=Path)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--against", type=Path, help="another profile, to compare speeds")
    args = parser.parse_args()
    profile = args.profile or default_profile()
    if not profile.exists():
        raise SystemExit(f"{profile}: no such profile")
    actions, wall = load_actions(profile)
    by_part, by_library, by_action = collections.Counter(), collections.Counter(), collections.Counter()
    part_n, library_n, action_n = collections.Counter(), collections.Counter(), collections.Counter()
    for e in actions:
        seconds = e["dur"] / 1e6
        part, library = part_of(e.get("name", ""))
        by_part[part] += seconds
        part_n[part] += 1
        by_library[library] += seconds
        library_n[library] += 1
        by_action[e.get("name", "")] += seconds
        action_n[e.get("name", "")] += 1
    total = sum(by_part.values())
    print(f"{profile}: {len(actions)} actions, {total:.0f} s of action time over "
          f"{wall:.0f} s of wall time ({total / wall:.2f}x)")
    table("by part of the tree", by_part, part_n, total, args.top)
    table("by library", by_library, library_n, total, args.top)
    table("longest actions", by_action, action_n, total, args.top)
    if args.against:
        count, of_sums, median = compare_compiles(actions, load_actions(args.against)[0])
        print(f"\nagainst {args.against}: {count} compiles in both took {of_sums:.2f}x "
              f"as long in sum here, median {median:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
