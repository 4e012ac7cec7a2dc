"""Diagnostics: every problem the checks find, as data, and the table of codes.

Codes are stable: a code keeps its meaning forever, so scripts and the designer's
notes can rely on them. `docs/diagnostics.md` is generated from `CODES` (run
`python -m generator.core.diagnostics > docs/diagnostics.md`), and a test keeps it current.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from enum import StrEnum

from generator.core.model import Location


class Severity(StrEnum):
    """How bad a diagnostic is. Errors fail validation; warnings fail it with --strict."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Code:
    """A diagnostic code's meaning and what to do about it."""

    severity: Severity
    title: str
    fix: str


CODES: dict[str, Code] = {
    # -- reading files -----------------------------------------------------------
    "TKG001": Code(Severity.ERROR, "A content file is missing or cannot be read",
                   "Check the --content folder holds tiles.yaml and game.yaml."),
    "TKG002": Code(Severity.ERROR, "A content file is empty",
                   "Restore the file from git, or fill it in."),
    "TKG003": Code(Severity.ERROR, "A content file is not UTF-8 text",
                   "Save the file as UTF-8 text from your editor."),
    "TKG004": Code(Severity.ERROR, "YAML syntax error",
                   "Fix the indentation or quoting at the position shown."),
    "TKG005": Code(Severity.ERROR, "A YAML tag that could construct objects",
                   "Remove the !tag; content is plain YAML data."),
    "TKG006": Code(Severity.ERROR, "A key appears twice in one mapping",
                   "Keep one of them; YAML would silently drop the other."),
    # -- the shape of the content ------------------------------------------------
    "TKG101": Code(Severity.ERROR, "Unknown key",
                   "Check the spelling; the message suggests the nearest known key."),
    "TKG102": Code(Severity.ERROR, "A required field is missing",
                   "Add the field named in the message."),
    "TKG103": Code(Severity.ERROR, "A value has the wrong type",
                   "Write the kind of value the message asks for."),
    "TKG104": Code(Severity.ERROR, "A number is out of range",
                   "Use a value inside the range given in the message."),
    "TKG105": Code(Severity.ERROR, "Two tiles share an id",
                   "Give each tile its own id; ids name the output files."),
    "TKG106": Code(Severity.ERROR, "Two tiles share a name",
                   "Rename one; players tell tiles apart by name."),
    "TKG107": Code(Severity.ERROR, "Unknown element",
                   "Use one of the element ids listed under `elements:`."),
    "TKG108": Code(Severity.ERROR, "A colour is not #rrggbb",
                   "Write colours as six hex digits, e.g. \"#D55E00\"."),
    "TKG109": Code(Severity.ERROR, "A file named by the content is missing",
                   "Add the file under the content folder or fix the path."),
    "TKG110": Code(Severity.ERROR, "A file path leaves its folder",
                   "Keep content, art, symbols, fonts, layouts and templates inside their "
                   "folders: copy a file in rather than link to it."),
    "TKG111": Code(Severity.ERROR, "Two elements share an id",
                   "Give each element its own id."),
    "TKG112": Code(Severity.ERROR, "An id is not a lowercase slug",
                   "Use lowercase letters, digits and hyphens, e.g. ember-hollow."),
    "TKG113": Code(Severity.ERROR, "A file has an unsupported type",
                   "Art must be .svg, .png or .jpg; symbols .svg; fonts .ttf, .otf, .woff or "
                   ".woff2."),
    "TKG114": Code(Severity.ERROR, "A text holds a control character",
                   "Remove the character named: printed text cannot hold control characters."),
    "TKG115": Code(Severity.ERROR, "A path names a FIFO, a device, a socket or a folder",
                   "Put an ordinary file at the path."),
    "TKG116": Code(Severity.ERROR, "An input passes one of the limits",
                   "Stay under the limit the message names (docs/limits.md lists them all)."),
    "TKG117": Code(Severity.ERROR, "A rule names a way of playing the game does not have",
                   "Write one of the values the message lists: the rulebook states each and "
                   "the simulator plays each."),
    # -- the game's rules --------------------------------------------------------
    "TKG201": Code(Severity.ERROR, "The number of tiles differs from game.tile_count",
                   "Add or remove tiles, or change tile_count."),
    "TKG202": Code(Severity.ERROR, "A tile's insignias are not 1-4 distinct elements",
                   "Give the tile one to four different elements."),
    "TKG203": Code(Severity.ERROR, "A tile costs more tokens than an Oink holds",
                   "Remove insignias or raise rules.oink.capacity."),
    "TKG204": Code(Severity.ERROR, "A tile connects to no other tile",
                   "Give it an insignia that other tiles bear."),
    "TKG205": Code(Severity.ERROR, "A tile cannot be part of a complete world at some position",
                   "Add tiles that share its insignias, or give it more insignias."),
    "TKG206": Code(Severity.ERROR, "The token supply cannot pay a tile's cost",
                   "Raise tokens.per_element or lower the tile's insignias."),
    "TKG207": Code(Severity.ERROR, "The token supply cannot cover setup",
                   "Raise tokens.per_element or lower the setup numbers."),
    "TKG208": Code(Severity.WARNING, "Elements appear unequally often over the tile set",
                   "Rebalance insignias, or raise balance.max_element_spread."),
    "TKG209": Code(Severity.WARNING, "A tile connects to few other tiles",
                   "Share its insignias more, or lower balance.min_connections."),
    "TKG210": Code(Severity.INFO, "Tiles that can sit in a fully matched world",
                   "Information only: every orthogonal pair there shares an insignia."),
    "TKG211": Code(Severity.ERROR, "Oinks do not fit the players",
                   "Give each element at most one Oink and one Oink per possible player."),
    "TKG212": Code(Severity.ERROR, "Rule numbers contradict each other",
                   "Fix the numbers named in the message in game.yaml."),
    "TKG213": Code(Severity.WARNING, "The tile set lacks a size of tile",
                   "Mix 1-, 2-, 3- and 4-insignia tiles."),
    "TKG214": Code(Severity.INFO, "The world solver could not tell within its bound",
                   "Information only: no world was found and none was ruled out; a smaller "
                   "world, or tiles that share more insignias, are quicker to solve."),
    "TKG215": Code(Severity.WARNING, "The example of play does not show every action",
                   "Set simulation.example_seed to the seed the message names: its game "
                   "plays every action and ends."),
    # -- templates and rendering -------------------------------------------------
    "TKG301": Code(Severity.ERROR, "A template has a syntax error",
                   "Fix the Jinja2 tag at the position shown."),
    "TKG302": Code(Severity.ERROR, "A template uses an unknown variable",
                   "Use a name the template context provides (see templates/README.md)."),
    "TKG303": Code(Severity.ERROR, "A layout file is invalid",
                   "Fix the layout YAML at the position shown."),
    "TKG304": Code(Severity.ERROR, "An art or symbol file cannot be drawn",
                   "Re-export the file as plain SVG or PNG."),
    "TKG305": Code(Severity.WARNING, "Text does not fit its box",
                   "Shorten the text, or give its box more room or a smaller min_size in "
                   "the layout."),
    "TKG306": Code(Severity.ERROR, "A font file cannot be read or embedded",
                   "Use a TrueType or OpenType font (.ttf, .otf; or either packed for the "
                   "web, .woff, .woff2) whose licence allows embedding, e.g. one under the "
                   "SIL Open Font License."),
    "TKG307": Code(Severity.ERROR, "A template's Markdown image cannot be shown",
                   "Show a picture under the content folder (![caption](art/setup.jpg): a "
                   ".png, .jpg or .svg), or ask for a drawing with figure(\"name\", "
                   "\"caption\"), on a line of its own; the rulebook shows no other images."),
    "TKG308": Code(Severity.ERROR, "A colour profile of the print-shop files cannot be used",
                   "Save the CMYK ICC profile your print shop gives you as "
                   "content/colour/press-cmyk.icc (an output profile, class 'prtr')."),
    "TKG309": Code(Severity.WARNING, "A piece fits no product of The Game Crafter",
                   "Name the product to make it as with `product:` in its look (one of those "
                   "the message names), or resize the piece to one."),
    "TKG310": Code(Severity.WARNING, "A text has no translation into one of the game's "
                   "languages", "Add its translation to the language's file, "
                   "content/lang/<language>.yaml, under the key the message names (a "
                   "language with no file yet is one warning, at game.yaml's languages: "
                   "write the file, or take the language out of the list)."),
    "TKG311": Code(Severity.WARNING, "A translation names a text the game no longer has",
                   "Remove it from the language's file, or move it to the text's new key."),
    "TKG312": Code(Severity.ERROR, "A translation's placeholders differ from its text's",
                   "Keep every {placeholder} of the source text in the translation, as "
                   "written."),
    "TKG313": Code(Severity.WARNING, "A font has no licence file beside it",
                   "Put the licence that came with the font beside it: LICENSE-<font>.txt, "
                   "or LICENSE.txt or OFL.txt for every font of the folder. The output "
                   "carries the fonts (the SVGs load them, the PDFs embed them), and most "
                   "font licences ask to go with every copy."),
    "TKG314": Code(Severity.INFO, "A variable font prints as its default design",
                   "For another weight or width, set the role in a static font of the "
                   "family: a family downloaded from Google Fonts holds them in its "
                   "static/ folder (Roboto-Bold.ttf beside Roboto-VariableFont_wdth,wght.ttf)."),
    # -- preflight: every drawn piece, as it will print (docs/preflight.md) --------
    "TKG501": Code(Severity.WARNING, "Text, a symbol or a badge lies outside the safe zone",
                   "Move or shrink its box in the layout so it keeps the safe distance from "
                   "the cut."),
    "TKG502": Code(Severity.WARNING, "Art does not cover the trim and the bleed",
                   "Make the art box reach the bleed's edge, or give the art more picture."),
    "TKG503": Code(Severity.WARNING, "Two parts of a piece overlap",
                   "Move the boxes apart, or say `layer: true` on one the other may cover."),
    "TKG504": Code(Severity.ERROR, "A character is missing from its font",
                   "Use a font role whose file has the characters, or change the text."),
    "TKG505": Code(Severity.ERROR, "Text or a symbol contrasts less than 3:1 with what lies "
                   "behind it", "Change the ink, the plate or its opacity."),
    "TKG506": Code(Severity.WARNING, "Text contrasts less than 4.5:1 with what lies behind it",
                   "Change the ink, the plate or its opacity."),
    "TKG507": Code(Severity.WARNING, "Text smaller than 6 pt on a piece",
                   "Raise the text's size (and min_size) in the layout."),
    "TKG508": Code(Severity.ERROR, "Raster art prints below 150 ppi",
                   "Use a larger picture: 300 pixels an inch of print size."),
    "TKG509": Code(Severity.WARNING, "Raster art prints below 300 ppi",
                   "Use a larger picture: 300 pixels an inch of print size."),
    "TKG510": Code(Severity.WARNING, "Art is cropped by more than 5 % to fill its box",
                   "Give the picture the box's proportions."),
    "TKG511": Code(Severity.ERROR, "Two elements look alike: close colours for some eyes and "
                   "the same silhouette", "Give the elements different silhouettes, or "
                   "colours apart in greyscale and for colour-blind players."),
    "TKG512": Code(Severity.INFO, "The two element colours hardest to tell apart",
                   "Information only: their ΔE2000 in the vision where they are closest."),
    "TKG513": Code(Severity.WARNING, "An insignia's silhouette prints smaller than 8 mm",
                   "Raise the layout's symbol size, or trim the empty margin of the "
                   "symbol file."),
    "TKG514": Code(Severity.WARNING, "A font size without a unit, read as points",
                   "Write the unit, e.g. \"9pt\" (or \"3mm\")."),
    "TKG515": Code(Severity.WARNING, "A shape is drawn (mostly) off its piece",
                   "Move or shrink the shape in the layout, or make the piece larger: "
                   "beyond the bleed's edge nothing prints."),
    "TKG516": Code(Severity.WARNING, "A text on a piece ends mid-sentence",
                   "Finish the sentence (\"9 connected tiles\"), or shorten it to a phrase "
                   "that stands alone."),
    "TKG517": Code(Severity.INFO, "A grid's cells are smaller than the tile or token they "
                   "hold", "Give the grid more room (fit:) on a larger mat, whose size "
                   "may be measured from the tile (\"tile * 3 + 5.5mm\"); print the mat over "
                   "pages (sheets: split); or make the tiles smaller."),
    # -- declared kinds of piece: content/pieces.yaml and a layout's pieces: (docs/pieces.md)
    "TKG601": Code(Severity.ERROR, "A piece's look names an unknown primitive",
                   "Use rect, circle, line, polygon, path, text, flow, symbol, image, grid or "
                   "repeat."),
    "TKG602": Code(Severity.ERROR, "A kind of piece is declared wrongly",
                   "Fix the value at the position shown; docs/pieces.md lists every key and "
                   "what it takes."),
    "TKG603": Code(Severity.ERROR, "An item lacks a field its look uses",
                   "Give every item of the kind that field, or stop using it in the look."),
    "TKG604": Code(Severity.ERROR, "A format uses a name nothing gives",
                   "Use an item's field, {game.title}, {game.version}, a rule number such as "
                   "{rules.oink.capacity}, or in a repeat {n} and {each}."),
    "TKG605": Code(Severity.ERROR, "A piece does not fit the paper",
                   "Make it smaller, or print it over several pages with `sheets: split`."),
    "TKG606": Code(Severity.ERROR, "Text lies outside its piece",
                   "Move the text's box inside the piece's trim."),
    "TKG607": Code(Severity.ERROR, "A piece's image is missing or cannot be drawn",
                   "Name an SVG or PNG under the content folder, as a tile's art."),
    "TKG608": Code(Severity.ERROR, "A kind of piece has no look in the layout",
                   "Add its look under `pieces:` in the layout, by the same name."),
    "TKG609": Code(Severity.ERROR, "A kind of piece takes a name that is taken",
                   "Choose another name: tkg's own kinds and output folders keep theirs."),
    "TKG610": Code(Severity.ERROR, "A value does not suit where the look uses it",
                   "Give an element id where a symbol or a colour is drawn, a whole number "
                   "where things are counted, a list where a repeat goes through it."),
    "TKG611": Code(Severity.ERROR, "Two items of a kind of piece share an id",
                   "Give each item its own id; ids name the output files."),
    # -- simulated balance (tkg validate --balance) --------------------------------
    "TKG401": Code(Severity.WARNING, "A seat wins more or less often than chance explains",
                   "Adjust setup or starting tokens; see tkg simulate."),
    "TKG402": Code(Severity.WARNING, "Too many simulated games stall",
                   "Make tiles easier to place or procure; see tkg simulate."),
    "TKG403": Code(Severity.WARNING, "A tile is rarely procured",
                   "Make the tile cheaper or easier to connect."),
}


