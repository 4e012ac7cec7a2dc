"""The rulebook's simulated games are played while the pieces are drawn (a build plays
them in a process of its own from before the drawings are shared out), so the
rulebook's fingerprint finds them played; a build without the rulebook plays none."""

from __future__ import annotations

import os

import pytest

import generator.sim.book as book
from generator.build.memo import DrawingMemo
from generator.build.pipeline import _validated
from generator.core.memo import Memo
from tests.conftest import CONTENT, TEMPLATES


def _refuse(*args):
    raise AssertionError("the book's games were played again")


@pytest.mark.slow
def test_a_build_with_the_rulebook_plays_its_games_during_validation(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    memo = DrawingMemo()
    _, kit, _ = _validated(CONTENT, TEMPLATES, ("a4",), ("rulebook", "tiles"),
                                 ("default",), memo)
    monkeypatch.setattr(book, "_played", _refuse)
    played = book.book_games(kit.game, memo)  # all in the memo already
    assert [p.players for p in played] == [2, 4]
    assert all(p.games == book.BOOK_GAMES for p in played)


@pytest.mark.slow
def test_a_first_build_plays_them_in_a_process_of_its_own_before_the_drawings(
        monkeypatch, tmp_path):
    # The core beside this one waited while this one read the fonts and loaded the
    # drawing modules: the games now start there, before the drawings are shared out.
    import time

    from generator.build import pipeline

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    note = tmp_path / "note"  # (a child's lists are its own: a file is shared)
    real_played, real_shared = book._played, pipeline.on_both_cores

    def played(table, seats):
        with note.open("a") as file:
            file.write(f"game {os.getpid()} {time.monotonic()}\n")
        return real_played(table, seats)

    def shared(memo, checks):
        with note.open("a") as file:
            file.write(f"drawings {os.getpid()} {time.monotonic()}\n")
        return real_shared(memo, checks)

    monkeypatch.setattr(book, "_played", played)
    monkeypatch.setattr(pipeline, "on_both_cores", shared)
    _validated(CONTENT, TEMPLATES, ("a4",), ("rulebook",), ("default",), DrawingMemo(),
               languages=("en",))
    notes = [line.split() for line in note.read_text().splitlines()]
    games = [(int(pid), float(when)) for what, pid, when in notes if what == "game"]
    drawings = min(float(when) for what, _, when in notes if what == "drawings")
    assert len(games) == 2 and os.getpid() not in {pid for pid, _ in games}
    assert min(when for _, when in games) < drawings


@pytest.mark.slow
def test_a_first_build_loads_the_rulebooks_page_layout_here_while_the_games_play(
        project, monkeypatch, tmp_path):
    # Each worker that made a rulebook loaded reportlab's page layout (some 80 ms);
    # a first build loads it once, before the workers are forked, while the other core
    # plays the games. An edit's build (its layouts most likely remembered) does not.
    import importlib

    from generator.build import pipeline

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    asked: list[str] = []
    real_load, real_shared = importlib.import_module, pipeline.on_both_cores
    monkeypatch.setattr(importlib, "import_module",
                        lambda name, *rest: asked.append(name) or real_load(name, *rest))
    monkeypatch.setattr(pipeline, "on_both_cores",
                        lambda memo, checks: asked.append("drawings") or
                        real_shared(memo, checks))
    out = project / "output"
    pipeline.build(project / "content", project / "templates", out, ("a4",),
                   ["rulebook"], languages=("en",))
    layout = "generator.products.rulebook.pages"
    assert layout in asked and asked.index(layout) < asked.index("drawings")
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Tidewell", "name: Tidewall"))
    asked.clear()
    pipeline.build(project / "content", project / "templates", out, ("a4",),
                   ["rulebook"], languages=("en",))
    assert layout not in asked


@pytest.mark.slow
def test_a_build_without_the_rulebook_plays_no_game(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(book, "_played", _refuse)
    _validated(CONTENT, TEMPLATES, ("a4",), ("tiles", "tokens"), ("default",), DrawingMemo())


@pytest.mark.slow
def test_the_games_played_ahead_are_the_games_the_book_quotes(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    memo = DrawingMemo()
    _, kit, _ = _validated(CONTENT, TEMPLATES, ("a4",), ("aids", "rulebook"), ("default",),
                           memo)
    assert book.book_games(kit.game, memo) == tuple(book.played(kit.game, n, Memo())
                                                    for n in (2, 4))


@pytest.mark.slow
def test_validate_plays_them_beside_the_file_checks_and_once(monkeypatch, tmp_path):
    import generator.check.validate as validating
    from generator.build.pipeline import product_checks

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    played, seen, art = [], [], []
    real_played, real_check, real_art = book._played, validating.check_templates, \
        validating.check_art

    def counted(table, seats):
        played.append(seats)
        return real_played(table, seats)

    def check_templates(*args):
        seen.append(len(played))  # how many were played when the templates were checked
        return real_check(*args)

    def check_art(*args):
        art.append(len(played))  # the games run first, among the file checks' jobs
        return real_art(*args)

    monkeypatch.setattr(book, "_played", counted)
    monkeypatch.setattr(validating, "check_templates", check_templates)
    monkeypatch.setattr(validating, "check_art", check_art)
    # One process (the checks one by one), so that every game played is counted here.
    report = validating.validate(CONTENT, validating.Templates(TEMPLATES, ("default",),
                                                               product_checks(TEMPLATES)),
                                 memo=DrawingMemo())
    assert report.passed(True)
    # The games are played once; the templates are checked in each of the game's
    # languages (English, French), the games played by then.
    assert sorted(played) == [2, 4] and seen == [2, 2] and art and set(art) == {2}


@pytest.mark.slow
def test_only_what_the_engine_plays_plays_the_games_again(shipped_game, monkeypatch):
    from dataclasses import replace

    from generator.core.model import Location

    memo = Memo()
    first = book.book_games(shipped_game, memo)
    tile = shipped_game.tiles[0]
    worded = replace(tile, name="A New Name", flavour="Other words.",
                     where=Location("content/tiles.yaml", 99, 5))
    monkeypatch.setattr(book, "_played", _refuse)
    again = replace(shipped_game, tiles=(worded, *shipped_game.tiles[1:]))
    assert book.book_games(again, memo) == first  # a name and a position play nothing
    monkeypatch.undo()
    other = next(e for e in shipped_game.element_ids if e not in tile.insignias)
    bearing = replace(tile, insignias=(*tile.insignias, other))
    played = []
    real = book._played
    monkeypatch.setattr(book, "_played", lambda table, seats: played.append(seats)
                        or real(table, seats))
    book.book_games(replace(shipped_game, tiles=(bearing, *shipped_game.tiles[1:])), memo)
    assert sorted(played) == [2, 4]  # an insignia does


def test_the_fonts_are_read_before_the_drawings_are_shared_out(monkeypatch, kit):
    """Every font is read before `run` gets the jobs (which a build shares between two
    processes), so no job reads one again: each process would."""
    import generator.draw.fonts as fonts
    from generator.check.pieces import check_pieces
    from generator.layout.loader import load_layout

    read: list[str] = []
    real = fonts.kept_metrics
    monkeypatch.setattr(fonts, "kept_metrics", lambda path, key: read.append(path.name) or
                        real(path, key))
    during: list[str] = []

    def run(jobs):
        before = len(read)
        results = [job() for job in jobs]
        during.extend(read[before:])
        return results

    layout = load_layout(TEMPLATES, "default")
    check_pieces(kit, (layout,), TEMPLATES, run=run)
    assert sorted(read) == sorted(p.name for p in kit.fonts.paths.values())
    assert during == []
