"""Read YAML safely, keeping the file, line and column of every value.

Only plain data is allowed: mappings, sequences and scalars with YAML's standard
tags. A tag that would construct an object, a duplicate key, a syntax error, an empty
or non-UTF-8 file each becomes a diagnostic instead of an exception.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

import yaml
import yaml.constructor

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.limits import INTEGER, YAML_BYTES, YAML_DEPTH
from generator.core.model import Location
from generator.core.reading import Refused, read_file

# libyaml's parser is ten times faster and keeps the same positions; fall back to the
# pure-Python one where PyYAML was built without it.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_SAFE_SCALARS = {f"tag:yaml.org,2002:{t}" for t in
                 ("str", "int", "float", "bool", "null", "timestamp")}


class Unsafe:
    """Stands for a value that was refused as it was read (a YAML tag, a number past the
    limit); already reported, so never re-checked."""

    def __repr__(self) -> str:
        return "<refused value>"


UNSAFE = Unsafe()


_NONE: Mapping[str, str] = MappingProxyType({})


class YMap(dict[str, object]):
    """A mapping that knows where it, each key and each value stand."""

    def __init__(self, loc: Location):
        super().__init__()
        self.loc = loc
        self.key_locs: dict[str, Location] = {}
        self.value_locs: dict[str, Location] = {}

    @property
    def commented(self) -> Mapping[str, str]:
        """Keys left with nothing because a colour after them went unquoted (`colour:
        #D55E00` is a comment to YAML): the colour, for the diagnostic's hint. Kept only
        where there is one: a mapping has none, in all but a file with that mistake."""
        return self.__dict__.get("_commented", _NONE)

    def note_commented(self, key: str, colour: str | None) -> None:
        """Record the colour left as a comment after `key` (None: there is none)."""
        if colour is not None:
            self.__dict__.setdefault("_commented", {})[key] = colour
        elif key in self.commented:
            del self.__dict__["_commented"][key]

    def where(self, key: str) -> Location:
        """The position of a key's value (or of the mapping, if the key is absent)."""
        return self.value_locs.get(key, self.loc)

    def key_where(self, key: str) -> Location:
        """The position of the key itself."""
        return self.key_locs.get(key, self.loc)


_COLOUR_COMMENT = re.compile(r"[ \t]*(#[0-9A-Fa-f]{6})\b")
_COLOUR_AFTER_KEY = re.compile(r":[ \t]+#[0-9A-Fa-f]{6}\b")


def _commented_colour(text: str, node: yaml.Node) -> str | None:
    """The colour an empty value is followed by on its line, which YAML read as a
    comment; None when none is."""
    if not isinstance(node, yaml.ScalarNode) or node.value or node.style:
        return None
    found = _COLOUR_COMMENT.match(text, node.start_mark.index)
    return found[1] if found else None


class YList(list[object]):
    """A sequence that knows where it and each item stand."""

    def __init__(self, loc: Location):
        super().__init__()
        self.loc = loc
        self.item_locs: list[Location] = []

    def where(self, index: int) -> Location:
        """The position of an item."""
        return self.item_locs[index]


@dataclass
class Source:
    """A parsed file: its data (None when unreadable) and what went wrong."""

    path: Path
    display: str
    data: object = None
    diagnostics: list[Diagnostic] = field(default_factory=list)


def _loc(display: str, node: yaml.Node) -> Location:
    mark = node.start_mark
    return Location(display, mark.line + 1, mark.column + 1)