@dataclass(frozen=True)
class Diagnostic:
    """One problem, positioned in a file."""

    path: str
    line: int
    column: int
    severity: Severity
    code: str
    message: str
    hint: str = ""

    @property
    def is_error(self) -> bool:
        """True for errors (which stop a build)."""
        return self.severity is Severity.ERROR

    def format(self) -> str:
        """`FILE:LINE:COL: error TKG123: message (hint)`."""
        hint = f" ({self.hint})" if self.hint else ""
        return (f"{self.path}:{self.line}:{self.column}: {self.severity.value} "
                f"{self.code}: {self.message}{hint}")

    def as_dict(self) -> dict:
        """The fields as plain JSON-ready data."""
        data = asdict(self)
        data["severity"] = self.severity.value
        return data


def diagnostic(code: str, where: Location, message: str, hint: str | None = None) -> Diagnostic:
    """Make a diagnostic of a known code; the hint defaults to the code's fix."""
    info = CODES[code]
    return Diagnostic(where.path, where.line, where.column, info.severity, code, message,
                      info.fix if hint is None else hint)


def sort_key(d: Diagnostic) -> tuple:
    """Order by file, position, then code, so output is stable."""
    return (d.path, d.line, d.column, d.code, d.message)


# Of the diagnostics of one code at one place, those shown in full when there are more
# than MOST_ALIKE (up to that many are all shown: a count of one or two saves nothing).
ALIKE_SHOWN, MOST_ALIKE = 3, 5


