"""Every sentence of the book that states a rule has a source (issue 26, item 2).

A rule sentence of the rule chapters either bears the playtest tag of a completion (a
`draft: true` section of game.yaml) or is listed in `rule_sources.yaml` beside this
file: with a few words of the designer's text it restates, or with the completion its
paragraph is tagged with (the file's head says every kind of entry). That list is the
data: a sentence added to a template without a tag or a listed source fails here, and
so does an entry naming a sentence the book no longer has.

Which text counts. Headings, figures, tables, block quotes (notes to the reader),
illustrations (a paragraph led by an italic label such as *Example:*, and every
section whose heading names an example), the bold title of a setup step and the
questions of the clarifications are not rules; every other sentence of the chapters
is taken to state one. The data file may set a sentence aside as explanation, with its
reason, only if the sentence has no word that binds a player (`BINDING`): so a "may",
"must", "never" or an order ("Pay ...") always needs a source.

The seed (the designer's text) is not in the repository: where it is at hand, each
listed quote must be in it word for word, as in tests/products/rulebook/test_fidelity.py.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from generator.core.memo import Memo
from generator.core.model import Rules
from generator.products.rulebook.context import with_play
from generator.products.rulebook.markdown_flow import parse
from generator.text.context import build_context
from generator.text.templating import render_rulebook
from tests.conftest import ROOT, TEMPLATES

SOURCES = Path(__file__).with_name("rule_sources.yaml")
SEED = ROOT.parent / "shared" / "seed"
# What an entry may say of its sentence: the seed's words it restates; the completion
# it states, tagged on another sentence of its paragraph; the completion it states that
# the designer has confirmed (so no longer tagged); why it explains and states no rule;
# or what its template still needs (a known gap, which passes).
KINDS = ("seed", "completion", "confirmed", "explains", "exception")

TAG = re.compile(r"([.!?:;,]?)\s*!\[Playtest \d+\]\(playtest:([a-z_]+)\)")
MARK = re.compile(r"\x01([a-z_]+)\x02")  # where a tag stood, once moved into its sentence
# A sentence ends at . ? or ! before the capital, digit or quote that opens the next.
BOUNDARY = re.compile(r"(?<=[.?!])\s+(?=[A-Z0-9\"(])")
# A lone answer word opens a clarification's answer; alone it states nothing.
ANSWER = re.compile(r"^(Yes|No)( to both)?[.:]$")
ILLUSTRATION = re.compile(r"^\*[^*]+:\*")  # "*Example:* ...", "*In the picture:* ..."
STEP_TITLE = re.compile(r"^\*\*[^*]+\.\*\*\s*")  # "**Deal the worlds.** Shuffle ..."
# Words that bind a player: modal verbs, limits and the orders of the rules. A sentence
# with one of them cannot be set aside as mere explanation.
BINDING = re.compile(
    r"\b(must|may|cannot|can't|needs? to|never|only|always|at most|at least|at once|"
    r"exactly|unless|whenever)\b|^(Shuffle|Deal|Keep|Put|Return|Draw|Make|Split|Set|"
    r"Take|Give|Pay|Choose|Move|Refill|Fill|Discard|Seal|Reveal|Place|Stand|Lay|Go)\b",
    re.IGNORECASE)


@dataclass(frozen=True)
class Sentence:
    """One sentence of a chapter: its words without markup, the tags it bears, and the
    tags of the paragraph or list item it belongs to."""

    chapter: str
    text: str
    tags: tuple[str, ...]
    block_tags: tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    """One line of the data file: a pattern naming a sentence, and what the sentence is."""

    chapter: str
    pattern: str
    kind: str  # one of KINDS
    value: str  # the seed's words, the reason it explains, or what the template needs


def split(source: str) -> list[tuple[str, tuple[str, ...]]]:
    """The sentences of one paragraph, list item or answer, each with its tags' names.

    A tag follows the sentence it marks, usually after its full stop: it is moved in
    front of that stop first, so it stays with its sentence when the text is cut.
    """
    text = TAG.sub(lambda m: f"\x01{m[2]}\x02{m[1]}", source)
    text = " ".join(text.replace("*", "").split())
    pieces, merged = BOUNDARY.split(text), []
    for piece in pieces:
        if merged and ANSWER.match(MARK.sub("", merged[-1]).strip()):
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(piece)
    return [(" ".join(MARK.sub("", p).split()), tuple(MARK.findall(p))) for p in merged]


def prose(markdown: str) -> list[str]:
    """The inline sources of a chapter's paragraphs and list items that may state rules.

    Left out: headings, table cells, block quotes, figures and breaks (a paragraph that
    is only an image), illustrations, and every block under a heading naming an example
    (down to the next heading of its level or above).
    """
    found: list[str] = []
    open_blocks: list[str] = []
    example_level = 0  # the level of the example heading being skipped, or 0
    tokens = parse(markdown)
    for index, token in enumerate(tokens):
        if token.nesting == 1:
            open_blocks.append(token.type)
        elif token.nesting == -1:
            open_blocks.pop()
        if token.type == "heading_open":
            level = int(token.tag[1])
            if example_level and level <= example_level:
                example_level = 0
            if not example_level and "example" in tokens[index + 1].content.lower():
                example_level = level
            continue
        if token.type != "inline" or example_level or _set_apart(open_blocks):
            continue
        source = token.content.strip()
        if re.fullmatch(r"(!\[[^\]]*\]\([^)]*\)\s*)+", source) or ILLUSTRATION.match(source):
            continue
        found.append(STEP_TITLE.sub("", source) if "list_item_open" in open_blocks
                     else source)
    return found


def _set_apart(open_blocks: list[str]) -> bool:
    """Whether an inline token sits in a heading, a table or a block quote."""
    return any(b in ("heading_open", "table_open", "blockquote_open") for b in open_blocks)


def sentences(chapter: str, markdown: str) -> list[Sentence]:
    """Every sentence of a chapter that may state a rule (questions are not rules)."""
    found = []
    for source in prose(markdown):
        block = tuple(m[2] for m in TAG.finditer(source))
        found += [Sentence(chapter, text, tags, block) for text, tags in split(source)
                  if text and not text.endswith("?")]
    return found


def load_entries(path: Path = SOURCES) -> tuple[dict, list[Entry]]:
    """The data file's chapters (checked, and set aside with a reason) and its entries."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    entries = []
    for chapter, items in data["sources"].items():
        for item in items or ():
            kinds = [k for k in KINDS if k in item]
            assert set(item) == {"match", *kinds} and len(kinds) == 1, (chapter, item)
            entries.append(Entry(chapter, item["match"], kinds[0], str(item[kinds[0]])))
    return {"checked": tuple(data["sources"]), "unchecked": data["unchecked"]}, entries


