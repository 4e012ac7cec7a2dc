"""The preview pages: a gallery of every piece, the build status, the proof sheet.

Pure functions from the manifest and the build status to HTML; the server serves them.
Image URLs carry the file's hash, so a changed tile is fetched anew and an unchanged
one comes from the browser's cache.

Each SVG is shown in an `<object>`, not an `<img>`: the pieces load their fonts with
`@font-face` from `../fonts/` next to them, and a browser loads nothing external for an
SVG used as an image, so an `<img>` showed every piece in fallback fonts. An object is a
document of its own, whose font URLs resolve against its own `/files/...` URL.

The preflight's findings (`generator.check.preflight`) each end with a spot naming the
piece and the box: the gallery outlines each box on its piece and lists every finding
with a crop of the piece round it; the proof page shows a sheet of tiles through the
preflight's colour-vision simulations, as SVG filters.
"""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import Environment, StrictUndefined

from generator.check.preflight_findings import Spot, spot_of
from generator.draw.vision import VISIONS
from generator.live.status import BuildOutcome
from generator.products.kinds import preview_groups

_ENV = Environment(autoescape=True, undefined=StrictUndefined, trim_blocks=True,
                   lstrip_blocks=True)

_STYLE = """
body { font: 15px/1.4 system-ui, sans-serif; margin: 0; background: #f4f1ea; color: #222; }
header { padding: 12px 20px; background: #26323a; color: #fff; display: flex; gap: 16px;
         align-items: baseline; flex-wrap: wrap; }
header a { color: #cfe6f7; }
#status { padding: 10px 20px; font-weight: 600; }
#status.ok { background: #d9efe3; } #status.broken { background: #f8d7cf; }
#status.pending { background: #efe9d0; }
#status ul { font: 13px/1.5 ui-monospace, monospace; font-weight: 400; margin: 6px 0 0; }
section { padding: 8px 20px 20px; }
h2 { font-size: 17px; margin: 14px 0 8px; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 12px; }
figure { margin: 0; background: #fff; padding: 6px; border-radius: 6px;
         box-shadow: 0 1px 3px rgba(0,0,0,.15); text-align: center; }
figure object { width: 100%; height: auto; display: block; }
figcaption { font-size: 12px; margin-top: 4px; color: #444; }
.proof { display: flex; flex-wrap: wrap; gap: 2mm; padding: 10mm; background: #fff; }
.proof object { width: 69.5mm; height: 69.5mm; }
figure { position: relative; }
svg.marks { position: absolute; left: 6px; top: 6px; width: calc(100% - 12px); height: auto;
            pointer-events: none; }
svg.marks rect, .crop .box { fill: none; stroke: #E4002B; stroke-width: 0.6; }
#preflight li { display: flex; gap: 12px; align-items: flex-start; margin: 8px 0;
                font: 13px/1.4 ui-monospace, monospace; }
.crop { position: relative; overflow: hidden; width: 160px; height: 160px; flex: none;
        background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,.3); }
.crop object { position: absolute; }
.crop .box { position: absolute; border: 2px solid #E4002B; box-sizing: border-box; }
.vision { display: grid; grid-template-columns: repeat(5, 1fr); gap: 12px; }
.vision .sheet { display: grid; grid-template-columns: repeat(2, 1fr); gap: 2px; }
.vision object { width: 100%; height: auto; display: block; }
"""

# One SVG in an object (see the module docstring); its label is the fallback content,
# shown only if the file fails to load. The proof sheet has no figures around its
# objects, so there the object itself carries the class and the path.
_OBJECT = _ENV.from_string("""{% macro svg_object(item, css="", title=False, style="") -%}
<object type="image/svg+xml" data="/files/{{ item.path }}?v={{ item.version }}" role="img"
 aria-label="{{ item.label }}"{% if css %} class="{{ css }}" data-path="{{ item.path }}"{% endif %}
{% if title %} title="{{ item.label }}"{% endif %}{% if style %} style="{{ style }}"{% endif %}>
{{- item.label }}</object>
{%- endmacro %}""")
_ENV.globals["svg_object"] = _OBJECT.module.svg_object

