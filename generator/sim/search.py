"""The search player: determinised Monte Carlo rollouts over a few candidate actions.

Each turn it lists a handful of sensible actions (`candidates`, the greedy choice
first) and shares its budget of rollouts among them. A rollout copies the game, deals
the unseen tiles into a random order and draws from the bag with the player's own
generator (so it never peeks at the real order, and never moves the real game's
generator), plays the candidate, and lets the greedy player play every seat for up to
`horizon` turns, and judges the end (`outlook.value`): a win share when the game is
over, else a guess from the lead in points and promise.

Every candidate is played out in the same dealt worlds with the same draws (common
random numbers), so their totals differ by what the candidates do, not by luck; and the
player leaves the greedy choice only for a candidate that beats it by `MARGIN`.
Measured against the greedy player (tests/sim/test_sim_search.py, docs/simulation.md).
"""

from __future__ import annotations

import random

from generator.sim.actions import Action, Legal
from generator.sim.candidates import candidates
from generator.sim.engine import apply
from generator.sim.greedy import GreedyPlayer
from generator.sim.outlook import value
from generator.sim.players import Player
from generator.sim.sealer import SealerPlayer
from generator.sim.state import GameState

DEFAULT_BUDGET = 48  # rollouts a move, shared among the candidates
DEFAULT_HORIZON = 10  # turns a rollout plays before it is judged by the lead in prospects
MARGIN = 0.05  # how much better (in wins a rollout) another option must do than greedy's


class SearchPlayer:
    """Rollouts with the greedy player as the model of every seat."""

    name = "search"

    def __init__(self, budget: int = DEFAULT_BUDGET, horizon: int = DEFAULT_HORIZON,
                 policy: Player | None = None, compiled: bool = False):
        self.budget, self.horizon = budget, horizon
        self.policy = policy or GreedyPlayer()
        self.compiled = compiled  # roll out with the compiled engine where it can

    def start(self, state, seat, dealt, rng):
        """As the greedy player starts."""
        return self.policy.start(state, seat, dealt, rng)

    def place(self, state, tile, cells, rng):
        """As the greedy player places."""
        return self.policy.place(state, tile, cells, rng)

    def discard(self, state, excess, rng):
        """As the greedy player discards."""
        return self.policy.discard(state, excess, rng)

    def choose(self, state, legal, rng):
        """The candidate whose rollouts did best."""
        first = self.policy.choose(state, legal, rng)
        options = candidates(state, legal, first)
        if len(options) == 1:
            return first
        worlds = max(1, self.budget // len(options))
        seeds = [rng.getrandbits(64) for _ in range(worlds)]  # every option meets the same
        # deals: fair to all
        return options[_best(self.totals(state, options, seeds), worlds)]

    def totals(self, state: GameState, options: list[Action], seeds: list[int]
               ) -> list[float]:
        """Each option's rollout values summed over the worlds the seeds deal, worlds in
        turn: by the compiled engine when asked and it can (the same sums), else here."""
        if self.compiled:
            from generator.sim.compiled.lookahead import lookahead

            fast = lookahead(state.table, len(state.players), type(self.policy))
            if fast is not None:
                return fast.totals(state, options, seeds, self.horizon)
        found = [0.0] * len(options)
        for seed in seeds:
            for i, option in enumerate(options):
                found[i] += self.rollout(state, option, random.Random(seed))
        return found

    def rollout(self, state: GameState, action: Action, rng: random.Random) -> float:
        """One determinised playout of `action`, as a value in 0..1 for the mover."""
        seat = state.current
        world = determinise(state, rng)
        policy, seats = self.policy, len(world.players)
        apply(world, action, policy, world.rng)
        for _ in range(self.horizon):
            if world.over:
                break
            world.current = (world.current + 1) % seats
            legal = Legal(world)
            apply(world, policy.choose(world, legal, world.rng), policy, world.rng)
        return value(world, seat)


class PlannerPlayer(SearchPlayer):
    """The same search with the sealer as the model of every seat and its first choice."""

    name = "planner"

    def __init__(self, budget: int = DEFAULT_BUDGET, horizon: int = DEFAULT_HORIZON,
                 compiled: bool = False):
        super().__init__(budget, horizon, SealerPlayer(), compiled)


def _best(totals: list[float], worlds: int) -> int:
    """The option with the best mean, if it beats the first (the greedy choice) by more
    than `MARGIN`: with few rollouts, the best-looking option is often only lucky."""
    best = max(range(len(totals)), key=lambda i: (totals[i], -i))
    return best if totals[best] > totals[0] + MARGIN * worlds else 0


def determinise(state: GameState, rng: random.Random) -> GameState:
    """A copy of the game with the unseen tiles in a random order, drawing from `rng`.

    The tiles every player saw go face down on top of O (`state.known` of them) stay
    where they are: only what nobody saw is shuffled."""
    world = state.copy(rng)
    unseen = len(world.stack) - world.known
    seen = list(world.stack)[unseen:]
    hidden = list(world.stack)[:unseen] + [t for space in world.spaces for t in space[:-1]]
    rng.shuffle(hidden)
    world.stack.clear()
    world.stack.extend(hidden[:unseen])
    world.stack.extend(seen)
    rest = iter(hidden[unseen:])
    for space in world.spaces:
        space[:-1] = [next(rest) for _ in space[:-1]]
    return world
