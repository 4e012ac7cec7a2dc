"""`validate`: load the content, run every check, and summarise the result.

Everything `tkg build` could find wrong is found here, all in one run: the content's
files and shape, the game's rules, the art, insignia and font files, and (given the
templates folder) the layouts and the rulebook, aid and cover templates, every piece
drawn in every layout (text that does not fit its box included), and the preflight of
every piece as it will print, the bundle's cover too. A build validates first and
draws only a game that passed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from generator.check.art import check_art
from generator.check.colour import check_colour
from generator.check.fonts import check_fonts
from generator.check.game import check_game, tiles_phrase
from generator.check.layouts import load_layouts
from generator.check.pieces import Ahead, Checked, Early, Extra, check_pieces
from generator.check.preflight_findings import grouped
from generator.check.runs import Beside, Runner, first_here, one_by_one
from generator.check.templates import check_templates
from generator.core.diagnostics import Diagnostic, Severity, diagnostic, sort_key
from generator.core.errors import RenderError
from generator.core.memo import Memo
from generator.core.model import NOWHERE, Game
from generator.core.words import counted
from generator.draw.kit import Kit
from generator.layout.model import Layout
from generator.layout.translated import layout_texts, translated_layout
from generator.load.content import load_content
from generator.load.content_schema import TILES_FILE
from generator.load.translations import missing_and_stale, translated_game


@dataclass(frozen=True)
class Report:
    """The outcome of validation: the game (if it loaded) and every diagnostic, sorted."""

    game: Game | None
    diagnostics: tuple[Diagnostic, ...]
    game_checked: bool
    tiles_read: int | None = 0  # None: the tiles file could not be read
    elements_read: int | None = 0
    layouts: tuple[Layout, ...] = ()  # the layouts asked for that loaded, in order
    templates_waiting: bool = False  # templates not checked: the game has errors first

    def count(self, severity: Severity) -> int:
        """How many diagnostics have that severity."""
        return sum(1 for d in self.diagnostics if d.severity is severity)

    @property
    def errors(self) -> int:
        """Number of errors."""
        return self.count(Severity.ERROR)

    @property
    def warnings(self) -> int:
        """Number of warnings."""
        return self.count(Severity.WARNING)

    def passed(self, strict: bool = False) -> bool:
        """True with no errors (and, when strict, no warnings)."""
        return self.errors == 0 and not (strict and self.warnings)

    def summary(self) -> str:
        """One line: tiles (printed, copies counted), elements, errors, warnings."""
        line = (f"{self._read()}: "
                f"{counted(self.errors, 'error')}, {counted(self.warnings, 'warning')}")
        if not self.game_checked:
            line += " (game rules not checked until the file errors are fixed)"
        elif self.templates_waiting:
            line += " (templates not checked until the game's errors are fixed)"
        return line

    def _read(self) -> str:
        """What the content holds, as the summary counts it: its tiles (copies counted)
        and elements, or that its tiles file could not be read (not "0 tiles")."""
        if self.tiles_read is None or self.elements_read is None:
            return f"{TILES_FILE} not read"
        extra = sum(t.copies - 1 for t in self.game.tiles) if self.game else 0
        tiles = tiles_phrase(self.tiles_read + extra, self.tiles_read)
        return f"{tiles}, {counted(self.elements_read, 'element')}"


@dataclass(frozen=True)
class Products:
    """What the products know that the checks need: the names their kinds table takes
    (no declared kind may take one: TKG609) and the drawings they add for a layout
    (the bundle's cover), checked like the pieces; and, for a build, the work its files
    will need of each piece drawn (`ahead`: its PDF form and its SVG), done where the
    piece is drawn, on both cores; and the jobs the rulebook needs of the game alone
    (`early`: its simulated games), run beside the drawings (a build) or the file checks
    (`tkg validate`, whose template check then finds them played)."""

    reserved: tuple[str, ...] = ()
    extras: tuple[Extra, ...] = ()
    ahead: Ahead | None = None
    early: Early | None = None
    # What the build's products find in a layout (`products.checks.tgc_fits`).
    looks: tuple[Callable[[Layout], list[Diagnostic]], ...] = ()


@dataclass(frozen=True)
class Templates:
    """The templates folder and the layouts to check in it, what the products add, and
    whether the rulebook's templates are rendered here (a build renders them where it
    prints them)."""

    folder: Path
    layouts: tuple[str, ...] = ("default",)
    products: Products = Products()
    texts: bool = True
    languages: tuple[str, ...] | None = None  # the game's languages to check (None: all)


def validate(content_dir: Path, templates: Templates | None = None, balance: bool = False,
             memo: Memo | None = None, run: Runner = one_by_one,
             beside: Beside = first_here) -> Report:
    """Load and check the content in `content_dir`; never raises for bad content.

    With `templates` (checking for print, as a build does), the art, insignia and font
    files, the layouts and the templates are checked too, and tile text is fitted into
    every layout. `memo` keeps what was read (the build passes its own, so
    nothing is read twice); `run` runs the file checks, then the pieces' drawings,
    each in two halves that do not depend on each other (the build runs them on both
    cores); `beside` runs, while a build's pieces are drawn, the work its products
    need of the game alone (the build, in a process of its own). With `balance`, a
    sound tile set is also played by the simulator and its findings become warnings
    (TKG401-TKG403).
    """
    loaded = load_content(content_dir, templates.languages if templates else None)
    found = list(loaded.diagnostics)
    game, waiting = loaded.game, False
    layouts: tuple[Layout, ...] = ()
    if game is not None:
        kit = Kit(game, memo or Memo())
        found += check_game(game)
        if templates is not None:  # checking for print: the files a build reads
            layouts, waiting, found = _for_print(kit, templates, found, run, beside)
            found += _other_languages(kit, layouts, templates, found, run)
    if balance and game is not None and not any(d.is_error for d in found):
        from generator.sim.balance import balance_diagnostics  # heavy: only when asked

        found.extend(balance_diagnostics(game))
    return Report(game, tuple(sorted(dict.fromkeys(found), key=sort_key)), game is not None,
                  loaded.tiles_read, loaded.elements_read, layouts, waiting)


def _for_print(kit: Kit, templates: Templates, found: list[Diagnostic], run: Runner,
               beside: Beside) -> tuple[tuple[Layout, ...], bool, list[Diagnostic]]:
    """The layouts, whether the templates wait for the game's errors, and everything
    found: the files a build reads, the layouts, the templates and every piece drawn.

    `tkg validate` reads the files first and draws only when they are sound. A build
    (which renders the templates where it prints them) draws at once, on both cores,
    reading each file as a drawing first needs it; the file checks that follow find
    them read, and when they find a file unusable the drawings are set aside unused,
    so the verdict is the same either way.
    """
    layouts, problems = load_layouts(templates.folder, templates.layouts)
    problems += [d for check in templates.products.looks for layout in layouts
                 for d in check(layout)]
    if not templates.texts:
        found = [*found, *problems, *_taken(kit.game, templates.products.reserved)]
        if _blocking(found):
            return layouts, False, [*found, *_files(kit, run)]
        # The rulebook's simulated games, which nothing here reads, start at once and
        # beside the drawings: a build, which has both cores, plays them in a process
        # of its own while this one gets the drawings ready.
        with beside(_early(kit, templates, found)):
            try:
                checked: Checked | RenderError = _pieces(kit, layouts, templates, found,
                                                         run)
            except RenderError as exc:  # a font the file checks will say more about
                checked = exc
            files = _files(kit, one_by_one)
        if _blocking(files):
            return layouts, False, [*found, *files]
        if isinstance(checked, RenderError):
            raise checked
        return layouts, False, [*found, *files, *_told(kit, layouts, found + files, checked)]
    # The files are checked beside the work the templates need of the game alone (the
    # rulebook's simulated games), which only a game that keeps its rules gets.
    found = [*found, *_files(kit, run, _early(kit, templates, found))]
    # The templates print worked examples solved from the game: only a game that keeps
    # its rules has them (a broken one could take the solver long).
    waiting = any(d.is_error for d in found)
    found += problems + ([] if waiting else _templates(templates.folder, kit))
    found += _taken(kit.game, templates.products.reserved)
    if _blocking(found):
        return layouts, waiting, found
    checked = _pieces(kit, layouts, templates, found, run)
    return layouts, waiting, [*found, *_told(kit, layouts, found, checked)]


def _blocking(found: list[Diagnostic]) -> bool:
    """Whether the pieces cannot be drawn: an error in a file or a layout (the game's
    own rule errors, TKG2xx, do not stop a drawing)."""
    return any(d.is_error and not d.code.startswith("TKG2") for d in found)


def _files(kit: Kit, run: Runner, early: list[Callable[[], object]] | None = None
           ) -> list[Diagnostic]:
    """TKG304 and TKG306: the art and insignia files, and the fonts (in two halves);
    the `early` jobs run first, beside them, for what they leave in the memo."""
    jobs: list[Callable[[], list[Diagnostic]]] = [
        *(partial(_for_the_memo, job) for job in early or ()),
        partial(check_art, kit, 0, 2), partial(_art_and_fonts, kit)]
    return [d for found_by in run(jobs) for d in found_by]


def _for_the_memo(job: Callable[[], object]) -> list[Diagnostic]:
    """An early job run among the checks: it finds nothing."""
    job()
    return []


def _early(kit: Kit, templates: Templates, found: list[Diagnostic]
           ) -> list[Callable[[], object]]:
    """The jobs the products need of the game alone (`Products.early`), for a game
    that keeps its rules."""
    early = templates.products.early
    return early(kit) if early and not any(d.is_error for d in found) else []


def _pieces(kit: Kit, layouts: tuple[Layout, ...], templates: Templates,
            found: list[Diagnostic], run: Runner) -> Checked:
    """Every piece drawn and preflighted. The aids and the cover show the templates'
    words, solved from the game: only for a sound game."""
    sound = not any(d.is_error for d in found)
    products = templates.products
    return check_pieces(kit, layouts, templates.folder if sound else None,
                        products.extras if sound else (), run, products.ahead)


def _told(kit: Kit, layouts: tuple[Layout, ...], found: list[Diagnostic],
          checked: Checked) -> list[Diagnostic]:
    """The pieces' problems, and when there are no errors, the preflight's findings."""
    if any(d.is_error for d in [*found, *checked.problems]):
        return checked.problems
    return [*checked.problems, *_preflight(kit, layouts, checked)]


def _art_and_fonts(kit: Kit) -> list[Diagnostic]:
    """The art check's second half, the fonts' and the colour profiles' (the art takes
    longer: it is halved)."""
    return [*check_art(kit, 1, 2), *check_fonts(kit), *check_colour(kit.game)]


def _templates(folder: Path, kit: Kit) -> list[Diagnostic]:
    from generator.sim.book import book_games
    from generator.sim.example import remembered_example
    from generator.text.context import game_context
    from generator.text.play import play_words

    # The rulebook's context as the build makes it (products.rulebook.context.with_play):
    # the example of play is a seeded game the simulator plays.
    example = remembered_example(kit.game, kit.memo)
    context = {**game_context(kit.game, kit.memo),
               **play_words(kit.game, example, book_games(kit.game, kit.memo))}
    return check_templates(folder, kit.game, context, kit.memo) + _example(kit.game, example)


def _example(game: Game, example) -> list[Diagnostic]:
    """TKG215 when the example of play's game lacks an action or the end, naming the seed
    of the shortest game that has them all (searched only then: `SEARCH_SEEDS` games)."""
    from generator.sim.example import (
        LACK_NAMES,
        SEARCH_SEEDS,
        configured_seed,
        missing,
        search_seed,
        wanted_kinds,
    )
    from generator.text.context import join

    lacks = missing(example.log, wanted_kinds(game))
    if not lacks:
        return []
    seed, section = configured_seed(game), game.rules.section("simulation")
    better = search_seed(game)
    hint = (f"seed {better} shows them all: set simulation.example_seed: {better}"
            if better is not None else f"no seed of the first {SEARCH_SEEDS} shows them all")
    words = join(LACK_NAMES[k] for k in lacks)
    return [diagnostic("TKG215", section.where if section else NOWHERE,
                       f"the example of play (seed {seed}) shows no {words}; {hint}")]


def _taken(game: Game, reserved: tuple[str, ...]) -> list[Diagnostic]:
    """TKG609 for a declared kind named like one of tkg's own kinds or folders."""
    return [diagnostic("TKG609", kind.where, f"the kind name {kind.name!r} is taken: tkg's "
                       f"own kinds and folders are {', '.join(reserved)}")
            for kind in game.pieces if kind.name in reserved]


