"""The simulator's engine compiled once for the suite, ahead, beside the first tests.

On a fresh machine (CI's case) numba's cache is empty, and each test worker compiled
the engine at its first test of it, and so did each `tkg simulate` the tests start
before one had kept it: some 37 s of CPU each time, two or three times over. Now a run
of the whole suite starts one compile in a process of its own, which holds the
engine's compile lock (`generator.sim.compiled.kernel.compiling_alone`), and the
workers go on with other tests meanwhile; a test of the engine waits for that lock,
as `tkg simulate` does, and then loads the kept machine code.

Run as a module, it is that compile.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Where the tests that run the compiled engine are (a test elsewhere that runs it
# compiles it, or loads it, itself: only slower).
ENGINE_TESTS = ("tests/sim/", "tests/fuzz/test_promises.py", "tests/core/test_benches.py",
                "tests/cli/test_interrupt.py")


def start(args: list[str], invocation_dir: Path) -> subprocess.Popen | None:
    """Start compiling the engine in a process of its own when `args` ask for the
    whole suite (none: every test) and the engine's cache is empty; the process holds
    the compile lock from before this returns until it has kept the code.

    A run of the engine's tests alone is left as it was: its workers would only wait
    for the compile with nothing else to do, where each compiling its own is as quick."""
    if not _whole_suite(args, invocation_dir):
        return None
    import fcntl

    from generator.sim.compiled.kernel import compile_lock
    from generator.sim.compiled.results import compiled_ready

    if compiled_ready():
        return None
    try:
        descriptor = compile_lock()  # taken here, before any worker starts
    except OSError:  # no cache to keep it in: each worker compiles, as tkg simulate does
        return None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:  # another run compiles it already: its workers wait too
        os.close(descriptor)
        return None
    try:  # the child holds the same lock (the same open file) until it ends
        return subprocess.Popen([sys.executable, "-m", "tests.engine_ahead"], cwd=ROOT,
                                pass_fds=(descriptor,), stdout=subprocess.DEVNULL)
    finally:
        os.close(descriptor)


def stop(process: subprocess.Popen | None) -> None:
    """End the compile if the tests ended first (it would only cost CPU now)."""
    if process is not None and process.poll() is None:
        process.kill()
        process.wait()


def wait_for_engine(nodeid: str) -> None:
    """Before a test of the engine: wait while the engine is being compiled."""
    if nodeid.startswith(ENGINE_TESTS):
        from generator.sim.compiled.kernel import compiling_alone

        with compiling_alone():
            pass


def _whole_suite(args: list[str], invocation_dir: Path) -> bool:
    """Whether the paths `args` name (every test when there are none) hold every test."""
    wanted = [(invocation_dir / a.split("::")[0]).resolve() for a in args]
    return not wanted or any(path in (ROOT, ROOT / "tests") for path in wanted)


def _compile() -> None:
    from generator.load.content import load_content
    from generator.sim.compiled.results import warm_up
    from generator.sim.tables import build_table

    game = load_content(ROOT / "content").game
    if game is not None:
        warm_up(build_table(game), 2)


if __name__ == "__main__":
    _compile()
