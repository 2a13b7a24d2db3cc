#!/bin/sh
echo "coverage is not supported by torch-mlir's offline Bazel setup" >&2
exit 1