_PAGE = _ENV.from_string("""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{{ title }}</title>
<style>{{ style }}</style></head>
<body data-generation="{{ generation }}" data-run="{{ run }}">
<header><strong>{{ title }}</strong>
<a href="/">Gallery</a><a href="/proof">Proof sheet</a>
{% if compare %}<a href="/files/{{ compare }}">Layout comparison</a>{% endif %}</header>
{# Generation 0: the first build is still running; its placeholder outcome is no failure. #}
<div id="status" class="{{ 'ok' if outcome.ok else 'broken' if generation else 'pending' }}">
{% if outcome.ok %}Valid content &middot; built in {{ '%.2f' % outcome.seconds }} s
{% elif not generation %}First build running&hellip; this page reloads when it is done
{% else %}Build failed: {{ outcome.message }}{% endif %}
{% if outcome.changed %} &middot; after {{ outcome.changed | join(', ') }}{% endif %}
{% if outcome.diagnostics %}<ul id="diagnostics">
{% for d in outcome.diagnostics %}<li class="{{ d.severity.value }}">{{ d.format() }}</li>
{% endfor %}</ul>{% endif %}
</div>
{{ body | safe }}
<script>
// Reload when the watcher reports a newer build than the one this page shows.
const shown = Number(document.body.dataset.generation);
const events = new EventSource("/events?since=" + shown + "&run=" + document.body.dataset.run);
events.onmessage = (e) => { if (Number(e.data) > shown) { location.reload(); } };
// The server restarted on this port and numbers its builds anew: show its pages.
events.addEventListener("restarted", () => location.reload());
</script>
</body></html>
""")

