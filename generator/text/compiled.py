"""Templates compiled once, for every later process: Jinja2's bytecode cache in the user's.

Compiling the rulebook's sections takes about 0.2 s, and every build that renders them
(any edit the rulebook's words or fingerprint may depend on, and `tkg validate`) ran in
a new process that compiled them all again, to render them in 0.03 s. Jinja2 can keep a
template's compiled code in a file, named after the template's name and path and
checked against its source's digest, so an edited template is compiled afresh and
nothing stale is run. The files live in the user's cache beside the memo's signing key
(`generator.core.paths.user_cache`: what is there is the user's own, as trusted as that
key), in a folder per version of this code, since what Jinja2 makes depends on the
options the environment is made with here. A cache that cannot be written is no cache:
nothing fails for it.
"""

from __future__ import annotations

import contextlib
import os

import jinja2

from generator.core.paths import user_cache
from generator.load.digests import code_digest


class CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """Jinja2's file cache in the user's cache as it is when a template is first loaded
    (an environment outlives a build in `tkg watch`), quiet where it cannot write."""

    def __init__(self) -> None:
        super().__init__(directory=os.devnull)  # `directory` below stands for it

    @property
    def directory(self) -> str:
        """The folder for this user and this version of the code."""
        return str(user_cache() / "templates" / code_digest()[:16])

    @directory.setter
    def directory(self, _value: str) -> None:
        pass  # set by Jinja2's __init__; the folder is always the one above

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """The template's code kept by an earlier process, if the folder has it."""
        try:
            super().load_bytecode(bucket)
        except OSError:  # e.g. a file where a folder should be: compile it here
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Keep the template's code for the next process, if the folder allows."""
        with contextlib.suppress(OSError):
            os.makedirs(self.directory, exist_ok=True)
            super().dump_bytecode(bucket)


def compiled_templates() -> CompiledTemplates:
    """The cache of compiled templates for this user and this version of the code."""
    return CompiledTemplates()