def matches(entry: Entry, found: list[Sentence]) -> list[Sentence]:
    """The sentences of the entry's chapter its pattern finds."""
    return [s for s in found if s.chapter == entry.chapter and re.search(entry.pattern, s.text)]


def problems(found: list[Sentence], entries: list[Entry], rules: Rules) -> list[str]:
    """Everything wrong between the book's sentences, the data and the completions: a
    rule sentence with no source, an entry that names no sentence or several."""
    wrong = []
    claimed: dict[Sentence, list[Entry]] = {s: [] for s in found}
    for entry in entries:
        hits = matches(entry, found)
        if len(hits) != 1:
            wrong.append(f"{entry.chapter}: /{entry.pattern}/ names {len(hits)} sentences, "
                         "not one" + "".join(f"\n    {s.text}" for s in hits))
        for s in hits:
            claimed[s].append(entry)
    for s, listed in claimed.items():
        wrong += [f"{s.chapter}: {why}: {s.text}" for why in _sentence_problems(s, listed,
                                                                                  rules)]
    return wrong


def _sentence_problems(s: Sentence, listed: list[Entry], rules: Rules) -> list[str]:
    """Why one sentence, with the entries that name it, has no good source (or [])."""
    unknown = [t for t in s.tags if t not in rules.drafts]
    if unknown:
        return [f"tagged {', '.join(unknown)}, which names no completion"]
    if s.tags:  # the tag is its source: an entry would only go stale unseen
        return ["tagged, so it needs no entry"] if listed else []
    if not listed:
        return ["no playtest tag and no source in rule_sources.yaml"]
    if len(listed) > 1:
        return [f"named by {len(listed)} entries"]
    return _entry_problems(s, listed[0], rules)


