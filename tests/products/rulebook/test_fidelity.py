"""Faithful to the designer's text, and every completion of it says so (issue 14).

The seed's meaning is checked in the printed text; each rule the book adds must sit
in a paragraph, list item or table row carrying the playtest tag of its content key.
"""

from __future__ import annotations

import re

import pytest
from rbkit import ROOT, blocks, build_rulebook, by_path, pdf_text, rendered_markdown, request

from generator.load.content_schema import TITLES

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

APPENDIX = "The designer's text and the playtest completions"
GLOSSARY = "Words of the game"
TAG = re.compile(r"\(playtest:([a-z_]+)\)")


@pytest.fixture(scope="module")
def text(a4_text) -> str:
    return a4_text


def _sections_by_title(markdown: list[str]) -> dict[str, str]:
    return {md.lstrip().splitlines()[0].lstrip("# ").strip(): md
            for md in markdown if md.lstrip().startswith("# ")}


def _body(markdown: list[str]) -> list[str]:
    """Every section but the appendix (which quotes the designer's words)."""
    return [md for md in markdown if APPENDIX not in md.lstrip().splitlines()[0]]


@pytest.mark.parametrize(("meaning", "pattern"), [
    ("Oinks are dealt at random with the tiles", r"an Oink at random"),
    ("the tiles are split as evenly as possible", r"as evenly as possible"),
    ("... as all players agree", r"as all players agree"),
    ("a revealed tile that fits may be placed", r"you may place it"),
    ("the trade zone's tokens are set aside", r"[Ss]et aside \d+ life tokens of each element"),
    ("a turn is one action", r"exactly one action"),
    ("the game ends at once", r"ends at once"),
])
def test_seed_rules_keep_their_meaning(text, meaning, pattern):
    assert re.search(pattern, text), meaning


@pytest.mark.parametrize(("phrase", "key"), [
    ("Only the top tile", "taking"),
    ("pass only when", "passing"),
    ("Nobody takes another turn", "ending"),
    ("same element twice", "tiles"),
    ("nexus world", "tiles"),
    ("never shifts", "grid"),
    ("stays where it stands", "placement"),
    ("received in the same action", "trade_back"),
    ("runs out during a Draw", "bag"),
    ("do not place goes", "blind_choice"),
    ("the extra tiles", "split"),
    ("come out of the bag", "trade_zone"),
])
def test_each_added_rule_is_tagged_where_it_is_stated(markdown, phrase, key):
    found = [b for md in _body(markdown) for b in blocks(md) if phrase.lower() in b.lower()]
    assert found, phrase
    for block in found:
        assert key in TAG.findall(block), (phrase, block)


def test_every_draft_is_tagged_and_only_drafts_are(markdown, shipped_game):
    tagged = {k for md in _body(markdown) for k in TAG.findall(md)}
    assert tagged == set(shipped_game.rules.drafts)


def listed(appendix: str) -> list[str]:
    """The completions an appendix lists, by their titles in plain words."""
    return re.findall(r"^\d+\. \*\*(.+?)\*\*", appendix, re.MULTILINE)


def test_appendix_lists_exactly_the_drafts_in_plain_words(markdown, shipped_game):
    appendix = _sections_by_title(markdown)[APPENDIX]
    assert listed(appendix) == [TITLES[name] for name in shipped_game.rules.drafts]


def test_no_rule_file_key_is_printed_in_the_book(markdown):
    # Issue 26: the appendix printed `rules.trade_zone: bag`; a player reads words.
    assert not re.findall(r"rules\.[a-z_]+", "\n".join(markdown))


def test_appendix_follows_the_flags(project):
    game_yaml = project / "content" / "game.yaml"
    text = game_yaml.read_text()
    for name in ("seal", "ending"):
        text = re.sub(rf"(\n  {name}:\n    draft: )true", r"\1false", text)
    game_yaml.write_text(text)
    req = request(project, ("a4",))
    assert "seal" not in req.game.rules.drafts and "ending" not in req.game.rules.drafts
    markdown = rendered_markdown(req)
    appendix = _sections_by_title(markdown)[APPENDIX]
    assert listed(appendix) == [TITLES[name] for name in req.game.rules.drafts]
    tagged = {k for md in _body(markdown) for k in TAG.findall(md)}
    assert tagged == set(req.game.rules.drafts)


def test_spent_tokens_always_say_where_a_seals_go(markdown):
    """The seal's tokens are the exception to "spent tokens go to the trade zone"."""
    spent = [b for md in _body(markdown) for b in blocks(md)
             if re.search(r"\bspen[dt]\b", b) and "trade zone" in b]
    assert spent
    for block in spent:
        assert "seal" in block.lower(), block


def test_where_seal_tokens_go_is_read_from_the_content(project):
    game_yaml = project / "content" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("tokens: on_tile", "tokens: trade_zone"))
    req = request(project, ("a4",))
    text = pdf_text(by_path(build_rulebook(req))["rulebook/rulebook-a4.pdf"].data)
    assert "stay on the sealed tile" not in text
    assert "a seal's tokens go to the trade zone too" in text


def test_shipped_seal_tokens_stay(text):
    assert "stay on the sealed tile" in text and "never come back" in text


def test_the_action_count_is_the_content_s(text, shipped_game):
    actions = shipped_game.rules.section("turn")["actions"]
    assert f"one of the {len(actions)} actions" in text
    assert "six actions" not in text


def test_glossary_defines_each_word_before_it_is_used(markdown):
    body = "\n".join(_body(markdown))
    glossary = _sections_by_title(markdown)
    start = body.index(f"## {GLOSSARY}")
    section = body[start:body.index("\n## ", start + 3)]
    terms = re.findall(r"^- \*\*([^*]+)\*\*", section, re.M)
    assert len(terms) >= 10 and glossary
    for term in terms:
        stem = re.escape(term.lower().rstrip("s"))
        first = re.search(rf"\b{stem}(s|es|ed|ing)?\b(?! bearer)", body.lower())
        assert first is not None, term
        assert first.start() >= start, (term, body[max(first.start() - 60, 0):first.start() + 20])


def test_round_and_connected_world_are_said_plainly(text):
    assert "A round" in text or "a round" in text
    assert "one connected group" in text


@pytest.mark.parametrize("word", ["checker", "solver", "validator", "simulat", "template",
                                  "yaml", "content"])
def test_no_developer_language(markdown, word):
    body = "\n".join(_body(markdown)).lower()
    assert word not in body


def test_the_appendix_quotes_the_seeds_first_and_last_words_exactly(markdown):
    seed = " ".join(next((ROOT.parent / "shared" / "seed").glob("*.txt")).read_text()
                    .split()) if (ROOT.parent / "shared" / "seed").is_dir() else None
    appendix = " ".join(_sections_by_title(markdown)[APPENDIX].split())
    opening, last = "ancient architects of elemental energy flows between realms", \
        "to the top of the stack of WORLD TILES at space O just like any procur"
    assert opening in appendix and f"{last}\"" in appendix
    assert '"30 from each element for each player (Default)"' in appendix
    if seed is not None:  # the designer's text, where it is at hand: quoted word for word
        assert opening in seed and seed.rstrip().split(" We may")[0].endswith(last)
