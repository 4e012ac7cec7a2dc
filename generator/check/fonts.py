"""Every font file read as the PDFs will embed it; each failure a TKG306 at its role."""

from __future__ import annotations

from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.digest import digest
from generator.core.errors import RenderError
from generator.core.paths import display_path
from generator.draw.kit import Kit
from generator.load.digests import code_digest, file_digest


def check_fonts(kit: Kit, roles: set[str] | None = None) -> list[Diagnostic]:
    """TKG306 at each `fonts:` role (of `roles`, None: every one) whose file cannot be
    read or embedded."""
    found: list[Diagnostic] = []
    for role, path in kit.game.fonts:
        if roles is not None and role not in roles:
            continue
        why = font_fault(kit, path)
        if why:
            found.append(diagnostic("TKG306", kit.game.font_location(role), f"the {role} font, "
                                    f"{display_path(path)}, cannot be used: {why}"))
    return found


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
