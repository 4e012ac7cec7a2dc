"""Run independent rendering jobs on two cores by forking, with the same results.

Rendering is CPU-bound Python, so threads would not help; a forked child shares the
parent's loaded modules, fonts and scenes for free. Results come back pickled, in
job order, so the output does not depend on which process drew what. Where forking
is unsafe or pointless (one job, one core, other threads running, no fork), the jobs
simply run here, one after another.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import struct
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar

T = TypeVar("T")
C = TypeVar("C")  # what a job leaves behind, carried back from a child (`share_jobs`)


def _can_fork() -> bool:
    # Forking while other threads run (the preview server) could copy a held lock.
    return hasattr(os, "fork") and (os.cpu_count() or 1) > 1 and threading.active_count() == 1


def share_jobs(jobs: Sequence[Callable[[], T]],
               carry: tuple[Callable[[], C], Callable[[C], None]] | None = None,
               weights: Sequence[float] | None = None,
               inherited: Sequence[object] = (), apart: bool = False) -> list[T]:
    """Call every job and return the results in order, this process and a forked child
    each taking the next job as soon as it is free (so many small jobs of unequal cost
    keep both cores busy to the end). An exception in a job is raised here, whichever
    process ran it.

    `weights` are the jobs' rough costs: the heaviest are taken first, so the last jobs
    taken are small and neither process waits long for the other. `carry` is a (take,
    give) pair for state a job leaves behind besides its result (a memo): the child's
    `take()` is handed to `give` here, as if its jobs had run in this process.
    `inherited` are objects this process holds, so the child holds them too: what it
    hands back names them rather than copying them (the font files the kinds copy
    into the output), and this process puts its own in their place.

    `apart`: two forked children take the jobs and this process only gathers what they
    hand back, so it never holds what the jobs make as objects, only as what `carry`
    hands back (the memo's values, pickled), costing one fork more.

    The jobs' numbers wait in a pipe, written before the fork: each process reads the
    next four bytes, and the kernel hands every number to exactly one of them.
    """
    if len(jobs) < 2 or not _can_fork() or len(jobs) * TICKET > QUEUE:
        return [job() for job in jobs]
    queued = sorted(range(len(jobs)), key=lambda i: -weights[i]) if weights else \
        range(len(jobs))
    queue, tickets = os.pipe()
    os.write(tickets, b"".join(struct.pack("<I", i) for i in queued))
    os.close(tickets)
    named = {id(held): held for held in inherited}

    def take() -> dict[int, T]:
        return _take(jobs, queue)

    def here() -> dict[int, T]:
        return _with_child(take, dict, carry, named) if apart else take()

    try:
        results = _with_child(take, here, carry, named)
    finally:
        os.close(queue)
    return [results[i] for i in range(len(jobs))]


@contextlib.contextmanager
def beside(jobs: Sequence[Callable[[], object]],
           carry: tuple[Callable[[], C], Callable[[C], None]] | None = None
           ) -> Iterator[None]:
    """Call `jobs` in a forked child while the body of the `with` runs here; at the
    body's end, wait for them, and hand what they left behind here (`carry`, as
    `share_jobs` does). An exception in a job is raised here then; one in the body ends
    the child unheard. Where forking is unsafe or pointless, the jobs run here first.
    """
    if not jobs or not _can_fork():
        for job in jobs:
            job()
        yield
        return
    child = _Child(lambda: {number: job() for number, job in enumerate(jobs)}, carry, {})
    try:
        yield
    except BaseException:  # Ctrl-C, or an error here: what the child does is not wanted
        child.stop()
        raise
    child.done()


def _with_child(there: Callable[[], dict[int, T]], here: Callable[[], dict[int, T]],
                carry: tuple[Callable[[], C], Callable[[C], None]] | None,
                inherited: dict[int, object]) -> dict[int, T]:
    """`there()` in a forked child and `here()` in this process at the same time: their
    results by job number together, the child's carried state given here, and an
    exception in either raised here. `inherited` (by id) travel back by their ids."""
    child = _Child(there, carry, inherited)
    try:
        results = here()
    except BaseException:  # Ctrl-C, or an error here: the child's share is not wanted
        child.stop()
        raise
    return {**results, **child.done()}


class _Child(Generic[T]):
    """A forked child doing `there()` while this process goes on; `done()` waits for
    what it sends back, `stop()` ends it unheard."""

    def __init__(self, there: Callable[[], dict[int, T]],
                 carry: tuple[Callable[[], C], Callable[[C], None]] | None,
                 inherited: dict[int, object]) -> None:
        self.carry, self.inherited = carry, inherited
        read_end, write_end = os.pipe()
        # What the child inherits is left out of its collections: none walks it (nor
        # copies its memory pages by touching them); this process takes it back once
        # forked.
        gc.freeze()
        try:
            pid = os.fork()
        except OSError:  # no process to spare: the caller's error, this process as it was
            gc.unfreeze()
            os.close(read_end)
            os.close(write_end)
            raise
        if pid == 0:  # the child: do its share, send it back, and leave without cleanup
            try:
                # Ctrl-C is the parent's to handle (it ends this child); taken here, it
                # would run the parent's own cleanup in this copy of it.
                with contextlib.suppress(ValueError):  # (only a main thread may; a fork's is)
                    signal.signal(signal.SIGINT, signal.SIG_IGN)
                os.close(read_end)
                _send(there, carry, write_end, inherited)
            finally:
                os._exit(0)
        gc.unfreeze()
        os.close(write_end)
        self.pid, self.read_end = pid, read_end

    def done(self) -> dict[int, T]:
        """The child's results by job number, once it has sent them (its carried state
        given here); an exception it met raised here."""
        try:
            sent = _received(self.read_end, self.inherited)
        except BaseException:
            self.stop()
            raise
        self._reaped()
        if sent is None:
            raise RuntimeError("a build worker ended without a result")
        status, value = sent
        if status == "error":
            raise value
        done, carried = value
        if self.carry:
            self.carry[1](carried)
        return done

    def stop(self) -> None:
        """End the child, whatever it was doing, and forget what it would have sent."""
        os.kill(self.pid, signal.SIGKILL)
        self._reaped()

    def _reaped(self) -> None:
        os.close(self.read_end)
        os.waitpid(self.pid, 0)


def _received(pipe_end: int, inherited: dict[int, object]) -> tuple[str, Any] | None:
    """What the child sent, unpickled as it is read (the child's files and drawings are
    never held twice, as bytes and as objects), the inherited objects it names put in
    place; None if it ended without sending."""
    with os.fdopen(pipe_end, "rb", closefd=False) as pipe:
        reader = pickle.Unpickler(pipe)
        reader.persistent_load = inherited.__getitem__  # type: ignore[method-assign]
        try:
            return reader.load()
        except EOFError:
            return None


class _Naming(pickle.Pickler):
    """A pickler that writes an inherited object as its id (the parent has it)."""

    def __init__(self, file, inherited: dict[int, object]) -> None:
        super().__init__(file)
        self.inherited = inherited

    def persistent_id(self, obj: object) -> int | None:
        """The id of an inherited object; None (pickled as usual) for any other."""
        held = self.inherited.get(id(obj), self)  # (None is an object too)
        return id(obj) if held is obj else None


def _send(there: Callable[[], dict[int, T]],
          carry: tuple[Callable[[], C], Callable[[C], None]] | None, pipe_end: int,
          inherited: dict[int, object]) -> None:
    """In the child: its share done, and the result (or the error) pickled to the parent
    (the `inherited` objects by their ids)."""
    payload: tuple[str, tuple[dict[int, T], object] | BaseException]
    try:
        done = there()
        payload = ("ok", (done, carry[0]() if carry else None))
    except BaseException as exc:  # handed to the parent, which raises it
        payload = ("error", exc)
    with os.fdopen(pipe_end, "wb") as pipe:
        try:
            if inherited:
                _Naming(pipe, inherited).dump(payload)
            else:  # (no object to look for: at C speed)
                pickle.dump(payload, pipe)
        except Exception as exc:  # an unpicklable result or error: say what it was
            pickle.dump(("error", RuntimeError(f"a build worker failed: {exc!r}")), pipe)


TICKET = 4  # bytes of a job's number in the queue
QUEUE = 65536  # what a pipe holds before a write would wait (Linux's default)


def _take(jobs: Sequence[Callable[[], T]], queue: int) -> dict[int, T]:
    """Run the jobs whose numbers this process reads from the queue, until it is empty."""
    done = {}
    while ticket := os.read(queue, TICKET):
        (index,) = struct.unpack("<I", ticket)
        done[index] = jobs[index]()
    return done
