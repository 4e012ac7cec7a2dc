"""Templates compiled once, for every later process: Jinja2's bytecode cache in the user's.

Compiling the rulebook's sections takes about 0.2 s, and every build that renders them
(any edit the rulebook's words or fingerprint may depend on, and `tkg validate`) ran in
a new process that compiled them all again, to render them in 0.03 s. Jinja2 can keep a
template's compiled code in a file, named after the template's name and path and
checked against its source's digest, so an edited template is compiled afresh and
nothing stale is run. The files live in the user's cache beside the memo's signing key
(`generator.core.paths.user_cache`: what is there is the user's own, as trusted as that
key), in a folder per version of this code, since what Jinja2 makes depends on the
options the environment is made with here (the folders of versions not used lately are
removed: `KEPT_VERSIONS`). A cache that cannot be written is no cache:
nothing fails for it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

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
        """Keep the template's code for the next process, if the folder allows. The
        first template a version of tkg keeps makes its folder, and the folders of all
        but the versions used last go (`KEPT_VERSIONS`)."""
        with contextlib.suppress(OSError):
            folder = Path(self.directory)
            if not folder.is_dir():  # (two processes may both find it missing)
                folder.mkdir(parents=True, exist_ok=True)
                _forget_older_versions(folder)
            super().dump_bytecode(bucket)


# Folders of compiled templates kept: this version's and those of the versions that
# kept a template last (a designer trying an older tkg beside a newer one); each of the
# others would stay for ever after an upgrade.
KEPT_VERSIONS = 3


def _forget_older_versions(mine: Path) -> None:
    """Remove the folders of other versions of tkg but the `KEPT_VERSIONS - 1` that kept
    a template last (a folder's time is its last file's)."""
    with contextlib.suppress(OSError):  # another process removing them too: next time
        others = [f for f in mine.parent.iterdir() if f.is_dir() and f != mine]
        others.sort(key=lambda f: f.stat().st_mtime_ns, reverse=True)
        for folder in others[KEPT_VERSIONS - 1:]:
            shutil.rmtree(folder, ignore_errors=True)


def compiled_templates() -> CompiledTemplates:
    """The cache of compiled templates for this user and this version of the code."""
    return CompiledTemplates()
