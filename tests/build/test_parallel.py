"""The build's two cores: jobs shared from one queue, the heaviest first, the results in
job order, and an error raised here whichever process met it."""

from __future__ import annotations

import os
import time
from functools import partial
from pathlib import Path

import pytest

from generator.build.parallel import beside, share_jobs
from generator.core.diagnostics import diagnostic
from generator.core.errors import ContentError
from generator.core.model import Location

# Long enough that the forked child is running before the first job ends, so each
# process takes some of the queue.
NAP = 0.05


def _square(number: int) -> tuple[int, int, float]:
    started = time.monotonic()  # one clock for every process of the machine
    time.sleep(NAP)
    return number * number, os.getpid(), started


def _fails_in(where: str, parent: int) -> int:
    time.sleep(NAP)
    if (os.getpid() == parent) == (where == "here"):
        raise ValueError(f"boom {where}")
    return 1


def test_results_come_in_job_order_from_both_processes():
    results = share_jobs([partial(_square, n) for n in range(8)])
    assert [square for square, _, _ in results] == [n * n for n in range(8)]
    assert len({pid for _, pid, _ in results}) == 2


def test_the_heaviest_jobs_are_taken_first():
    weights = [1.0, 1.0, 5.0, 1.0, 1.0, 4.0, 1.0]
    results = share_jobs([partial(_square, n) for n in range(len(weights))], weights=weights)
    starts = [started for _, _, started in results]
    heavy, light = [starts[2], starts[5]], [starts[i] for i in (0, 1, 3, 4, 6)]
    assert max(heavy) < min(light)


@pytest.mark.parametrize("where", ["here", "there"])
def test_an_error_is_raised_here_whichever_process_met_it(where):
    with pytest.raises(ValueError, match=f"boom {where}"):
        share_jobs([partial(_fails_in, where, os.getpid()) for _ in range(6)])


def _content_error(parent: int) -> int:
    time.sleep(NAP)
    if os.getpid() != parent:
        raise ContentError([PROBLEM])
    return 1


PROBLEM = diagnostic("TKG302", Location("templates/rulebook/aid.md.j2", 3, 1), "no 'x'")


def test_a_content_error_keeps_its_diagnostics_across_processes():
    with pytest.raises(ContentError) as info:
        share_jobs([partial(_content_error, os.getpid()) for _ in range(6)])
    assert info.value.diagnostics == [PROBLEM]


def _job(per_paper: bool, papers: tuple[str, ...]):
    from generator.build.pipeline import _Job
    from generator.products.kinds import Kind
    from generator.products.request import BuildRequest

    kind = Kind(name="rulebook", inputs=None, make=None, per_paper=per_paper)
    request = BuildRequest(None, Path("templates"), {}, papers, ("rulebook",))
    return _Job(kind, "key", "rulebook", "en", request, None)


@pytest.mark.parametrize(("per_paper", "papers", "languages", "shares"), [
    (True, ("a4", "letter"), 1, [("a4",), ("letter",)]),  # one language: a share a paper
    (True, ("a4", "letter"), 2, [("a4", "letter")]),  # a language a share: fonts once
    (True, ("a4",), 1, [("a4",)]),
    (False, ("a4", "letter"), 1, [("a4", "letter")]),
])
def test_a_kind_made_per_paper_is_split_when_one_language_makes_it(per_paper, papers,
                                                                   languages, shares):
    from generator.build.pipeline import _parts

    parts = _parts(_job(per_paper, papers), languages)
    assert [part.papers for part in parts] == shares
    assert [part.share for part in parts] == list(range(len(shares)))


def test_a_fork_refused_leaves_this_process_collecting_as_before(monkeypatch):
    import gc

    def refused():
        raise BlockingIOError("no process to spare")

    monkeypatch.setattr(os, "fork", refused)
    with pytest.raises(OSError, match="no process to spare"):
        share_jobs([partial(_square, n) for n in range(2)])
    assert gc.get_freeze_count() == 0  # nothing of this process left out of collections


def _ends_in_a_child(parent: int) -> int:
    time.sleep(NAP)
    if os.getpid() != parent:
        os._exit(1)  # as a worker killed from outside ends: nothing sent
    return 1


def test_a_worker_that_ends_without_a_word_is_an_error_here():
    with pytest.raises(RuntimeError, match="a build worker ended without a result"):
        share_jobs([partial(_ends_in_a_child, os.getpid()) for _ in range(6)])


def _holding(held: bytes) -> tuple[bytes, None, int]:
    time.sleep(NAP)
    return held, None, os.getpid()


def test_a_worker_names_what_it_inherited_and_this_process_puts_its_own_in_place():
    # The font files the kinds copy into the output are held here before the fork: a
    # worker's copies come back as the very objects this process holds, not as copies
    # (a cold build received each font a second time). Anything else travels as ever,
    # None too (which a missing id would look like).
    font = os.urandom(100_000)
    results = share_jobs([partial(_holding, font) for _ in range(6)], inherited=[font])
    assert len({pid for _, _, pid in results}) == 2  # some came from the worker
    assert all(held is font and nothing is None for held, nothing, _ in results)
    copied = share_jobs([partial(_holding, font) for _ in range(6)])
    assert any(held is not font and held == font for held, _, _ in copied)