class _Converter:
    """Turns a composed node tree into YMap/YList/scalars, collecting problems."""

    def __init__(self, display: str, text: str = ""):
        self.display, self.text = display, text
        # Whether a colour follows a key unquoted anywhere in the file: only then is an
        # empty value looked at (a file without one pays a search, not a look a key).
        self.hashed = _COLOUR_AFTER_KEY.search(text) is not None
        self.diagnostics: list[Diagnostic] = []
        self._constructor = yaml.constructor.SafeConstructor()
        self._seen: dict[int, object] = {}
        self._depth = 0

    def convert(self, node: yaml.Node) -> object:
        # Aliases share a node; reuse the result so an alias bomb stays linear.
        if id(node) in self._seen:
            return self._seen[id(node)]
        value: object
        if isinstance(node, yaml.ScalarNode):
            value = self._scalar(node)
        elif self._depth >= YAML_DEPTH.value:
            value = self._too_deep(node)
        else:
            self._depth += 1
            value = (self._mapping(node) if isinstance(node, yaml.MappingNode)
                     else self._sequence(node) if isinstance(node, yaml.SequenceNode)
                     else self._unsafe(node))
            self._depth -= 1
        self._seen[id(node)] = value
        return value

    def _too_deep(self, node: yaml.Node) -> Unsafe:
        self.diagnostics.append(_depth_diagnostic(_loc(self.display, node)))
        return UNSAFE

    def _unsafe(self, node: yaml.Node) -> Unsafe:
        self.diagnostics.append(diagnostic(
            "TKG005", _loc(self.display, node), f"the tag {node.tag!r} is not allowed"))
        return UNSAFE

    def _mapping(self, node: yaml.MappingNode) -> YMap | Unsafe:
        if node.tag != _MAP:
            return self._unsafe(node)
        result = YMap(_loc(self.display, node))
        for key_node, value_node in node.value:
            key = self.convert(key_node)
            key = "" if key is None else str(key)
            if key in result:
                self.diagnostics.append(diagnostic(
                    "TKG006", _loc(self.display, key_node),
                    f"the key {key!r} is repeated (first at line {result.key_locs[key].line})"))
                continue
            result.key_locs[key] = _loc(self.display, key_node)
            result.value_locs[key] = _loc(self.display, value_node)
            result[key] = self.convert(value_node)
            if self.hashed and result[key] is None:
                result.note_commented(key, _commented_colour(self.text, value_node))
        return result

    def _sequence(self, node: yaml.SequenceNode) -> YList | Unsafe:
        if node.tag != _SEQ:
            return self._unsafe(node)
        result = YList(_loc(self.display, node))
        for item in node.value:
            result.item_locs.append(_loc(self.display, item))
            result.append(self.convert(item))
        return result

    def _scalar(self, node: yaml.Node) -> object:
        if node.tag not in _SAFE_SCALARS:
            return self._unsafe(node)
        try:
            value = self._constructor.construct_object(node)
        except (yaml.YAMLError, ValueError) as exc:
            self.diagnostics.append(diagnostic(
                "TKG004", _loc(self.display, node), f"cannot read the value: {exc}"))
            return node.value
        if isinstance(value, int) and not isinstance(value, bool) and INTEGER.over(abs(value)):
            # Checked here, once for every file: past ~10^308 a number is no float at all.
            digits = len(str(abs(value)))
            self.diagnostics.append(diagnostic(
                "TKG116", _loc(self.display, node),
                f"{INTEGER.what}: a number of {digits} digits, more than the limit of "
                f"{INTEGER.value:,}"))
            return UNSAFE  # reported: the schema's checks pass over it
        return value


def _depth_diagnostic(where: Location) -> Diagnostic:
    return diagnostic("TKG116", where, f"{YAML_DEPTH.what}: more than {YAML_DEPTH.value} "
                      f"{YAML_DEPTH.unit}", "flatten the data: lists and mappings of the "
                      "game go a few levels deep")


# Each level of nesting takes one of these characters ("- ", "key:", "[", "{", "? ").
_NESTERS = "-:[{?"
# libyaml builds the node tree by recursion in C: tens of thousands of levels overflow
# its stack and kill the process. A file with fewer nesting characters than this cannot
# nest that deep, so only a file with more is scanned for its depth first.
_SCAN_ABOVE = 5_000


def _too_deep(text: str, display: str) -> Diagnostic | None:
    """A diagnostic at the first collection nested past the limit, found from the parse
    events before any node tree is built, or None."""
    if sum(text.count(char) for char in _NESTERS) < _SCAN_ABOVE:
        return None
    depth = 0
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > YAML_DEPTH.value:
                mark = event.start_mark
                line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
                return _depth_diagnostic(Location(display, line, column))
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return None


def _syntax_error(display: str, exc: yaml.YAMLError, text: str) -> Diagnostic:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    where = Location(display, mark.line + 1, mark.column + 1) if mark else Location(display, 1, 1)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    said = f"{problem} ({context})" if context else problem
    told = _explained(text, exc, mark, said) if mark else None
    if told is None:
        return diagnostic("TKG004", where, f"YAML syntax: {said}")
    (line, column), why = told
    return diagnostic("TKG004", Location(display, line, column), f"YAML syntax: {why}")


