"""Fixtures for the simulator tests."""

from __future__ import annotations

import pytest

from generator.sim.tables import Table, build_table


@pytest.fixture(scope="session")
def table(shipped_game) -> Table:
    """The engine's table of the shipped content."""
    return build_table(shipped_game)