def briefly(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics to show as text: of many with one code at one place (a look's
    mistake on every item, each naming its own file), the first few and one that counts
    the rest. JSON lists every one."""
    diagnostics = list(diagnostics)
    count = Counter(_place(d) for d in diagnostics)
    shown: Counter[tuple] = Counter()
    kept = []
    for d in diagnostics:
        place = _place(d)
        shown[place] += 1
        if shown[place] <= ALIKE_SHOWN or count[place] <= MOST_ALIKE:
            kept.append(d)
        elif shown[place] == ALIKE_SHOWN + 1:
            kept.append(replace(d, message=f"{count[place] - ALIKE_SHOWN} more like the "
                                           f"{ALIKE_SHOWN} above",
                                hint="tkg validate --format json lists each"))
    return kept


def _place(d: Diagnostic) -> tuple:
    return d.path, d.line, d.column, d.code


def to_json(diagnostics: list[Diagnostic]) -> str:
    """The diagnostics as a JSON list of objects."""
    return json.dumps([d.as_dict() for d in diagnostics], indent=2)


def codes_markdown() -> str:
    """The table of every code, for docs/diagnostics.md."""
    lines = ["# Diagnostic codes", "",
             "Generated by `python -m generator.core.diagnostics > docs/diagnostics.md`.", "",
             "| code | severity | meaning | what to do |", "| --- | --- | --- | --- |"]
    for code, info in CODES.items():
        lines.append(f"| {code} | {info.severity.value} | {info.title} | {info.fix} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(codes_markdown(), end="")