def _preflight(kit: Kit, layouts: tuple[Layout, ...], checked: Checked) -> list[Diagnostic]:
    """TKG501-TKG516: every piece as it will print (`generator.check.preflight`), each
    finding once for alike pieces, and what the layouts and the colours show."""
    from generator.check.preflight import layout_findings  # draws: only for a sound game

    return grouped(checked.findings) + layout_findings(kit, layouts)


def _other_languages(kit: Kit, layouts: tuple[Layout, ...], templates: Templates,
                     found: list[Diagnostic], run: Runner) -> list[Diagnostic]:
    """Every other language of the game checked as the source was: its translations
    (TKG310-TKG312), its pieces drawn and preflighted in its words, its templates
    rendered. What a language finds that the source did not is told with its name."""
    told: list[Diagnostic] = []
    texts = layout_texts(layouts)
    # A layout that did not load has texts nobody knows: none of them is gone.
    every_layout = {layout.name for layout in layouts} >= set(templates.layouts)
    asked = templates.languages
    for translation in kit.game.translations:
        if asked is not None and translation.language not in asked:
            continue
        told += missing_and_stale(kit.game, translation, texts, every_layout)
        if any(d.is_error for d in [*found, *told]):
            continue  # drawn in its words once the source and its texts are sound
        there = Kit(translated_game(kit.game, translation), kit.memo)
        # The fonts it gives, at its file's lines (the source's are checked with it).
        fonts = check_fonts(there, {role for role, _ in translation.fonts})
        told += fonts
        if any(d.is_error for d in fonts):  # its words cannot be drawn
            continue
        drawn_in = tuple(translated_layout(layout, translation) for layout in layouts)
        named = translation.label
        told += [replace(d, message=f"{named}: {d.message}")
                 for d in _in_language(there, drawn_in, templates, found, run)
                 if _its_own(d, found)]
    return told


def _its_own(finding: Diagnostic, source: list[Diagnostic]) -> bool:
    """Whether a language's finding is its own to tell: not information (the colours'
    distances, the worlds: the source's to tell), and not what the source found at the
    same place (a contrast of the layout's is the layout's, whatever the words)."""
    if finding.severity is Severity.INFO:
        return False
    return not any(d.code == finding.code and (d.path, d.line, d.column) ==
                   (finding.path, finding.line, finding.column) for d in source)


def _in_language(kit: Kit, layouts: tuple[Layout, ...], templates: Templates,
                 found: list[Diagnostic], run: Runner) -> list[Diagnostic]:
    """A language's templates (when validation renders them) and its pieces."""
    texts = _templates(templates.folder, kit) if templates.texts else []
    if any(d.is_error for d in texts):
        return texts
    checked = _pieces(kit, layouts, templates, found, run)
    return [*texts, *_told(kit, layouts, found, checked)]
