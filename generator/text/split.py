"""How the stack splits among the spaces at setup, for each number of players.

The designer's text splits the remaining tiles "as evenly as possible"; which spaces
take the leftover tiles is the completion `rules.split` (face-up spaces first, in
their order, then the blind stack), the way the simulator deals them.
"""

from __future__ import annotations

from generator.core.model import Game


def split_rows(game: Game) -> list[dict]:
    """For each player count: the printed tiles (copies counted) left after the starting
    tiles, and each space's share in table order (A B O C D)."""
    r = game.rules
    order = (*r.face_up_spaces, r.blind_space)  # who takes a leftover tile first
    rows = []
    for players in range(r.players_min, r.players_max + 1):
        left = len(game.deck) - players  # printed tiles, copies counted
        size, extra = divmod(left, len(order))
        share = {name: size + (1 if i < extra else 0) for i, name in enumerate(order)}
        rows.append({"players": players, "total": left,
                     "spaces": [{"space": s, "count": share[s]} for s in r.space_row]})
    return rows