_GALLERY = _ENV.from_string("""
{% if findings %}<section id="preflight"><h2>Preflight ({{ findings | length }})</h2><ul>
{% for f in findings %}<li class="{{ f.line.severity.value }}">{% if f.crop %}
<div class="crop">{{ f.crop | safe }}</div>{% endif %}<span>{{ f.line.format() }}</span></li>
{% endfor %}</ul></section>{% endif %}
{% for group in groups %}
<section id="{{ group.key }}"><h2>{{ group.title }} ({{ group.items | length }})</h2>
<div class="grid">
{% for item in group.items %}<figure class="{{ group.css }}" data-path="{{ item.path }}">
{{ svg_object(item) }}
{% if item.path in marks %}{{ marks[item.path] | safe }}{% endif %}
<figcaption>{{ item.label }}</figcaption></figure>
{% endfor %}</div></section>
{% endfor %}
<section id="pdfs"><h2>PDF files ({{ pdfs | length }})</h2><ul>
{% for item in pdfs %}<li><a href="/files/{{ item.path }}?v={{ item.version }}">{{ item.path }}</a>
{% if item.pages %}({{ item.pages }} pages){% endif %}</li>
{% endfor %}</ul></section>
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
SHEET_TILES = 8  # an A4 sheet holds eight tiles: the first eight of the gallery


@dataclass(frozen=True)
class Entry:
    """One manifest file as the page shows it."""

    path: str
    kind: str
    version: str
    pages: int = 0

    @property
    def label(self) -> str:
        """A readable caption: the file name without its folder and suffix."""
        return self.path.rsplit("/", 1)[-1].rsplit(".", 1)[0].replace("-", " ")


@dataclass(frozen=True)
class Group:
    """A gallery section: SVG files under one folder prefix."""

    key: str
    title: str
    css: str
    items: tuple[Entry, ...]


def entries_from_manifest(manifest: dict) -> list[Entry]:
    """The manifest's files as entries, in manifest order."""
    return [Entry(f["path"], f.get("kind", ""), f.get("sha256", "")[:12], f.get("pages", 0))
            for f in manifest.get("files", [])]


def _groups(entries: list[Entry]) -> list[Group]:
    svgs = [e for e in entries if e.path.endswith(".svg")]
    return [Group(g.key, g.title, g.css, tuple(e for e in svgs if e.path.startswith(g.prefix)))
            for g in preview_groups()]


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


@dataclass(frozen=True)
class Finding:
    """A preflight diagnostic as the page shows it, with its crop when the piece is here."""

    line: object  # the Diagnostic
    crop: str = ""  # HTML: the piece cropped round the box, the box outlined


def _svg_of(spot: Spot, entries: dict[str, Entry]) -> Entry | None:
    """The manifest's SVG of the piece a finding is on, drawn in the finding's layout."""
    kind, _, name = spot.scene.partition("-")
    compared = entries.get(f"compare/{spot.layout}/{name}.svg")
    if compared is not None or any(p.startswith("compare/") for p in entries):
        return compared  # several layouts: only the comparison says which is which
    path = {"tile": "svg/back.svg" if name == "back" else f"svg/tiles/{name}.svg",
            "token": f"svg/tokens/{name}.svg", "oink": f"svg/oinks/{name}.svg"}.get(kind)
    return entries.get(path or "")


def _crop(spot: Spot, item: Entry, side: float = 160.0) -> str:
    """The piece's SVG moved and scaled in a square so the finding's box fills its middle."""
    x, y, w, _ = spot.window()
    k = side / w  # CSS pixels a millimetre
    bx, by, bw, bh = spot.box
    placed = (f"left: {-x * k:.1f}px; top: {-y * k:.1f}px; width: {spot.size[0] * k:.1f}px; "
              f"height: {spot.size[1] * k:.1f}px")
    return str(_OBJECT.module.svg_object(item, style=placed)) + (
        f'<div class="box" style="left: {(bx - x) * k:.1f}px; top: {(by - y) * k:.1f}px; '
        f'width: {max(bw * k, 4):.1f}px; height: {max(bh * k, 4):.1f}px"></div>')


def _findings(outcome: BuildOutcome, entries: list[Entry]) -> tuple[list[Finding], dict]:
    """The preflight's findings with their crops, and each piece's outlines by SVG path."""
    by_path = {e.path: e for e in entries}
    shown, marks = [], {}
    for d in outcome.diagnostics:
        spot = spot_of(d.message)
        if spot is None:
            continue
        item = _svg_of(spot, by_path)
        shown.append(Finding(d, _crop(spot, item) if item else ""))
        if item is not None:
            marks.setdefault(item.path, (spot.size, []))[1].append((spot.box, d.message))
    return shown, {path: _marks(size, boxes) for path, (size, boxes) in marks.items()}


_MARKS = _ENV.from_string("""<svg class="marks" viewBox="0 0 {{ size[0] }} {{ size[1] }}" \
aria-hidden="true">{% for box, message in boxes %}<rect x="{{ box[0] }}" y="{{ box[1] }}" \
width="{{ box[2] }}" height="{{ box[3] }}"><title>{{ message }}</title></rect>{% endfor %}</svg>""")


def _marks(size: tuple[float, float], boxes: list) -> str:
    """An SVG over a piece in the gallery, outlining each finding on it."""
    return _MARKS.render(size=size, boxes=boxes)


def _page(title: str, body: str, generation: int, outcome: BuildOutcome,
          entries: list[Entry], run: str = "") -> str:
    compare = next((e.path for e in entries if e.path.startswith("compare/")
                    and e.path.endswith(".html")), "")
    return _PAGE.render(title=title, style=_STYLE, body=body, generation=generation,
                        outcome=outcome, compare=compare, run=run)


def gallery_page(title: str, manifest: dict, generation: int, outcome: BuildOutcome,
                 run: str = "") -> str:
    """The main preview page: every piece, every PDF, and the build status.

    `run` names the serving process, so an open page notices a restarted server.
    """
    entries = entries_from_manifest(manifest)
    pdfs = [e for e in entries if e.path.endswith(".pdf")]
    findings, marks = _findings(outcome, entries)
    body = _GALLERY.render(groups=_groups(entries), pdfs=pdfs, findings=findings, marks=marks)
    return _page(title, body, generation, outcome, entries, run)


def proof_page(title: str, manifest: dict, generation: int, outcome: BuildOutcome,
               run: str = "") -> str:
    """All tile faces side by side at print size (CSS millimetres), for proofreading, and
    a sheet's worth of them as greyscale and colour-blind eyes see them."""
    entries = entries_from_manifest(manifest)
    tiles = [e for e in entries if e.path.startswith("svg/tiles/") and e.path.endswith(".svg")]
    body = _PROOF.render(tiles=tiles, sheet=tiles[:SHEET_TILES], visions=_visions())
    return _page(title + " - proof sheet", body, generation, outcome, entries, run)