def _entry_problems(s: Sentence, entry: Entry, rules: Rules) -> list[str]:
    """Why the one entry naming an untagged sentence does not hold for it (or [])."""
    binding = BINDING.search(s.text)
    if entry.kind == "explains" and binding:
        return [f"binds a player ({binding[0]!r}), so it is no mere explanation"]
    if entry.kind == "completion" and entry.value not in rules.drafts:
        return [f"{entry.value} is no completion"]
    if entry.kind == "completion" and entry.value not in s.block_tags:
        return [f"its paragraph bears no {entry.value} tag"]
    if entry.kind == "confirmed" and (rules.section(entry.value) is None
                                      or entry.value in rules.drafts):
        return [f"{entry.value} is no confirmed rule section"]
    return []


def seed_text() -> str | None:
    """The designer's text with its whitespace folded, or None where it is not at hand."""
    if not SEED.is_dir():
        return None
    return " ".join(" ".join(p.read_text(encoding="utf-8").split())
                    for p in sorted(SEED.glob("*.txt")))


def book(game, templates: Path = TEMPLATES) -> dict[str, str]:
    """Each chapter's rendered Markdown, by template name."""
    pages = render_rulebook(templates, with_play(game, build_context(game), Memo()))
    return {page.name: page.markdown for page in pages}


@pytest.fixture(scope="module")
def data():
    return load_entries()


@pytest.fixture(scope="module")
def chapters(shipped_game) -> dict[str, str]:
    return book(shipped_game)


@pytest.fixture(scope="module")
def found(chapters, data) -> list[Sentence]:
    names, _ = data
    return [s for name in names["checked"] for s in sentences(name, chapters[name])]


def test_every_chapter_is_checked_or_set_aside_with_a_reason(chapters, data):
    names, _ = data
    assert not set(names["checked"]) & set(names["unchecked"])
    assert sorted(chapters) == sorted((*names["checked"], *names["unchecked"]))
    assert all(str(why).strip() for why in names["unchecked"].values())


def test_every_rule_sentence_has_a_source(found, data, shipped_game):
    _, entries = data
    wrong = problems(found, entries, shipped_game.rules)
    assert not wrong, "\n".join(wrong)


def test_seed_quotes_are_short_and_the_designers_words(data):
    _, entries = data
    quotes = [e.value for e in entries if e.kind == "seed"]
    assert quotes and all(2 <= len(q.split()) <= 12 for q in quotes), \
        [q for q in quotes if not 2 <= len(q.split()) <= 12]
    seed = seed_text()
    if seed is not None:  # the designer's text, where it is at hand: quoted word for word
        assert not [q for q in quotes if " ".join(q.split()) not in seed]


def test_reasons_and_gaps_are_written_out(data):
    _, entries = data
    assert all(len(e.value.split()) >= 3 for e in entries
               if e.kind in ("explains", "exception")), "say why, in words"


# The check must be able to fail: what a template might one day say, fed through it.

INVENTED = "You may also swap two tiles in your world."


def _with(chapters, name: str, paragraph: str) -> list[Sentence]:
    """A chapter's sentences with a paragraph added under its title (the end of a
    chapter may be an example section, which states no rules)."""
    title, rest = chapters[name].split("\n", 1)
    return sentences(name, f"{title}\n\n{paragraph}\n\n{rest}")


def test_an_invented_untagged_rule_is_reported(chapters, data, shipped_game):
    _, entries = data
    found = _with(chapters, "04-world.md.j2", INVENTED)
    wrong = problems(found, [e for e in entries if e.chapter == "04-world.md.j2"],
                     shipped_game.rules)
    assert wrong == [f"04-world.md.j2: no playtest tag and no source in rule_sources.yaml: "
                     f"{INVENTED}"]


def test_an_invented_rule_written_into_a_template_fails(tmp_path, data, shipped_game):
    """End to end, on a copy of the templates: the sentence is rendered, cut out and
    reported, and every other sentence still has its source."""
    shutil.copytree(TEMPLATES, tmp_path / "templates")
    turn = tmp_path / "templates" / "rulebook" / "05-turn.md.j2"
    turn.write_text(turn.read_text().replace("\n## Refresh", f"\n{INVENTED}\n\n## Refresh"))
    names, entries = data
    rendered = book(shipped_game, tmp_path / "templates")
    found = [s for name in names["checked"] for s in sentences(name, rendered[name])]
    assert problems(found, entries, shipped_game.rules) == [
        f"05-turn.md.j2: no playtest tag and no source in rule_sources.yaml: {INVENTED}"]


