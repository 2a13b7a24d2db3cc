"""How a check fails, and the exit status each failure maps to."""

import sys


class CheckFailed(Exception):
    """What the check proves does not hold: exit status 1."""


class SetupFailed(Exception):
    """The check could not be set up (a missing tool, no root, no mirror): exit status 2."""


def run_check(name, check):
    """Runs check(), the body of one of CI's checks, and returns the stage's exit
    status: 0 passed, 1 the check failed, 2 it could not be set up."""
    try:
        check()
    except SetupFailed as e:
        print(f"{name}: setup failed: {e}", file=sys.stderr)
        return 2
    except CheckFailed as e:
        print(f"{name}: FAILED: {e}", file=sys.stderr)
        return 1
    return 0
