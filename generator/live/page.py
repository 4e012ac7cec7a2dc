"""The preview pages: a gallery of every piece, the build status, the proof sheet.

Pure functions from the manifest, the build's tile index and the build status to HTML;
the server serves them. Image URLs carry the file's hash, so a changed piece is fetched
anew and an unchanged one comes from the browser's cache.

The gallery shows each piece as an `<img>`: each SVG carries its fonts' subsets as
`data:` URLs, which Chromium draws in an image (an image loads nothing external, so with
fonts as separate files every piece fell back to a Times-like serif), and an image costs
the browser far less than an `<object>`, a document of its own: 61 documents made the
gallery take seconds to open. A card enlarges to the full SVG, in an `<object>`, on
demand (`generator.live.script`). The proof sheet keeps one `<object>` a tile.

Cards come in the content's order with each tile's number and name and are filtered by
element and by kind (`generator.live.pieces`); the preflight's findings are outlined on
their pieces and listed with crops (`generator.live.findings`); the proof page shows a
sheet of tiles through the preflight's colour-vision simulations, as SVG filters.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from jinja2 import Environment, StrictUndefined

from generator.core.diagnostics import briefly
from generator.draw.vision import VISIONS
from generator.live.findings import findings
from generator.live.languages import in_language, languages_of, placed
from generator.live.pieces import Gallery, Piece, element_name, gallery
from generator.live.script import SCRIPT
from generator.live.status import BuildOutcome
from generator.live.style import STYLE

COMPARISON = "compare/index.html"  # the layout comparison's page, when a build made one

_ENV = Environment(autoescape=True, undefined=StrictUndefined, trim_blocks=True,
                   lstrip_blocks=True)
_ENV.globals["element_name"] = element_name
_ENV.filters["mm"] = lambda value: f"{value:g}"

# One SVG in an object (the proof sheet): its label is the fallback content, shown only
# if the file fails to load.
_OBJECT = _ENV.from_string("""{% macro svg_object(item, css="", title=False) -%}
<object type="image/svg+xml" data="/files/{{ item.path }}?v={{ item.version }}" role="img"
 aria-label="{{ item.name }}"{% if css %} class="{{ css }}" data-path="{{ item.path }}"{% endif %}
{% if title %} title="{{ item.name }}"{% endif %}>
{{- item.name }}</object>
{%- endmacro %}""")
# a template module's macros are attributes jinja2 sets when it runs the template
_ENV.globals["svg_object"] = _OBJECT.module.svg_object  # type: ignore[attr-defined]

# `nav`, `status`, `filter`, `preflight` and `pdfs` are always there (if empty), so an
# open page can take each from the next version of the page.
_PAGE = _ENV.from_string("""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{{ title }}</title>
<style>{{ style }}</style></head>
<body data-generation="{{ generation }}" data-run="{{ run }}" data-live="{{ live }}">
<header><strong>{{ title }}</strong>
<nav id="nav"><a href="/{{ query }}">Gallery</a> <a href="/proof{{ query }}">Proof sheet</a>
{% if compare %} <a href="/files/{{ compare.path }}?v={{ compare.version }}">Layout comparison</a>
{% endif %}
{% if languages | length > 1 %}<span id="languages" aria-label="Language">
{% for code in languages %}{% if code == language %}<strong lang="{{ code }}">{{ code | upper }}\
</strong>{% else %}<a href="{{ page }}?lang={{ code }}" lang="{{ code }}" hreflang="{{ code }}">\
{{ code | upper }}</a>{% endif %} {% endfor %}</span>{% endif %}</nav></header>
{# Generation 0: the first build is still running; its placeholder outcome is no failure. #}
<div id="status" class="{{ 'ok' if outcome.ok else 'broken' if generation else 'pending' }}"
{%- if outcome.pending %} data-pending{% endif %}>
{% if outcome.ok and outcome.pending %}Valid content &middot; pieces updated in \
{{ '%.2f' % outcome.seconds }} s; the PDFs follow&hellip;
{% elif outcome.ok %}Valid content &middot; built in {{ '%.2f' % outcome.seconds }} s
{%- if outcome.preview %} (pieces shown after {{ '%.2f' % outcome.preview }} s){% endif %}

{% elif not generation %}First build running&hellip; this page updates when it is done
{% else %}Build failed: {{ outcome.message }}{% endif %}
{% if outcome.changed %} &middot; after {{ outcome.changed | join(', ') }}{% endif %}
{% if diagnostics %}<ul id="diagnostics">
{% for d in diagnostics %}<li class="{{ d.severity.value }}">{{ d.format() }}</li>
{% endfor %}</ul>{% endif %}
</div>
{{ body | safe }}
<script>{{ script | safe }}</script>
</body></html>
""")

_GALLERY = _ENV.from_string("""
<form id="filter" aria-label="Show only">
{% if elements %}<fieldset><legend>Element</legend>
<label><input type="radio" name="element" value="" checked> All elements</label>
{% for e in elements %}<label><input type="radio" name="element" value="{{ e }}"> \
{{ element_name(e) }}</label>
{% endfor %}</fieldset>{% endif %}
<fieldset><legend>Kind</legend>
<label><input type="radio" name="kind" value="" checked> All kinds</label>
{% for group in groups %}<label><input type="radio" name="kind" value="{{ group.key }}"> \
{{ group.title }}</label>
{% endfor %}</fieldset></form>
<section id="preflight"{% if not findings %} hidden{% endif %}>\
<h2>Preflight ({{ findings | length }})</h2><ul>
{% for f in findings %}<li class="{{ f.line.severity.value }}">{% if f.crop %}
<div class="crop">{{ f.crop | safe }}</div>{% endif %}<span>{{ f.line.format() }}</span></li>
{% endfor %}</ul></section>
{% for group in groups %}
<section id="{{ group.key }}" class="group"><h2>{{ group.title }} \
(<span class="count">{{ group.items | length }}</span>)</h2>
<div class="grid">
{% for p in group.items %}<figure class="piece {{ group.css }}" data-path="{{ p.path }}" \
data-version="{{ p.version }}" data-elements="{{ p.elements | join(' ') }}"\
{% if p.guides %} data-guides="{{ p.guides.bleed | mm }} {{ p.guides.safe | mm }} \
{{ p.guides.face | mm }}"{% endif %} \
tabindex="0">
<img class="thumb" src="/files/{{ p.path }}?v={{ p.version }}" alt="{{ p.name }}">
{% if p.path in marks %}{{ marks[p.path] | safe }}{% endif %}
<figcaption><span class="number">{{ '' if p.number is none else p.number }}</span> \
<span class="name">{{ p.name }}</span></figcaption></figure>
{% endfor %}</div></section>
{% endfor %}
<section id="pdfs"><h2>PDF files ({{ pdfs | length }})</h2><ul>
{% for item in pdfs %}<li><a href="/files/{{ item.path }}?v={{ item.version }}">{{ item.path }}</a>
{% if item.pages %}({{ item.pages }} pages){% endif %}</li>
{% endfor %}</ul></section>
<dialog id="enlarged" aria-label="The piece at print size">
<div class="bar"><span class="caption"></span>
<label><input type="checkbox" name="bleed" checked> Bleed</label>
<label><input type="checkbox" name="safe" checked> Safe zone</label>
<span class="note"></span><a class="file" href="" target="_blank">SVG file</a>
<button type="button" class="close">Close</button></div>
<div class="view"><div class="stage"><svg class="guides" aria-hidden="true">\
<path class="bleed"/><rect class="trim"/><rect class="safe"/></svg></div></div>
</dialog>
""")

_PROOF = _ENV.from_string("""
<section><h2>Proof sheet: every tile at print size, bleed included</h2>
<div class="proof">
{% for item in tiles %}{{ svg_object(item, "tile", title=True) }}
{% endfor %}</div></section>
<section id="vision"><h2>A sheet of tiles as players see it: normal vision, greyscale and
three colour-vision deficiencies (the preflight's own simulations)</h2>
<svg width="0" height="0" style="position: absolute" aria-hidden="true"><defs>
{% for v in visions %}<filter id="{{ v.key }}" color-interpolation-filters="linearRGB">
<feColorMatrix type="matrix" values="{{ v.values }}"/></filter>
{% endfor %}</defs></svg>
<div class="vision">
{% for v in visions %}<figure><div class="sheet" style="filter: url(#{{ v.key }})">
{% for item in sheet %}{{ svg_object(item) }}
{% endfor %}</div><figcaption>{{ v.name }}</figcaption></figure>
{% endfor %}</div></section>
""")
SHEET_TILES = 8  # tiles shown a way of seeing: the first eight, in the content's order


@dataclass(frozen=True)
class Entry:
    """One manifest file as the page links it."""

    path: str
    kind: str
    version: str
    pages: int = 0


def entries_from_manifest(manifest: dict) -> list[Entry]:
    """The manifest's files as entries, in manifest order."""
    return [Entry(f["path"], f.get("kind", ""), f.get("sha256", "")[:12], f.get("pages", 0))
            for f in manifest.get("files", []) if isinstance(f, dict) and "path" in f]


@dataclass(frozen=True)
class Vision:
    """A way of seeing, as an SVG filter: the simulation the preflight measures with."""

    key: str
    name: str
    values: str  # feColorMatrix values (4 x 5, linear RGB)


def _visions() -> list[Vision]:
    def values(matrix) -> str:  # each colour row gains no alpha and no offset; alpha stays
        rows = [(*row, 0, 0) for row in matrix] + [(0, 0, 0, 1, 0)]
        return " ".join(f"{v:g}" for row in rows for v in row)
    return [Vision(f"vision-{name.split()[0]}", name, values(matrix)) for name, matrix in VISIONS]


def _svgs(entries: list[Entry]) -> dict[str, Piece]:
    """Every SVG of the manifest (the comparison's too), for the findings' crops."""
    return {e.path: Piece(e.path, e.version, e.path) for e in entries if e.path.endswith(".svg")}


@dataclass(frozen=True)
class Shown:
    """One language's part of the manifest, as a page shows it: the languages there are,
    the one shown, its files (their paths out of its folder) and that folder."""

    languages: tuple[str, ...]
    language: str
    manifest: dict
    folder: str

    @property
    def query(self) -> str:
        """What a link keeps to stay in this language ("" for the source language)."""
        return f"?lang={self.language}" if self.folder else ""

    def entries(self) -> list[Entry]:
        """The language's files, at their addresses."""
        return [replace(e, path=self.folder + e.path)
                for e in entries_from_manifest(self.manifest)]


def shown_in(manifest: dict, language: str = "") -> Shown:
    """The manifest in `language` (its source language when "" or not listed)."""
    languages = languages_of(manifest)
    if language not in languages:
        language = languages[0] if languages else ""
    view, folder = in_language(manifest, language)
    return Shown(languages, language, view, folder)


def _page(title: str, body: str, generation: int, outcome: BuildOutcome,
          shown: Shown, run: str, live: str, page: str) -> str:
    compare = next((e for e in shown.entries() if e.path == shown.folder + COMPARISON), None)
    return _PAGE.render(title=title, style=STYLE, body=body, generation=generation,
                        outcome=outcome, diagnostics=briefly(outcome.diagnostics),
                        compare=compare, run=run, live=live, script=SCRIPT,
                        languages=shown.languages, language=shown.language,
                        query=shown.query, page=page)


def gallery_page(title: str, manifest: dict, generation: int, outcome: BuildOutcome,
                 run: str = "", index: object = None, language: str = "") -> str:
    """The main preview page: every piece, every PDF, and the build status, in one of
    the game's languages (`language`; "": the source language), with a switch to the
    others.

    `index` is that language's tile index (parsed `svg/tiles.json`, or None); `run`
    names the serving process, so an open page notices a restarted server.
    """
    view = shown_in(manifest, language)
    entries = view.entries()
    shown: Gallery = placed(gallery(view.manifest, index), view.folder)
    groups = [g for g in shown.groups if g.items]
    pdfs = [e for e in entries if e.path.endswith(".pdf")]
    found, marks = findings(outcome, _svgs(entries))
    body = _GALLERY.render(groups=groups, elements=shown.elements, pdfs=pdfs, findings=found,
                           marks=marks)
    return _page(title, body, generation, outcome, view, run, "swap", "/")


def proof_page(title: str, manifest: dict, generation: int, outcome: BuildOutcome,
               run: str = "", index: object = None, language: str = "") -> str:
    """All tile faces side by side at print size (CSS millimetres), in the content's
    order, for proofreading, and a sheet's worth of them as greyscale and colour-blind
    eyes see them."""
    view = shown_in(manifest, language)
    tiles = next((g.items for g in placed(gallery(view.manifest, index), view.folder).groups
                  if g.key == "tiles"), ())
    body = _PROOF.render(tiles=tiles, sheet=tiles[:SHEET_TILES], visions=_visions())
    return _page(title + " - proof sheet", body, generation, outcome, view, run, "reload",
                 "/proof")
