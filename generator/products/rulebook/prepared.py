"""What the rulebook's PDF pages and its HTML page are made from, worked out once: the
rulebook kind's inputs (its fingerprint is their digest: `products.inputs`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.core.model import Game
from generator.core.words import SOURCE_WORDS, Words
from generator.draw.scene import Scene
from generator.text.context import Rendered


@dataclass(frozen=True)
class Book:
    """What the pages take from the game besides their words: its title and version,
    its fonts, the elements' colours (the cover's bands) and its designer (the cover's
    credit and the author, none when empty)."""

    title: str
    version: str
    fonts: tuple[tuple[str, Path], ...]
    colours: tuple[str, ...]
    words: Words = SOURCE_WORDS  # the tool's words in the book's language
    designer: str = ""

    def font(self, role: str) -> Path | None:
        """The TTF file of a typographic role, if the content names one."""
        return dict(self.fonts).get(role)


def book_of(game: Game) -> Book:
    """The game as the rulebook's pages see it."""
    return Book(game.title, game.version, game.fonts, tuple(e.colour for e in game.elements),
                game.words, game.designer)


@dataclass(frozen=True)
class Prepared:
    """What both papers and the HTML share: the rendered Markdown and the figures."""

    book: Book
    context: dict
    sections: tuple[Rendered, ...]
    figures: dict[str, Scene | None]
    cover: Scene


def credit_line(book: Book) -> str:
    """The cover's credit ("A game by Ana Lima"), or nothing without a designer."""
    if not book.designer:
        return ""
    return book.words.gettext("A game by {designer}").format(designer=book.designer)


def players_line(context, words: Words = SOURCE_WORDS) -> str:
    """The cover's line for the box: players, ages and playing time ("2-4 players ·
    ages 10+ · 30-75 minutes"), the time from the simulated games' median length."""
    r, played = context["rules"], context["played"]
    return words.gettext("{low}\u2013{high} players \u00b7 ages {age}+ \u00b7 {minutes}").format(
        low=r.players_min, high=r.players_max, age=played.age, minutes=played.minutes)