def test_an_invented_rule_in_a_list_item_of_a_tagged_paragraph_is_reported(shipped_game):
    markdown = ('- Move your Oink. ![Playtest 12](playtest:move)\n'
                '- A tile may be swapped. Swap it. ![Playtest 12](playtest:move)\n')
    wrong = problems(sentences("x", markdown), [], shipped_game.rules)
    assert wrong == ["x: no playtest tag and no source in rule_sources.yaml: "
                     "A tile may be swapped."]


def test_a_tag_naming_no_completion_is_reported(shipped_game):
    found = sentences("x", f"{INVENTED} ![Playtest 99](playtest:swapping)\n")
    assert problems(found, [], shipped_game.rules) == [
        f"x: tagged swapping, which names no completion: {INVENTED}"]


def test_an_entry_naming_no_sentence_is_reported(found, shipped_game):
    stale = Entry("04-world.md.j2", "^You may also swap", "seed", "swap two tiles")
    wrong = problems(found, [stale], shipped_game.rules)
    assert "04-world.md.j2: /^You may also swap/ names 0 sentences, not one" in wrong


def test_an_explanation_that_binds_a_player_is_refused(shipped_game):
    found = sentences("x", f"{INVENTED}\n")
    entry = Entry("x", "swap two", "explains", "only a suggestion")
    assert problems(found, [entry], shipped_game.rules) == [
        f"x: binds a player ('may'), so it is no mere explanation: {INVENTED}"]


def test_a_completion_entry_needs_its_tag_in_the_paragraph(shipped_game):
    found = sentences("x", "Swap two tiles. Then move. ![Playtest 12](playtest:move)\n")
    assert problems(found, [Entry("x", "^Swap", "completion", "seal")],
                    shipped_game.rules) == [
        "x: its paragraph bears no seal tag: Swap two tiles."]
    assert problems(found, [Entry("x", "^Swap", "completion", "move")],
                    shipped_game.rules) == []


def test_a_confirmed_rule_needs_a_confirmed_section(shipped_game):
    """Once the designer confirms a completion its tags vanish; `confirmed` says so."""
    assert "draw" not in shipped_game.rules.drafts and shipped_game.rules.section("draw")
    found = sentences("x", "Draw three.\n")
    for name, wrong in (("draw", []), ("seal", ["x: seal is no confirmed rule section: "
                                                 "Draw three."])):
        assert problems(found, [Entry("x", "^Draw", "confirmed", name)],
                        shipped_game.rules) == wrong


# How the text is cut into sentences.

def test_a_tag_stays_with_the_sentence_it_follows():
    source = ("The grid never shifts. ![Playtest 3](playtest:grid) A place beyond is off. "
              "Tokens go there ![Playtest 6](playtest:discards), except a seal's: they "
              "stay. ![Playtest 14](playtest:seal)")
    assert split(source) == [("The grid never shifts.", ("grid",)),
                             ("A place beyond is off.", ()),
                             ("Tokens go there, except a seal's: they stay.",
                              ("discards", "seal"))]


def test_a_lone_answer_word_joins_its_answer():
    assert [t for t, _ in split("No to both. You seal it once. No: it stays.")] == [
        "No to both. You seal it once.", "No: it stays."]


def test_headings_figures_tables_quotes_examples_and_questions_state_no_rule():
    markdown = "\n".join([
        "# Playing a turn", "", "**May I pass?**", "Only when stuck.", "",
        "![A caption that may mislead.](figure:procure)", "",
        "| Piece | Count |", "| --- | --- |", "| Tiles must | 48 |", "",
        "> **A note.** You may tell us.", "",
        "*Example:* you may draw 3.", "",
        "1. **Deal the worlds.** Shuffle the tiles.", "",
        "## An example world", "", "You may see it.", "", "### Its rows", "", "Row 1.", "",
        "## Seal", "", "Pay the tokens.", ""])
    assert [s.text for s in sentences("x", markdown)] == [
        "Only when stuck.", "Shuffle the tiles.", "Pay the tokens."]