def test_apart_two_children_take_every_job_and_this_process_none():
    # The render phase's way: what the jobs make comes back pickled, and this process
    # (where a build's peak memory is) never makes it as objects of its own.
    given: list[int] = []  # each child carries back its process id
    results = share_jobs([partial(_square, n) for n in range(8)],
                         carry=(os.getpid, given.append), apart=True)
    assert [square for square, _, _ in results] == [n * n for n in range(8)]
    workers = {pid for _, pid, _ in results}
    assert os.getpid() not in workers and len(workers) == 2
    assert sorted(given) == sorted(workers)  # each child's carried state, given here


@pytest.mark.parametrize("failing", [0, 5])  # the first job taken, and the last
def test_apart_an_error_in_a_child_is_raised_here(failing):
    jobs = [partial(_square, n) for n in range(6)]
    jobs[failing] = partial(_fails_in, "there", os.getpid())
    with pytest.raises(ValueError, match="boom there"):
        share_jobs(jobs, apart=True)


@pytest.mark.slow
def test_a_first_build_renders_apart_and_an_edit_with_this_process_at_work(project,
                                                                           monkeypatch):
    # A first build's peak memory is this process's: its workers' forms and layouts come
    # back as pickles. An edit renders a few kinds, where a fork more costs more.
    from generator.build import pipeline

    asked: list[bool] = []

    def recorded(jobs, **options):
        asked.append(options.get("apart", False))
        return share_jobs(jobs, **options)

    monkeypatch.setattr(pipeline, "share_jobs", recorded)
    out = project / "output"
    for edit in (False, True):
        if edit:
            tiles = project / "content" / "tiles.yaml"
            tiles.write_text(tiles.read_text().replace("name: Tidewell", "name: Tidewall"))
        asked.clear()
        pipeline.build(project / "content", project / "templates", out, ("a4",),
                       ["tiles", "tokens"], languages=("en",))
        assert asked[-1] is not edit  # the render phase's jobs, shared last


def _noted(note: Path, what: str, wait: float = 0.0) -> None:
    """Wait, then add a line to `note`: what, in which process, when (a child's lists
    are its own; a file is shared)."""
    time.sleep(wait)
    with note.open("a") as file:
        file.write(f"{what} {os.getpid()} {time.monotonic()}\n")


def _notes(note: Path) -> dict[str, tuple[int, float]]:
    lines = [line.split() for line in note.read_text().splitlines()] if note.exists() else []
    return {what: (int(pid), float(when)) for what, pid, when in lines}


def test_jobs_beside_run_in_a_child_while_the_body_runs_and_carry_back_here(tmp_path):
    note, given = tmp_path / "note", []
    with beside([partial(_noted, note, "job-0"), partial(_noted, note, "job-1")],
                carry=(os.getpid, given.append)):
        for _ in range(200):  # the body waits for the jobs (were they run after it,
            if "job-1" in _notes(note):  # it would wait in vain, then note itself first)
                break
            time.sleep(NAP)
        _noted(note, "body")
    notes = _notes(note)
    (child,) = {notes["job-0"][0], notes["job-1"][0]}
    assert child != os.getpid() and given == [child]  # its carried state given here
    assert notes["job-1"][1] < notes["body"][1]  # done while the body ran


def test_the_body_ends_waiting_for_the_jobs_beside(tmp_path):
    note = tmp_path / "note"
    with beside([partial(_noted, note, "job", NAP * 4)]):
        pass
    assert "job" in _notes(note)  # done when the `with` is


def test_an_error_beside_is_raised_at_the_bodys_end(tmp_path):
    note = tmp_path / "note"
    with pytest.raises(ValueError, match="boom there"), \
            beside([partial(_fails_in, "there", os.getpid())]):
        _noted(note, "body")  # (raised at the body's end)
    assert "body" in _notes(note)


def test_an_error_in_the_body_ends_the_jobs_beside_unheard(tmp_path):
    note = tmp_path / "note"
    with pytest.raises(KeyboardInterrupt), beside([partial(_noted, note, "job", NAP * 4)]):
        raise KeyboardInterrupt
    time.sleep(NAP * 8)  # past the time the job would have noted itself
    assert _notes(note) == {}


def test_without_a_fork_the_jobs_beside_run_here_first(tmp_path, monkeypatch):
    monkeypatch.setattr("generator.build.parallel._can_fork", lambda: False)
    note = tmp_path / "note"
    with beside([partial(_noted, note, "job")]):
        _noted(note, "body")
    notes = _notes(note)
    assert notes["job"][0] == notes["body"][0] == os.getpid()
    assert notes["job"][1] < notes["body"][1]
