"""Fixtures of the drawing tests."""

from __future__ import annotations

import pytest

from generator.draw.kit import Kit


@pytest.fixture
def own_kit(shipped_game, empty_memo):
    """A kit of the shipped game whose drawings go into a memo of this test's own."""
    return Kit(shipped_game, empty_memo)
