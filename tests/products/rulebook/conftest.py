"""Fixtures of the rulebook tests: one build of the shipped content per session."""

from __future__ import annotations

import pytest
from rbkit import ROOT, by_path, request

from generator.products.aids import build_aids
from generator.products.rulebook.book import build_rulebook


@pytest.fixture(scope="session")
def shipped_request():
    """A build request over the shipped content and templates, both papers."""
    return request(ROOT)


@pytest.fixture(scope="session")
def rulebook(shipped_request):
    """The shipped rulebook artefacts, by path."""
    return by_path(build_rulebook(shipped_request))


@pytest.fixture(scope="session")
def aids(shipped_request):
    """The shipped player-aid artefacts, by path."""
    return by_path(build_aids(shipped_request))
