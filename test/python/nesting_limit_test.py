"""Deeply nested input is an error, never a crash (#61).

MLIR's parser recurses once per level of attributes, types and regions nested
in one another, and used to overflow the stack (SIGSEGV) from about 2,100
regions or 5,000 attributes deep on an 8 MB stack. Our patch to it
(utils/bazel/patches/mlir-parser-nesting-limit.patch) stops at 256 levels.

Levels count every attribute, type and region the parser is inside of: `[[1]]`
is three, `() -> tuple<i32>` three (the function type, the tuple, i32), and a
Torch type's `<`s one each. Each input below is built `levels` deep: at 256 it
parses, verifies, prints and canonicalizes, on the main thread and on a
threading.Thread; at 257, and far deeper, it fails with an error that says
where. Both through ir.Module.parse and through torch-mlir-opt, each in a
subprocess, so that a crash fails the test rather than ending it.

Arguments: --wheel (the core wheel, unpacked here) and --opt (torch-mlir-opt).
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import unittest
import zipfile

LIMIT = 256
# Deeper than any form crashed at before the patch (17,200 levels at most).
FAR_TOO_DEEP = 40_000

ARGS = None


def nest(levels, open_, leaf, close):
    return open_ * levels + leaf + close * levels


# name -> (function of `levels` giving the input, line of the error at LIMIT + 1).
# One-line inputs run "test.op" (unregistered) at the top level.
INPUTS = {
    "array attribute": (lambda n: '"test.op"() {a = ' + nest(n - 1, "[", "1", "]") + "} : () -> ()", 1),
    "dictionary attribute": (lambda n: '"test.op"() {a = ' + nest(n - 1, "{a = ", "1", "}") + "} : () -> ()", 1),
    "dense literal": (lambda n: '"test.op"() {a = dense<' + nest(n - 1, "[", "1", "]") + "> : tensor<"
                      + "1x" * (n - 1) + "i32>} : () -> ()", 1),
    "location": (lambda n: '"test.op"() : () -> () loc(' + nest(n - 1, "callsite(", '"f"',
                                                              ' at "g")') + ")", 1),
    "builtin type": (lambda n: '"test.op"() : () -> ' + nest(n - 2, "tuple<", "i32", ">"), 1),
    "Torch type": (lambda n: '"test.op"() : () -> !torch.list<' + nest(n - 3, "list<", "int", ">") + ">", 1),
    "Torch type, each prefixed": (lambda n: '"test.op"() : () -> ' + nest(n - 2, "!torch.list<", "!torch.int", ">"),
                                  1),
    "generic regions": (lambda n: nest(n, '"test.op"() ({\n', "", "}) : () -> ()\n"), LIMIT + 1),
    "torch.prim.If regions": (
        lambda n: "func.func @f(%c: !torch.bool) {\n"
        + nest(n - 1, "torch.prim.If %c -> () {\n", "torch.prim.If.yield\n",
               "} else {\n  torch.prim.If.yield\n}\ntorch.prim.If.yield\n")
        .removesuffix("torch.prim.If.yield\n")
        + "return\n}\n",
        LIMIT + 1),
}

# Run in a subprocess by `python -c`, the input on stdin: parse, verify, print
# and canonicalize on the main thread, then on a threading.Thread; prints
# "accepted" twice, or the parse error once and exits 3.
PARSE_IN_PYTHON = """
import sys, threading
from torch_mlir import ir
from torch_mlir.passmanager import PassManager
text = sys.stdin.read()

def run():
    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        try:
            module = ir.Module.parse(text)
        except ir.MLIRError as e:
            print(e)
            sys.stdout.flush()
            import os
            os._exit(3)
        module.operation.verify()
        str(module)
        PassManager.parse("builtin.module(canonicalize)").run(module.operation)
        str(module)
        print("accepted")

run()
thread = threading.Thread(target=run)
thread.start()
thread.join()
"""


def describe(proc):
    if proc.returncode < 0:
        return f"killed by {signal.Signals(-proc.returncode).name}"
    return f"exit {proc.returncode}: {(proc.stdout + proc.stderr)[-600:]}"


def through_python(text):
    return subprocess.run([sys.executable, "-S", "-c", PARSE_IN_PYTHON], input=text, text=True,
                          capture_output=True, env=dict(os.environ, PYTHONPATH=str(ARGS.site)))


def through_opt(text):
    return subprocess.run([ARGS.opt, "--allow-unregistered-dialect", "--canonicalize", "-"], input=text,
                          text=True, capture_output=True)


def error_pattern(line):
    return re.compile(rf":{line}:\d+: (error: )?nesting deeper than {LIMIT} levels "
                      r"\(attributes, types and regions\) at this \w")


class NestingLimitTest(unittest.TestCase):
    def check_accepted(self, name, run):
        text = INPUTS[name][0](LIMIT)
        proc = run(text)
        self.assertEqual(proc.returncode, 0, f"{name}, {LIMIT} levels: {describe(proc)}")
        return proc

    def check_rejected(self, name, run, levels, line, exit_code):
        proc = run(INPUTS[name][0](levels))
        self.assertEqual(proc.returncode, exit_code, f"{name}, {levels} levels: {describe(proc)}")
        self.assertRegex(proc.stdout + proc.stderr, error_pattern(line), f"{name}, {levels} levels")

    def test_python(self):
        for name, (_, line) in INPUTS.items():
            with self.subTest(name):
                proc = self.check_accepted(name, through_python)
                self.assertEqual(proc.stdout.split(), ["accepted", "accepted"])
                self.check_rejected(name, through_python, FAR_TOO_DEEP, line, 3)
                self.check_rejected(name, through_python, LIMIT + 1, line, 3)

    def test_torch_mlir_opt(self):
        for name, (_, line) in INPUTS.items():
            with self.subTest(name):
                self.check_accepted(name, through_opt)
                self.check_rejected(name, through_opt, FAR_TOO_DEEP, line, 1)
                self.check_rejected(name, through_opt, LIMIT + 1, line, 1)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", required=True)
    parser.add_argument("--opt", required=True)
    ARGS, rest = parser.parse_known_args()
    ARGS.site = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
    with zipfile.ZipFile(ARGS.wheel) as wheel:
        wheel.extractall(ARGS.site)
    unittest.main(argv=[sys.argv[0]] + rest)


if __name__ == "__main__":
    main()
