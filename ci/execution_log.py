"""Bazel's execution log (--execution_log_json_file): the flags that write it,
its spawns, and which of them ran rather than came from a cache."""

import json


def execution_log_flags(exec_log):
    """Bazel flags that write the JSON execution log to exec_log.

    Without a raw log path, Bazel 4 writes the raw log to a temporary file in
    /tmp and never deletes it (1.7 GB for a cold-cache build); it goes next to
    the JSON instead, in the check's scratch directory.
    """
    return [f"--execution_log_json_file={exec_log}",
            f"--experimental_execution_log_file={exec_log.with_suffix('.raw')}"]


def parse_execution_log(text):
    """The SpawnExec objects of a --execution_log_json_file (concatenated JSON)."""
    decoder = json.JSONDecoder()
    spawns, pos = [], 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            return spawns
        obj, pos = decoder.raw_decode(text, pos)
        spawns.append(obj)


def read_execution_log(path):
    return parse_execution_log(path.read_text())


def ran_and_hits(spawns):
    """(the spawns that ran, the number that were cache hits)."""
    ran = [s for s in spawns if not s.get("remoteCacheHit")]
    return ran, len(spawns) - len(ran)