def _explained(text: str, exc: yaml.YAMLError, stop: yaml.Mark, said: str
               ) -> tuple[tuple[int, int], str] | None:
    """A designer's usual slips as the reader meets them, told where the fix is (a line
    and column, from 1) in words of what went wrong; None for any other mistake."""
    problem = getattr(exc, "problem", None) or ""
    lines = text.splitlines()
    line = lines[stop.line] if stop.line < len(lines) else ""
    quoted = _quoted_before(text, stop)
    told = quoted and (_runaway_quote(quoted, stop, said) or
                       _closed_early(quoted, stop, line, said))
    if told:
        return told
    if "tab character" in problem:
        return (stop.line + 1, stop.column + 1), (
            f"a tab indents this line; YAML indents with spaces only ({said})")
    key = getattr(exc, "context_mark", None)
    if problem.startswith("did not find expected ','") and key is not None:
        return _colour_in_braces(lines[key.line] if key.line < len(lines) else "", key,
                                 said)
    if problem.startswith("could not find expected ':'") and key is not None:
        return (key.line + 1, key.column + 1), (
            f"this line has no ':' after its key (write key: value); the reader looked "
            f"for one until line {stop.line + 1}, column {stop.column + 1}: {said}")
    if problem.startswith("mapping values are not allowed"):
        return _colon_in_value(stop, line, said) or _indented(lines, stop, said, "deeper")
    if problem.startswith("did not find expected key") and stop.column == _indent(line):
        return _indented(lines, stop, said, "less")
    return None


def _quoted_before(text: str, stop: yaml.Mark) -> yaml.ScalarToken | None:
    """The reader's last token before where it stopped, when it is a quoted value."""
    last = None
    with contextlib.suppress(yaml.YAMLError):  # the tokens up to the problem are enough
        for token in yaml.scan(text, Loader=_LOADER):
            if token.start_mark.index >= stop.index:
                break
            last = token
    return last if isinstance(last, yaml.ScalarToken) and last.style in ('"', "'") else None


def _runaway_quote(value: yaml.ScalarToken, stop: yaml.Mark, said: str
                   ) -> tuple[tuple[int, int], str] | None:
    """A quoted value that runs over lines up to the line the reader stopped at: a
    quote left open, which the next quote in the file closed. (A value quoted over
    lines on purpose ends before the problem.)"""
    if not value.start_mark.line < value.end_mark.line == stop.line:
        return None
    start = value.start_mark
    return (start.line + 1, start.column + 1), (
        f"a quote ({value.style}) opened here is not closed on its line, so the reader ran "
        f"on to the next, at line {value.end_mark.line + 1}, and stopped at line "
        f"{stop.line + 1}, column {stop.column + 1}: {said}")


def _closed_early(value: yaml.ScalarToken, stop: yaml.Mark, line: str, said: str
                  ) -> tuple[tuple[int, int], str] | None:
    """A quoted value that holds its own quote mark, which ends it mid-line."""
    if not value.start_mark.line == value.end_mark.line == stop.line:
        return None
    quote, start = value.style, value.start_mark.column
    written = line[start:].rstrip()
    inner = written[1:-1] if written.endswith(quote) else written[1:]
    instead = f"'{inner}'" if quote == '"' and "'" not in inner else \
        '"' + inner.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return (stop.line + 1, start + 1), (
        f"the quote ({quote}) that opens this value is closed at column "
        f"{value.end_mark.column}, before the rest of the line: a value cannot hold the "
        f"mark it is quoted with; write it {instead} ({said})")


_UNQUOTED_COLOUR = re.compile(r"([\w-]+):[ \t]+(#[0-9A-Fa-f]{6})\b")


def _colour_in_braces(line: str, opened: yaml.Mark, said: str
                      ) -> tuple[tuple[int, int], str] | None:
    """A colour left unquoted inside braces or brackets (`{fill: #1B1A24}`): the rest of
    its line is a comment, so they are never closed."""
    found = _UNQUOTED_COLOUR.search(line, opened.column)
    if found is None:
        return None
    return (opened.line + 1, found.start(2) + 1), (
        f"a # starts a comment in YAML, so the rest of this line is none of the "
        f"{{...}} it is in: put the colour in quotes ({found[1]}: \"{found[2]}\") ({said})")


