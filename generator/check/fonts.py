"""Every font file read as the PDFs will embed it, each failure a TKG306 at its role;
each font file without its licence beside it, a TKG313; each variable font, which
prints as its default design, a TKG314."""

from __future__ import annotations

from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.digest import digest
from generator.core.errors import RenderError
from generator.core.paths import display_path
from generator.draw.kit import Kit
from generator.load.digests import code_digest, file_digest
from generator.load.fonts import font_data, font_licences
from generator.load.sfnt import debug_name, read_sfnt, variable_default

LICENCE_URL = 14  # the name table's record of where the font's licence is


def check_fonts(kit: Kit, roles: set[str] | None = None) -> list[Diagnostic]:
    """TKG306 at each `fonts:` role (of `roles`, None: every one) whose file cannot be
    read or embedded; TKG313 and TKG314 at the first role of each file set in it."""
    found: list[Diagnostic] = []
    told: set[Path] = set()
    for role, path in kit.game.fonts:
        if roles is not None and role not in roles:
            continue
        why = font_fault(kit, path)
        if why:
            found.append(diagnostic("TKG306", kit.game.font_location(role), f"the {role} font, "
                                    f"{display_path(path)}, cannot be used: {why}"))
        elif path not in told:
            told.add(path)
            found += _told_once(kit, role, path)
    return found


def _told_once(kit: Kit, role: str, path: Path) -> list[Diagnostic]:
    """What is told of a usable font file once, at the first role set in it."""
    found = [] if font_licences([path]) else [_unlicensed(kit, role, path)]
    variable = kit.memo.get(digest("font variable", code_digest(), file_digest(path)),
                            lambda: variable_default(read_sfnt(font_data(path))))
    if variable is not None:
        found.append(_variable(kit, role, path, *variable))
    return found


def _variable(kit: Kit, role: str, path: Path, axes: tuple[tuple[str, float], ...],
              name: str | None) -> Diagnostic:
    """TKG314: a variable font prints as its default design, whatever its name says."""
    values = ", ".join(f"{tag} {value:g}" for tag, value in axes)
    return diagnostic(
        "TKG314", kit.game.font_location(role),
        f"the {role} font, {display_path(path)}, is a variable font: tkg prints it as its "
        f"default design, {f'{name} ({values})' if name else values}, in the PDFs and "
        "the SVGs alike")


def _unlicensed(kit: Kit, role: str, path: Path) -> Diagnostic:
    """TKG313: the font goes into the output without the licence most fonts ask to go
    with every copy (the SIL Open Font License's terms among them)."""
    where = debug_name(read_sfnt(font_data(path)), LICENCE_URL)
    named = f"; the font names its licence at {where}" if where else ""
    family = path.stem.partition("-")[0]
    return diagnostic(
        "TKG313", kit.game.font_location(role),
        f"the {role} font, {display_path(path)}, has no licence file beside it, and it goes "
        "into the output: the pieces' SVGs load it from fonts/ and the PDFs embed it",
        f"put the licence that came with the font beside it, as "
        f"{display_path(path.with_name(f'LICENSE-{family}.txt'))}, or one licence the "
        f"folder's fonts share, as LICENSE.txt or OFL.txt{named}")


def font_fault(kit: Kit, path: Path) -> str:
    """Why the font file cannot be used ("" when it can), judged once per file digest
    (the verdict is kept apart from the metrics, which are large to unpickle)."""
    def judge() -> str:
        try:
            kit.fonts.metrics_of(path)
        except RenderError as exc:
            return str(exc).removeprefix(f"cannot read the font {path}: ")
        return ""

    return kit.memo.get(digest("font verdict", code_digest(), file_digest(path)), judge)
