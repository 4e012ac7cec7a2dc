"""The preview pages: a gallery of every piece, the build status, the proof sheet.

Pure functions from the manifest and the build status to HTML; the server serves them.
Image URLs carry the file's hash, so a changed tile is fetched anew and an unchanged
one comes from the browser's cache.

Each SVG is shown in an `<object>`, not an `<img>`: the pieces load their fonts with
`@font-face` from `../fonts/` next to them, and a browser loads nothing external for an
SVG used as an image, so an `<img>` showed every piece in fallback fonts. An object is a
document of its own, whose font URLs resolve against its own `/files/...` URL.
"""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import Environment, StrictUndefined

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
"""

# One SVG in an object (see the module docstring); its label is the fallback content,
# shown only if the file fails to load. The proof sheet has no figures around its
# objects, so there the object itself carries the class and the path.
_OBJECT = _ENV.from_string("""{% macro svg_object(item, css="", title=False) -%}
<object type="image/svg+xml" data="/files/{{ item.path }}?v={{ item.version }}" role="img"
 aria-label="{{ item.label }}"{% if css %} class="{{ css }}" data-path="{{ item.path }}"{% endif %}
{% if title %} title="{{ item.label }}"{% endif %}>{{ item.label }}</object>
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
{% for group in groups %}
<section id="{{ group.key }}"><h2>{{ group.title }} ({{ group.items | length }})</h2>
<div class="grid">
{% for item in group.items %}<figure class="{{ group.css }}" data-path="{{ item.path }}">
{{ svg_object(item) }}
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
""")


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
    body = _GALLERY.render(groups=_groups(entries), pdfs=pdfs)
    return _page(title, body, generation, outcome, entries, run)


def proof_page(title: str, manifest: dict, generation: int, outcome: BuildOutcome,
               run: str = "") -> str:
    """All tile faces side by side at print size (CSS millimetres), for proofreading."""
    entries = entries_from_manifest(manifest)
    tiles = [e for e in entries if e.path.startswith("svg/tiles/") and e.path.endswith(".svg")]
    return _page(title + " - proof sheet", _PROOF.render(tiles=tiles), generation, outcome,
                 entries, run)
