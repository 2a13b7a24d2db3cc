"""Mutation fuzzing of torch-mlir-opt: bad input gets a diagnostic, never a crash.

Takes every lit input under test/Dialect and test/Conversion, mutates it
(flipped bytes, a truncation, a deleted or duplicated span, a swapped token)
with a fixed seed, and feeds each mutant to torch-mlir-opt: a third only
parsed and verified, a third through --canonicalize, a third through the
lowering to linalg-on-tensors.
Every run must end with exit 0, or exit 1 with an `error:` diagnostic. A signal
(segfault, abort), another exit code, a silent failure or a hang fails the
test and names the seed and case so it can be replayed:

    bazel run //test/fuzz:mutate_test -- --replay CASE
"""

import argparse
import concurrent.futures
import os
import random
import subprocess
import sys
import tempfile

SEED = 20261130
CASES = 2400
TIMEOUT_S = 20
PASSES = [[], ["--canonicalize"], ["--torch-backend-to-linalg-on-tensors-backend-pipeline"]]
TOKENS = [b"!torch.vtensor<[2,?],f32>", b"!torch.int", b"%0", b"torch.aten.add.Tensor",
          b"torch.prim.If", b"{", b"}", b"(", b")", b"<", b">", b"[", b"]", b",", b":",
          b"->", b"-1", b"?", b"*", b"unk", b"\"", b"^bb0", b"torch.constant.int 9223372036854775807"]


def mutate(rng, data):
    kind = rng.choice(["flip", "truncate", "delete", "duplicate", "token"])
    if not data:
        return kind, data
    if kind == "flip":
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return kind, bytes(out)
    if kind == "truncate":
        return kind, data[:rng.randrange(len(data))]
    start = rng.randrange(len(data))
    end = min(len(data), start + rng.randint(1, 200))
    if kind == "delete":
        return kind, data[:start] + data[end:]
    if kind == "duplicate":
        return kind, data[:end] + data[start:end] + data[end:]
    return kind, data[:start] + rng.choice(TOKENS) + data[end:]


def make_cases(inputs):
    rng = random.Random(SEED)
    blobs = [(path, open(path, "rb").read()) for path in inputs]
    cases = []
    for index in range(CASES):
        path, data = blobs[index % len(blobs)]
        kind, mutant = mutate(rng, data)
        passes = rng.choice(PASSES)
        cases.append((index, os.path.basename(path), kind, passes, mutant))
    return cases


def run_case(opt, case):
    index, name, kind, passes, mutant = case
    cmd = [opt, "-", "--split-input-file"] + passes
    try:
        proc = subprocess.run(cmd, input=mutant, capture_output=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"case {index} ({name}, {kind}): hung for {TIMEOUT_S}s"
    if proc.returncode == 0:
        return None
    stderr = proc.stderr.decode(errors="replace")
    if proc.returncode == 1 and "error:" in stderr:
        return None
    return (f"case {index} ({name}, {kind}, passes={' '.join(passes) or 'none'}): exit "
            f"{proc.returncode}\n{stderr[-1500:]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opt", required=True)
    parser.add_argument("--replay", type=int, help="write case N's input to a file and run only it")
    parser.add_argument("inputs", nargs="+")
    args = parser.parse_args()
    cases = make_cases(sorted(args.inputs))
    if args.replay is not None:
        case = cases[args.replay]
        with tempfile.NamedTemporaryFile("wb", suffix=".mlir", delete=False) as f:
            f.write(case[4])
        print(f"case {args.replay} input: {f.name}")
        print(run_case(args.opt, case) or "no failure")
        return 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        failures = [r for r in pool.map(lambda c: run_case(args.opt, c), cases) if r]
    accepted = CASES - len(failures)
    print(f"mutate_test: {CASES} mutants of {len(args.inputs)} inputs, seed {SEED}: "
          f"{accepted} handled cleanly, {len(failures)} crashed or hung")
    for failure in failures[:10]:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
