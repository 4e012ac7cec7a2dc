"""A build's languages: the request in each of the game's languages, and where each
language's files go.

The source language keeps the output's paths; another language's files are the same
files under a folder named after it (`fr/rulebook/rulebook-a4.pdf`), so the links
inside a language's files (the HTML's fonts, the TTS images) hold within its folder.
Every file records its language in the manifest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from generator.core.artefacts import Artefact
from generator.core.model import Game
from generator.layout.translated import translated_layout
from generator.load.translations import translated_game
from generator.products.request import BuildRequest

AT = "@"  # between a kind and another language in a cache unit's name: tiles@fr


def source_language(game: Game) -> str:
    """The language the content is written in: the first the game lists."""
    return game.languages[0]


def unknown_languages(game: Game, asked: Sequence[str]) -> list[str]:
    """The languages asked for that the game does not list."""
    return [language for language in asked if language not in game.languages]


def in_language(request: BuildRequest, language: str) -> BuildRequest:
    """The request with the game's texts, the layouts' words and the tool's words in
    `language` (the request itself for the source language)."""
    game = request.game
    if language == source_language(game):
        return request
    translation = next(t for t in game.translations if t.language == language)
    return replace(request, game=translated_game(game, translation),
                   layouts=tuple(translated_layout(layout, translation)
                                 for layout in request.layouts))


def unit_name(kind: str, language: str, source: str) -> str:
    """The name the build cache keeps a kind's files of one language under."""
    return kind if language == source else f"{kind}{AT}{language}"


def unit_language(unit: str) -> str | None:
    """The language a cache unit (`unit_name`) is of; None for the source language's."""
    return unit.rsplit(AT, 1)[1] if AT in unit else None


def placed(artefacts: Sequence[Artefact], language: str, source: str) -> list[Artefact]:
    """A language's files with their language recorded, and under its folder unless it
    is the source language."""
    prefix = "" if language == source else f"{language}/"
    return [replace(a, path=prefix + a.path, language=language) for a in artefacts]
