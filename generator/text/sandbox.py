"""Bounds on what a template may do: read only inside its folder, make output of a sane
size, and finish in a sane time.

Jinja2's sandbox already refuses attribute tricks and caps `range()`; it does not stop
`{{ 'x ' * 10**8 }}`, a loop nested in a loop of ranges, or a template that is a link to
a file elsewhere on the disk. Each of those is a positioned TKG302 (or TKG301 for the
link) instead of a hang, a huge file or a leak.
"""

from __future__ import annotations

import contextlib
import math
import signal
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from generator.core.limits import TEMPLATE_BYTES
from generator.core.reading import Refused, read_file

MAX_OUTPUT = 2_000_000  # characters one template may produce (the rulebook is ~60 000)
MAX_SECONDS = 5.0  # wall time one template may take (the rulebook's take ~0.05 s)
MAX_DIGITS = 100  # the most digits a number `**` makes may have
BOUNDS_HINT = (f"a template may make up to {MAX_OUTPUT:,} characters in {MAX_SECONDS:g} s; "
               "look for a loop or a repetition that runs away")


class TemplateTooBig(SecurityError):
    """A template's output, or one value in it, went past MAX_OUTPUT characters."""


class TemplateTooSlow(SecurityError):
    """A template ran longer than MAX_SECONDS."""


class InsideLoader(jinja2.FileSystemLoader):
    """Templates from one folder only: a file that is a link leading outside it is not one."""

    def get_source(self, environment, template):
        folder = Path(self.searchpath[0])
        path = folder.joinpath(*split_template_path(template))
        if path.exists() or path.is_symlink():
            try:  # refused before Jinja opens it: a FIFO would block, a device never end
                read_file(path, folder, TEMPLATE_BYTES)
            except Refused as refused:
                raise jinja2.TemplateNotFound(f"{template} ({refused.reason})") from None
        return super().get_source(environment, template)


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """The sandbox, with `*`, `**` and `%` checked so no one value outgrows the output."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def call_binop(self, context, operator: str, left, right):
        if operator == "**" and _number(left) and _number(right) and abs(left) > 1 and \
                right * math.log10(abs(left)) > MAX_DIGITS:
            raise TemplateTooBig(f"{left} ** {right} is too large a number for a template")
        if operator == "*" and _sized(left, right) > MAX_OUTPUT:
            raise TemplateTooBig(f"a value of {_sized(left, right)} characters is more than a "
                                 f"template may make ({MAX_OUTPUT})")
        value = super().call_binop(context, operator, left, right)
        if isinstance(value, str) and len(value) > MAX_OUTPUT:
            raise TemplateTooBig(f"a value of {len(value)} characters is more than a template "
                                 f"may make ({MAX_OUTPUT})")
        return value


def _number(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _sized(left, right) -> int:
    """How long `left * right` would be, for a sequence times a count (else 0)."""
    for seq, count in ((left, right), (right, left)):
        if isinstance(seq, str | list | tuple) and isinstance(count, int):
            return len(seq) * max(count, 0)
    return 0


def bounded_render(template: jinja2.Template, context: Mapping) -> str:
    """The template rendered, stopping past MAX_OUTPUT characters or MAX_SECONDS."""
    parts, size = [], 0
    with _time_limit(MAX_SECONDS):
        chunks = template.generate(**context)
        for chunk in chunks:
            size += len(chunk)
            if size > MAX_OUTPUT:
                # Raised where the template stands, so the error carries its line.
                # jinja2 annotates generate() as an Iterator; it is a generator function
                chunks.throw(TemplateTooBig(  # type: ignore[attr-defined]
                    f"the template makes more than {MAX_OUTPUT} characters"))
            parts.append(chunk)
    return "".join(parts)


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    # A timer signal can only interrupt the main thread; a template rendered on another
    # thread (none is, today) runs without the time bound but keeps the size bounds.
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise TemplateTooSlow(f"the template ran for more than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
