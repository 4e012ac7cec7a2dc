"""Every kind of piece checked as it will print, in every layout asked for.

The built-in kinds (tiles, life tokens, Oinks, player aids), the kinds content/pieces.yaml
declares and the drawings the products add (the bundle's cover) are checked alike:
each needs a look in the layout (TKG608); every item is drawn, front and back, exactly
as a build draws it (`generator.draw.piece`), and what the drawing could not do is told
where it is caused: at the look's line (an unknown name, a box outside the piece, a
missing image named there) or at the item's (a field missing, a value that is no
element, words too long for their box). Each drawing is then preflighted
(`generator.check.preflight`), its findings told once for alike pieces.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from generator.check.preflight import examined
from generator.check.preflight_findings import Examined, Piece, Seen, seen
from generator.check.runs import Runner, one_by_one
from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.digest import digest
from generator.core.errors import ContentError, RenderError
from generator.core.limits import BUILD_PRIMITIVES
from generator.core.model import NOWHERE, Item, PieceKind
from generator.core.nearest import did_you_mean, nearest
from generator.draw.kit import Kit
from generator.draw.piece import (
    BACK,
    FRONT,
    Drawn,
    about_text,
    built_in,
    keyed,
    known_key,
)
from generator.draw.resolve import Problem, on_item, on_items
from generator.draw.scene import Group, Scene
from generator.layout.look import Look
from generator.layout.model import Layout
from generator.load.builtin import OINK, TILE, TOKEN
from generator.load.rules import game_names

Side = tuple[PieceKind, Look, Item | None, str]  # a kind, its look, an item, which side
# A drawing's problem told at its place, with the item its message names (`Problem.names`).
Told = tuple[Diagnostic, tuple[str, int] | None]
# What a build does ahead with each drawn page, where it is drawn: (the kit, the kind's
# name, the page).
Ahead = Callable[[Kit, str, Scene], None]

# Jobs the products need of the game alone, for the kit's memo (the build's simulated
# games), given the kit: run with the drawings, their results unused here.
Early = Callable[[Kit], list[Callable[[], object]]]

# Drawings the products make for a layout, to be checked like the pieces: (the kind,
# its look, the item, the drawing). The bundle's cover is one.
Extra = Callable[[Kit, Layout], list[tuple[PieceKind, Look, Item, Drawn]]]


@dataclass(frozen=True)
class Checked:
    """What the pieces' drawing found: the problems, and the preflight's findings."""

    problems: list[Diagnostic]
    findings: list[Seen]


def check_pieces(kit: Kit, layouts: tuple[Layout, ...], templates_dir: Path | None = None,
                 extras: Sequence[Extra] = (), run: Runner = one_by_one,
                 ahead: Ahead | None = None) -> Checked:
    """Every problem of the game's pieces in `layouts`, and what the preflight finds.
    With `templates_dir` the player aids are drawn too (their words are templates').
    `run` runs the drawings, one job a side (the build shares them out between both
    cores), and hands back what each found in the order of the pieces. `ahead` is
    called with each page drawn in the first layout (the one a build prints)."""
    problems: list[Diagnostic] = []
    findings: list[Seen] = []
    kinds = [*(built_in(kit, name) for name in (TILE, TOKEN, OINK)),
             *_aids(kit, templates_dir), *kit.game.pieces]
    problems += [p for kind in kit.game.pieces if (p := _about_problem(kit, kind))]
    _read_fonts(kit)
    for number, layout in enumerate(layouts):
        sides: list[Side] = []
        for kind in kinds:
            look = layout.look(kind.name)
            if look is None:
                problems.append(_no_look(kind, layout))
            else:
                sides += [(kind, look, item, side) for item, side in _sides(kind, look)]
        shapes = 0
        checks = [partial(_checked, kit, layout, side, None if number else ahead)
                  for side in sides]
        known = [_told_before(kit, side) for side in sides]
        # The sides to draw (a side with a verdict is told here at once, in order).
        results = iter(run([check for check, told in zip(checks, known, strict=True)
                            if not told]))
        told: list[Told] = []
        for check, told_before in zip(checks, known, strict=True):
            found, seen_here, drawn_shapes = check() if told_before else next(results)
            told += found
            findings += seen_here
            shapes += drawn_shapes
        problems += each_once(told)
        if BUILD_PRIMITIVES.over(shapes):  # each piece within its limit, but so many
            problems.append(_too_many_shapes(shapes, sides))
        if any(d.is_error for d in problems):
            continue  # what the products draw holds the pieces: only pieces that draw
        for extra in extras:
            told = []
            for kind, look, item, done in extra(kit, layout):
                _tell(_verdict(kit, kind, look, item, done), kind, look, item, layout,
                      told, findings)
            problems += each_once(told)
    return Checked(list(dict.fromkeys(problems)), findings)


def _read_fonts(kit: Kit) -> None:
    """Read every font's metrics before the drawings, which all measure text: `run` may
    share the jobs between processes, and each would read them again."""
    for role in kit.fonts.paths:
        # A font that cannot be read: the drawing that uses it says so, as before.
        with contextlib.suppress(RenderError):
            kit.fonts.metrics(role)


def _about_problem(kit: Kit, kind: PieceKind) -> Diagnostic | None:
    """TKG604 when a declared kind's `about:` names what nothing gives, TKG610 when a
    value does not suit its spec: the checklist fills it in."""
    try:
        about_text(kit, kind)
    except KeyError as exc:
        names = ["count", "items", *kit.memo.per(kit.game, "piece names", game_names)]
        near = nearest(str(exc.args[0]), names)
        return diagnostic("TKG604", kind.about_where, f"about {kind.about!r} uses "
                          f"{{{exc.args[0]}}}, which is no name a checklist line has",
                          f"did you mean {{{near}}}?" if near else
                          "use {count}, {items}, a rule number such as "
                          "{rules.oink.capacity} or {game.title}")
    except (ValueError, TypeError) as exc:
        return diagnostic("TKG610", kind.about_where,
                          f"about {kind.about!r} cannot be filled in: {exc}")
    return None


def _too_many_shapes(shapes: int, sides: list[Side]) -> Diagnostic:
    """TKG116 at the kind with the most sides to draw: the one to make fewer of."""
    counts: dict[str, int] = {}
    for kind, *_ in sides:
        counts[kind.name] = counts.get(kind.name, 0) + 1
    most = max(counts, key=counts.__getitem__)
    where = next(kind.where for kind, *_ in sides if kind.name == most)
    return diagnostic("TKG116", where, f"{BUILD_PRIMITIVES.says(shapes)}, "
                      f"{counts[most]:,} of the sides drawn being {most!r}")


def _shapes(items: tuple) -> int:
    """The shapes a drawing holds, inside its groups too."""
    return sum(_shapes(i.children) if isinstance(i, Group) else 1 for i in items)


def _checked(kit: Kit, layout: Layout, side: Side, ahead: Ahead | None
             ) -> tuple[list[Told], list[Seen], int]:
    """One side drawn, with its problems, its preflight's findings and its shapes. A
    side whose drawing's key the memo's build knew is told from the verdict kept under
    it: neither drawn, nor read back from the memo, nor examined again."""
    kind, look, item, which = side
    side_keyed = keyed(kit, kind, look, item, which)
    fresh: list[bool] = []

    def verdict_now() -> Verdict:
        fresh.append(True)
        # What a check with everything remembered asks for: the drawing, its pages'
        # examinations and files made ahead, not the fonts' subsets inside those files.
        found, keys = kit.memo.track(
            lambda: _verdict_and_ahead(kit, layout, side, side_keyed.drawing(), ahead),
            nested=False)
        return replace(found, keys=tuple(keys))

    verdict = kit.memo.get(digest("verdict", side_keyed.key), verdict_now)
    if not fresh:  # what its check used last time stays for next time, as if used now
        kit.memo.keep(verdict.keys)
    problems: list[Told] = []
    findings: list[Seen] = []
    _tell(verdict, kind, look, item, layout, problems, findings)
    return problems, findings, verdict.shapes


def _told_before(kit: Kit, side: Side) -> bool:
    """Whether the side's verdict is known (found without drawing anything)."""
    kind, look, item, which = side
    key = known_key(kit, kind, look, item, which)
    return key is not None and kit.memo.knows(digest("verdict", key))


@dataclass(frozen=True)
class Verdict:
    """What checking one drawn side found, at no place in any file (so moving a line
    does not make it stale): the drawing's problems, the preflight's findings page by
    page, its shapes, the art it shows; and the memo entries the check used (the
    drawing, its examination, what was made ahead of it)."""

    problems: tuple[Problem, ...]
    examined: tuple[Examined, ...]
    shapes: int
    art: Path | None
    keys: tuple[str, ...] = ()


def _verdict(kit: Kit, kind: PieceKind, look: Look, item: Item | None, done: Drawn
             ) -> Verdict:
    """A drawing's verdict: its problems, and its pages examined by the preflight."""
    art = done.images[0] if done.images else None
    piece = _piece(kind, item, art)
    return Verdict(done.problems,
                   tuple(examined(kit, look, scene, piece) for scene in done.every_page),
                   sum(_shapes(page.items) for page in done.every_page), art)


def _verdict_and_ahead(kit: Kit, layout: Layout, side: Side, done: Drawn,
                       ahead: Ahead | None) -> Verdict:
    """The drawing's verdict; then, if it has no error, what a build makes ahead of
    each page."""
    kind, look, item, _ = side
    verdict = _verdict(kit, kind, look, item, done)
    bound = _bound_fields(look)
    if ahead is not None and not any(_told(p, kind, layout, bound).is_error
                                     for p in verdict.problems):
        for page in done.every_page:
            ahead(kit, kind.name, page)
    return verdict


def _aids(kit: Kit, templates_dir: Path | None) -> list[PieceKind]:
    """The player aids, when their template renders (its own checks say why not)."""
    if templates_dir is None:
        return []
    from generator.text.context import game_context
    from generator.text.pieces import aid_kind

    try:
        return [aid_kind(kit.game, templates_dir, game_context(kit.game, kit.memo), kit.memo)]
    except ContentError:
        return []


def _tell(verdict: Verdict, kind: PieceKind, look: Look, item: Item | None,
          layout: Layout, problems: list[Told], findings: list[Seen]) -> None:
    """A drawing's problems at their places, and its preflight's findings, every page."""
    bound = _bound_fields(look)
    problems += [(_told(p, kind, layout, bound), p.names) for p in verdict.problems]
    piece = _piece(kind, item, verdict.art)
    for found in verdict.examined:
        findings += seen(found, piece, layout)


def _no_look(kind: PieceKind, layout: Layout) -> Diagnostic:
    """TKG608: a misspelt look's name, or where and how to write a new kind's look."""
    looks = [look.kind for look in layout.pieces]
    where = layout.where("pieces")  # (the extended layout's, when this one has none)
    there = f" at {where}" if Path(where.path).stem == layout.name else \
        f" in the {layout.name!r} layout's file"
    hint = did_you_mean(kind.name, looks) or (
        f"add {kind.name}: under pieces:{there}, with its shape, size and front "
        f"(docs/pieces.md shows one); the layout's looks: {', '.join(looks)}")
    return diagnostic("TKG608", kind.where, f"the kind {kind.name!r} has no look under "
                      f"pieces: in the {layout.name!r} layout", hint)


def _sides(kind: PieceKind, look: Look) -> Iterator[tuple[Item | None, str]]:
    """Each item's front and back (a shared back once, with no item)."""
    for item in kind.items:
        yield item, FRONT
        if look.backs == "per-item":
            yield item, BACK
    if look.backs == "shared":
        yield None, BACK


def _bound_fields(look: Look) -> dict[str, str]:
    """The item field each `field:` of the look names, by the entry of that `field:`."""
    found, todo = {}, [*look.front, *look.back]
    while todo:
        prim = todo.pop()
        todo += prim.children
        field = prim.get("field")
        if isinstance(field, str):
            found[f"{prim.entry}.field"] = field
    return found


def _told(problem: Problem, kind: PieceKind, layout: Layout,
          bound: dict[str, str]) -> Diagnostic:
    """A problem at its place: the item's field or line, or the look's entry."""
    where = layout.where(problem.entry) if problem.entry else NOWHERE
    name = bound.get(problem.entry) if problem.code == "TKG604" else None
    in_layout = f" (in the {layout.name!r} layout)" if problem.code == "TKG305" else ""
    if name and "." not in name and not any(name in dict(i.fields) for i in kind.items):
        # `field: x` can only mean an item's field: when no item has it, the items lack it
        # (TKG603), rather than the look naming nothing (TKG604, a format's typo).
        return diagnostic("TKG603", kind.where, f"no item of {kind.name!r} has a field "
                          f"{name!r}, which its look uses at {where}; add '{name}:' to each "
                          "of its items")
    if not problem.item:
        return diagnostic(problem.code, where, problem.message + in_layout)
    item = next(i for i in kind.items if i.id == problem.item)
    if problem.field:
        return diagnostic(problem.code, item.place(problem.field), problem.message + in_layout)
    asked = f" at {where}" if problem.entry else ""
    return diagnostic(problem.code, item.where, problem.message + in_layout + asked)


def each_once(told: Sequence[Told]) -> list[Diagnostic]:
    """The problems told, each once: a problem of the look found on many items (a box
    outside the tile, at one line of the layout) is one, naming them all ("... on 48
    items ('ember-hollow', 'cinder-throne', 'tidewell' and 45 more)")."""
    alike: dict[object, list[Told]] = {}
    for found, names in told:
        key: object = found
        if names is not None:  # the same words but for the item's, at the same place
            head, tail = _around_item(found.message, names)
            key = (replace(found, message=""), head, tail)
        alike.setdefault(key, []).append((found, names))
    return [_naming_all(group) for group in alike.values()]


def _around_item(message: str, names: tuple[str, int]) -> tuple[str, str]:
    """A message's words before and after the words naming its item."""
    item, start = names
    return message[:start], message[start + len(on_item(item)):]


def _naming_all(group: list[Told]) -> Diagnostic:
    first, names = group[0]
    items = list(dict.fromkeys(n[0] for _, n in group if n is not None))
    if names is None or len(items) < 2:
        return first
    head, tail = _around_item(first.message, names)
    return replace(first, message=head + on_items(items) + tail)


def _piece(kind: PieceKind, item: Item | None, art: Path | None) -> Piece:
    """The preflight's name for one drawing, where its content and its art (the first
    image it shows) are written."""
    if item is None:  # a shared back: the seal of a tile's back is not read in play
        return Piece(f"the {kind.name} back", f"{kind.name} back", kind.where,
                     insignias=False)
    art_where = next((item.place(f) for f, v in item.fields
                      if art is not None and isinstance(v, str) and v and _ends_with(art, v)),
                     item.where)
    return Piece(f"{kind.name} {item.id!r}", kind.name, item.where, art, art_where,
                 places=item.places)


def _ends_with(path: Path, written: str) -> bool:
    """Whether `path` is the file `written` names, relative to some folder (what
    `Path.match` says, without compiling a pattern for every field of every item)."""
    parts = Path(written).parts
    return 0 < len(parts) <= len(path.parts) and path.parts[-len(parts):] == parts