def _colon_in_value(stop: yaml.Mark, line: str, said: str
                    ) -> tuple[tuple[int, int], str] | None:
    """A plain value holding ': ' (`flavour: The rule: never`): read as another key."""
    key = _key_column(line)
    name, colon, value = line[key:].partition(": ")
    start = key + len(name) + len(colon) + (len(value) - len(value.lstrip()))
    if not colon or not start < stop.column:
        return None
    written = line[start:].rstrip()
    quoted = f'"{written}"' if '"' not in written else "'" + written.replace("'", "''") + "'"
    return (stop.line + 1, start + 1), (
        f"this value holds ': ', which YAML reads as another key: put the value in quotes "
        f"({name}: {quoted}) ({said})")


def _indented(lines: list[str], stop: yaml.Mark, said: str, how: str
              ) -> tuple[tuple[int, int], str] | None:
    """A line indented deeper than the `key: value` line above it (read as more of that
    value) or less (as no mapping above is)."""
    above = next((line for line in reversed(lines[:stop.line])
                  if line.strip() and not line.lstrip().startswith("#")), None)
    if above is None or stop.line >= len(lines):
        return None
    mine, theirs = _indent(lines[stop.line]), _key_column(above)
    _, colon, value = above[theirs:].partition(": ")
    if how == "deeper" and mine > theirs and colon and value.strip() and \
            not value.lstrip().startswith(("|", ">", "#")):
        return (stop.line + 1, mine + 1), (
            f"this line is indented deeper than the one above it ({_spaces(mine)}, not "
            f"{theirs}), so it reads as more of that line's value, where a ':' cannot be: "
            f"indent it as the line above ({said})")
    if how == "less" and mine < theirs:
        return (stop.line + 1, mine + 1), (
            f"this line is indented less than the one above it ({_spaces(mine)}, not "
            f"{theirs}), and no key above is indented so: line it up with the keys it "
            f"belongs among ({said})")
    return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _key_column(line: str) -> int:
    """Where a line's key starts: after its indentation and a list item's dashes."""
    column = _indent(line)
    while line[column:column + 2] == "- ":
        column += 2
        column += _indent(line[column:])
    return column


def _spaces(count: int) -> str:
    return f"{count} space" if count == 1 else f"{count} spaces"


def read_text(path: Path, display: str) -> tuple[str | None, list[Diagnostic]]:
    """The file's text, or None with a diagnostic (missing, a link out of its folder, not
    a regular file, too large, empty, not UTF-8)."""
    start = Location(display, 1, 1)
    try:
        raw = read_file(path, path.parent, YAML_BYTES)
    except Refused as refused:
        return None, [diagnostic(refused.code, start, refused.reason, refused.hint)]
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return None, [diagnostic("TKG001", start, f"cannot read {display}: {reason}")]
    if b"\0" in raw:
        return None, [diagnostic("TKG003", start, "the file holds binary data, not text")]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, [diagnostic("TKG003", _offset_loc(display, raw, exc.start),
                                 "the file is not valid UTF-8 text")]
    if not text.strip():
        return None, [diagnostic("TKG002", start, "the file is empty")]
    return text, []


def _offset_loc(display: str, raw: bytes, offset: int) -> Location:
    before = raw[:offset]
    line = before.count(b"\n") + 1
    column = offset - (before.rfind(b"\n") + 1) + 1
    return Location(display, line, column)


def load_yaml(path: Path, display: str | None = None) -> Source:
    """Parse one YAML file into positioned data, never raising for bad input."""
    display = display or str(path)
    source = Source(path, display)
    text, problems = read_text(path, display)
    source.diagnostics.extend(problems)
    if text is None:
        return source
    try:
        deep = _too_deep(text, display)
        if deep:
            source.diagnostics.append(deep)
            return source
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as exc:
        source.diagnostics.append(_syntax_error(display, exc, text))
        return source
    if node is None:
        source.diagnostics.append(diagnostic("TKG002", Location(display, 1, 1),
                                             "the file holds no data, only comments"))
        return source
    converter = _Converter(display, text)
    source.data = converter.convert(node)
    source.diagnostics.extend(converter.diagnostics)
    return source
