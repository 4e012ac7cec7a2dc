"""Running many games: seeds per game, line-ups, batches, and the same totals on any
executor."""

from __future__ import annotations

import threading
from concurrent.futures import Future

import pytest

from generator.sim.executors import local
from generator.sim.runner import Work, _finished, batches, game_seed, play_many, simulate

STOPS_WITHIN = 5.0  # seconds: "does not hang" (it takes well under a millisecond)


def test_batches_cover_every_game_once():
    for games, workers in [(1, 1), (37, 2), (1000, 2), (10_000, 4), (100_000, 8)]:
        parts = batches(games, workers)
        assert [i for a, b in parts for i in range(a, b)] == list(range(games))
        assert max(b - a for a, b in parts) <= 500


def test_game_seeds_differ_by_seed_and_index():
    seeds = {game_seed(s, i) for s in range(3) for i in range(100)}
    assert len(seeds) == 300
    assert game_seed(5, 9) == game_seed(5, 9)


def test_the_line_up_turns_round_the_seats(table):
    work = Work(table, 4, ("search", "greedy"), 0)
    assert [work.kinds(i) for i in range(4)] == [
        ("search", "greedy", "search", "greedy"), ("greedy", "search", "greedy", "search"),
        ("search", "greedy", "search", "greedy"), ("greedy", "search", "greedy", "search")]
    three = Work(table, 3, ("search", "greedy", "random"), 0)
    seats = [three.kinds(i) for i in range(3)]
    for seat in range(3):  # every seat holds every kind once in three games
        assert sorted(k[seat] for k in seats) == ["greedy", "random", "search"]


def test_totals_do_not_depend_on_the_executor(table):
    work = Work(table, 3, ("greedy",), 11)
    here = play_many(work, 40)
    with local(2) as pool:
        there = play_many(work, 40, pool.executor, pool.workers)
    assert here == there
    assert here != play_many(Work(table, 3, ("greedy",), 12), 40)


def test_progress_counts_every_game(table):
    seen = []
    play_many(Work(table, 2, ("random",), 0), 25, progress=seen.append)
    assert sum(seen) == 25


def test_simulate_refuses_bad_requests(shipped_game):
    with pytest.raises(ValueError, match="players"):
        simulate(shipped_game, 5, seats=shipped_game.rules.players_max + 1)
    with pytest.raises(ValueError, match="unknown player"):
        simulate(shipped_game, 5, seats=2, lineup=("psychic",))
    with pytest.raises(ValueError, match=r"unknown player planer \(did you mean 'planner'\?\)"):
        simulate(shipped_game, 5, seats=2, lineup=("planer@8",))
    with pytest.raises(ValueError, match="3 kinds of player for 2 seats"):
        simulate(shipped_game, 5, seats=2, lineup=("greedy", "random", "search"))


class _TakesCtrlC:
    """A future's lock, as `Future` uses it, that takes Ctrl-C (KeyboardInterrupt) on
    the `at`-th acquisition of any of the futures' locks sharing `count`: as a terminal's
    Ctrl-C lands while the main thread takes the futures' locks one after another."""

    def __init__(self, count: list[int], at: int):
        self._condition, self._count, self._at = threading.Condition(), count, at

    def acquire(self, *args, **kwargs) -> bool:
        self._count[0] += 1
        if self._count[0] == self._at:
            raise KeyboardInterrupt
        return self._condition.acquire(*args, **kwargs)

    def release(self) -> None:
        self._condition.release()

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def wait(self, timeout=None) -> bool:
        return self._condition.wait(timeout)

    def notify_all(self) -> None:
        self._condition.notify_all()


@pytest.mark.parametrize("at", [2, 3, 4])
def test_ctrl_c_while_waiting_for_batches_leaves_no_batch_locked(at):
    # Found under load: `tkg simulate --jobs 2` printed "stopped (Ctrl-C)" and then hung
    # for good. The Ctrl-C had come while the wait (as_completed) held some of the
    # batches' locks; it never let them go, and the pool, cancelling those batches as
    # the command ended, waited on them for ever.
    count = [0]
    futures = [Future() for _ in range(4)]
    for number, future in enumerate(futures):
        future.set_result(number)
        future._condition = _TakesCtrlC(count, at)  # type: ignore[assignment]
    with pytest.raises(KeyboardInterrupt):
        list(_finished(futures, None))
    assert count[0] >= at  # the Ctrl-C came
    cancelling = threading.Thread(target=lambda: [f.cancel() for f in futures], daemon=True)
    cancelling.start()  # what the pool does with the batches as the command ends
    cancelling.join(STOPS_WITHIN)
    assert not cancelling.is_alive(), "a batch's lock was left held"
