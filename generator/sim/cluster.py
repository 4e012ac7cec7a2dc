"""Running a simulation's batches on a Dask cluster (`tkg simulate --scheduler`).

Dask is optional (`pip install -e '.[dask]'`) and imported only when a scheduler is
named; its `Client.get_executor()` is an executor. The address is checked before
anything connects (`scheduler_address`), and every wait on the cluster is bounded:
reaching the scheduler and its first answer, a first worker, and, mid-run, a scheduler
that stops answering or a cluster left without workers (`Pool.check`, which the runner
calls while it waits). The bound is CONNECT_SECONDS, or the environment variable
TKG_SCHEDULER_TIMEOUT (seconds) when set, e.g. for workers that are slow to join.
Whatever goes wrong on the cluster is one SchedulerError naming the address.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import re
import time
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager, suppress

from generator.core.errors import GeneratorError
from generator.sim.pool import Pool

CONNECT_SECONDS = 10  # how long to wait for a Dask scheduler, or its workers, by default
ASK_SECONDS = 1.0  # how often a run asks its scheduler whether it still has workers
TIMEOUT_VARIABLE = "TKG_SCHEDULER_TIMEOUT"
SCHEDULER_EXAMPLE = "tcp://10.0.0.5:8786"
HOST_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")


class SchedulerError(GeneratorError):
    """Raised when `--scheduler` names a cluster that cannot be used: no dask extra
    installed, no scheduler answering at the address, no workers, or the scheduler or
    its workers lost mid-run."""

    exit_code = 3


def scheduler_address(text: str) -> str:
    """`text` as a Dask address, tcp://HOST:PORT; ValueError saying what is wrong.

    Accepts tcp://HOST:PORT or a bare HOST:PORT (an IPv6 host in brackets). Other
    schemes (tls://, ucx://, inproc://) need settings this command does not pass.
    """
    if not text.strip():
        raise ValueError(f"the address is empty; give the scheduler's, e.g. {SCHEDULER_EXAMPLE}")
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    if scheme != "tcp":
        raise ValueError(f"{text!r}: only tcp:// addresses are supported (not {scheme}://); "
                         f"give tcp://HOST:PORT, e.g. {SCHEDULER_EXAMPLE}")
    host, port = _host_and_port(rest, text)
    if not _host_ok(host):
        raise ValueError(f"{text!r}: {host or 'the host'} is not a host name or an IP "
                         f"address; e.g. {SCHEDULER_EXAMPLE}")
    if not re.fullmatch(r"[0-9]{1,5}", port) or not 1 <= int(port) <= 65535:
        raise ValueError(f"{text!r}: the port must be a number from 1 to 65535 (a Dask "
                         f"scheduler listens on 8786 unless told otherwise); e.g. "
                         f"{SCHEDULER_EXAMPLE}")
    return f"tcp://{host}:{port}"


def _host_and_port(rest: str, text: str) -> tuple[str, str]:
    """HOST and PORT of HOST:PORT or [IPV6]:PORT; ValueError if there is no port."""
    if rest.startswith("["):
        inside, sep, port = rest[1:].partition("]:")
        host = f"[{inside}]"
    else:
        host, sep, port = rest.rpartition(":")
    if not sep or (":" in host and not host.startswith("[")):
        raise ValueError(f"{text!r} is not HOST:PORT or tcp://HOST:PORT (an IPv6 address "
                         f"goes in brackets: [::1]:8786); e.g. {SCHEDULER_EXAMPLE}")
    return host, port


def _host_ok(host: str) -> bool:
    """True for a host name, an IPv4 address, or an IPv6 address in brackets."""
    if host.startswith("["):
        with suppress(ValueError):
            return ipaddress.ip_address(host[1:-1]).version == 6
        return False
    if re.fullmatch(r"[0-9.]+", host):  # an IPv4 address, or a mistyped one
        with suppress(ValueError):
            return bool(ipaddress.IPv4Address(host))
        return False
    labels = host.removesuffix(".").split(".")
    return len(host) <= 253 and all(HOST_LABEL.fullmatch(label) for label in labels)


def wait_seconds() -> float:
    """The bound of every wait on a Dask cluster: TKG_SCHEDULER_TIMEOUT, else the default."""
    text = os.environ.get(TIMEOUT_VARIABLE, "").strip()
    if not text:
        return float(CONNECT_SECONDS)
    with suppress(ValueError):
        if 0 < float(text) < 1e6:
            return float(text)
    raise SchedulerError(f"{TIMEOUT_VARIABLE}={text!r} is not a number of seconds "
                         "(above 0); unset it for the default, "
                         f"{CONNECT_SECONDS} s")


@contextmanager
def dask(address: str) -> Iterator[Pool]:
    """An executor submitting to the Dask scheduler at `address` (as `scheduler_address`
    accepts it), once the scheduler answers and has a worker."""
    address = scheduler_address(address)
    seconds = wait_seconds()
    try:
        import distributed  # noqa: F401  (its loggers exist once it is imported)
    except ImportError:
        raise SchedulerError("--scheduler needs Dask: pip install -e '.[dask]'") from None
    _quiet_logs()
    yield from _run_on(address, seconds)


def _run_on(address: str, seconds: float) -> Iterator[Pool]:
    """The body of `dask`: connect, wait for a worker, hand out the pool, and close."""
    _probe(address, seconds)
    client = _connect(address, seconds)
    try:
        _wait_for_workers(client, address, seconds)
        executor = client.get_executor(pure=False)
        yield Pool(executor, max(1, sum(client.nthreads().values())),
                   _watch(client, address, seconds))
    except SchedulerError:
        raise
    except Exception as exc:
        lost = _lost(exc, client, address)
        if lost is None:  # not the cluster's doing: a bug, shown as one
            raise
        raise lost from None
    finally:
        _close(client)


def _quiet_logs() -> None:
    """Dask's and tornado's loggers silenced for the rest of the command: a scheduler
    lost mid-run makes the client log tracebacks to stderr (from its own thread, even
    after the client is closed), where this module's one line says all there is to say."""
    # Tornado's too: the client's sends to a lost scheduler fail in tornado callbacks,
    # one traceback each, and with fast batches (the compiled engine) many are queued.
    names = ["distributed", "tornado", *(name for name in logging.root.manager.loggerDict
                                         if name.startswith(("distributed.", "tornado.")))]
    for logger in map(logging.getLogger, names):
        logger.setLevel(logging.CRITICAL + 1)


def _probe(address: str, seconds: float) -> None:
    """SchedulerError unless a Dask scheduler answers at `address` within `seconds`.

    The client's own connect waits for ever for a first answer (a port that accepts
    and says nothing) and trusts whatever it reads (a web server's reply reads as an
    exabyte-long message), so one plain question is asked first, with a deadline.
    """
    from distributed.core import rpc

    async def identity() -> object:
        async with rpc(address, timeout=seconds) as scheduler:
            return await scheduler.identity()

    try:
        # A second longer than the connect's own bound, whose error says why it failed.
        answer = asyncio.run(asyncio.wait_for(identity(), seconds + 1))
    except Exception as exc:  # refused, unreachable, silent, or not speaking Dask
        raise SchedulerError(f"cannot reach the Dask scheduler at {address}: "
                             f"{_why(exc, seconds)}; check the address and that "
                             "`dask scheduler` runs there") from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise SchedulerError(f"{address} answers, but it is not a Dask scheduler (a worker?); "
                             "give the scheduler's address")


def _why(exc: Exception, seconds: float) -> str:
    """What the probe's exception says, in a few words."""
    if isinstance(exc, TimeoutError):
        return f"no answer within {seconds + 1:g} s"
    if isinstance(exc, OSError):  # Dask retries until the deadline; the cause says why
        cause = exc.__cause__ or exc
        return str(cause).rpartition(">: ")[2] or type(cause).__name__
    return "something answers, but not as a Dask scheduler does (a web server?)"


def _connect(address: str, seconds: float):
    from distributed import Client

    try:
        return Client(address, timeout=seconds, set_as_default=False)
    except Exception as exc:  # it answered the probe a moment ago
        _close_half_made(exc, Client)
        raise SchedulerError(f"cannot reach the Dask scheduler at {address} ({exc}); "
                             "check that it is running and run the command again") from None


def _close_half_made(exc: Exception, kind: type) -> None:
    """Close the client whose constructor raised `exc`: found in its frames, as nothing
    else holds it, and closed now, while its thread runs (see `_close`)."""
    frame = exc.__traceback__
    while frame is not None:
        client = frame.tb_frame.f_locals.get("self")
        if isinstance(client, kind):
            _close(client)
            return
        frame = frame.tb_next


def _wait_for_workers(client, address: str, seconds: float) -> None:
    try:
        client.wait_for_workers(1, timeout=seconds)
    except TimeoutError:
        raise SchedulerError(f"the Dask scheduler at {address} has no workers (waited "
                             f"{seconds:g} s); start one with `dask worker {address}`, or "
                             f"set {TIMEOUT_VARIABLE} to wait longer") from None


def _watch(client, address: str, seconds: float) -> Callable[[], None]:
    """The pool's check: SchedulerError once the scheduler is gone or has not answered
    for `seconds` (stopped, say), or has had no worker for `seconds` (its batches would
    wait for ever). It asks the scheduler every ASK_SECONDS, each time within `seconds`."""
    last_seen = last_asked = time.monotonic()  # a worker was there: _wait_for_workers

    def check() -> None:
        nonlocal last_seen, last_asked
        if client.status not in ("running", "connecting"):
            raise _lost_scheduler(address)
        if time.monotonic() - last_asked < ASK_SECONDS:
            return
        try:
            workers = client.nthreads(callback_timeout=seconds)
        except TimeoutError:
            raise SchedulerError(f"the Dask scheduler at {address} stopped answering (no "
                                 f"answer within {seconds:g} s); check it and run the "
                                 "command again") from None
        except OSError:  # the connection closed under the question
            raise _lost_scheduler(address) from None
        last_asked = time.monotonic()
        if workers:
            last_seen = last_asked
        elif last_asked - last_seen > seconds:
            raise SchedulerError(f"the Dask cluster at {address} has had no workers for "
                                 f"{seconds:g} s; start one with `dask worker {address}` "
                                 "and run the command again")

    return check


def _lost_scheduler(address: str) -> SchedulerError:
    return SchedulerError(f"lost the Dask scheduler at {address} mid-run; check that it "
                          "is running and run the command again")


def _lost(exc: Exception, client, address: str) -> SchedulerError | None:
    """What `exc`, raised mid-run, says about the cluster; None if it is not about it."""
    from distributed import KilledWorker
    from distributed.comm import CommClosedError

    # Whatever fails once the client has lost the scheduler (a batch it cancelled, a
    # submit it refused) fails for that reason.
    if client.status != "running" or isinstance(exc, CancelledError | CommClosedError):
        return _lost_scheduler(address)
    if isinstance(exc, KilledWorker):  # a batch whose workers kept dying
        return SchedulerError(f"the Dask cluster at {address} lost its workers mid-run "
                              f"({exc}); check them and run the command again")
    return None


def _close(client) -> None:
    """Close the client within a second or two, whatever state the cluster is in."""
    # Left open, a client closes itself at exit, after Python has stopped the thread it
    # needs: 20 s later that printed a TimeoutError traceback (Client.__del__).
    with suppress(Exception):
        client.close(timeout=2)
