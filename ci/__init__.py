"""The checks .ci/run runs after the test suite, and what they share.

Each check is a module run from the repository root (`python3 -m
ci.consumer_check`), except the release check, which Bazel runs
(`./bazelw run //ci:release_check`) because it needs the pinned index
server. The shared parts:

  failures       CheckFailed / SetupFailed and the exit status they map to
  digest         sha256 of a file
  loopback       free ports, listening sockets, loopback-only checks
  debian         installing the Debian packages a check needs
  bazel          running ./bazelw, cloning the checkout, reading its output
  execution_log  Bazel's --execution_log_json_file: flags, parsing, what ran

Their pure parts are unit-tested under test/ci.
"""
