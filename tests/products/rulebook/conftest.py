"""Fixtures of the rulebook tests: one build of the shipped content per session."""

from __future__ import annotations

import pytest
from rbkit import ROOT, build_aids, build_rulebook, by_path, rendered_markdown, request


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


@pytest.fixture(scope="session")
def markdown(shipped_request):
    """Each rendered section's Markdown, in reading order."""
    return rendered_markdown(shipped_request)
