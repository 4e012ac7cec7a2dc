"""The rulebook as one self-contained HTML file for reading on screen.

The same rendered Markdown as the PDF goes through markdown-it-py's HTML renderer;
figures are inlined as SVG (the same scenes), and the shipped fonts are embedded as
base64 @font-face rules, so the file opens anywhere, offline, and looks the same.

Like the PDF's layout, the page around the figures is remembered between builds
with a marker where each figure's SVG and the fonts go, so a changed figure costs
only its own SVG.
"""

from __future__ import annotations

import re
from html import escape
from itertools import pairwise

from generator.backends.pdf.document import layout_key
from generator.backends.svg import page_scene_svg, pieces_svg, shared_pieces
from generator.draw.fonts import font_name
from generator.draw.kit import Kit
from generator.load.content_schema import FONT_ROLES
from generator.products.rulebook.prepared import Book, Prepared, credit_line, players_line
from generator.products.rulebook.webfonts import font_face
from generator.text.anchors import anchor
from generator.text.completions import SCHEME, tag_number

CSS = """
body{margin:0;background:#EFE8DC;color:#222;font:17px/1.55 'TKG-body',sans-serif}
main{max-width:46rem;margin:0 auto;padding:2rem 1.5rem 4rem;background:#FFFDF8}
h1,h2{font-family:'TKG-title',serif;color:#6B3E26;line-height:1.15}
h1{font-size:2.1rem;margin:2.6rem 0 .6rem;border-bottom:1px solid #C9B79C}
h2{font-size:1.45rem;margin:1.8rem 0 .4rem}
h3{font-family:'TKG-bold',sans-serif;font-size:1.05rem}
b,strong{font-family:'TKG-bold',sans-serif;font-weight:normal}
i,em{font-family:'TKG-body_italic',sans-serif;font-style:normal}
table{border-collapse:collapse;width:100%;margin:.6rem 0 1.2rem;font-size:.95rem}
th{background:#6B3E26;color:#fff;text-align:left;font-family:'TKG-bold',sans-serif;
   font-weight:normal}
th,td{padding:.3rem .5rem;border-bottom:1px solid #C9B79C;vertical-align:top}
tr:nth-child(even) td{background:#F6F0E6}
blockquote{margin:1rem 0;padding:.6rem 1rem;background:#F6F0E6;border-left:4px solid #6B3E26}
figure{margin:1.2rem 0;text-align:center}
figure svg{width:100%;max-width:34rem;height:auto}
figcaption{font-family:'TKG-body_italic',sans-serif;color:#5A5A5A;font-size:.95rem}
header{text-align:center;padding:1rem 0 0}
header .title{font-family:'TKG-title',serif;font-size:3rem;color:#6B3E26;margin:0}
header .sub{font-family:'TKG-italic',serif;font-size:1.8rem;margin:0 0 1rem}
header .edition{font-family:'TKG-bold',sans-serif;color:#5A5A5A}
nav ol{columns:2;font-size:.95rem}
p,li,td{position:relative}
.playtest{position:absolute;left:-5.6rem;font:.68rem/1.4 'TKG-bold',sans-serif;
  letter-spacing:.06em;text-transform:uppercase;color:#fff;background:#8A5A00;
  border-radius:.3rem;padding:0 .4rem;white-space:nowrap}
td .playtest,h2 .playtest{position:static;margin-left:.3rem}
main{padding-left:6.5rem}
@media (max-width:46rem){main{padding-left:1.5rem}.playtest{position:static;margin-left:.3rem}}
"""


def _font_faces(book: Book, text: str, kit: Kit) -> str:
    """Every role's font, cut down to the characters of `text` (the whole page: a few
    spare glyphs per role cost less than telling the roles' words apart)."""
    # Always the ASCII letters too, so a reader's search box or a pasted word renders.
    shown = "".join(sorted(set(text) | {chr(c) for c in range(32, 127)}))
    return "\n".join(font_face(font_name(role), path, kit.fonts.metrics_of(path), shown)
                      for role in FONT_ROLES if (path := book.font(role)) is not None)


def _figure_html(prep, name: str, caption: str) -> str:
    scene = prep.figures.get(name)
    if scene is None:
        return ""
    cap = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
    return f"<figure>{_marker(scene.name)}{cap}</figure>"


def _marker(name: str) -> str:
    """Where a drawing's SVG goes in the remembered page (NUL never occurs in HTML text)."""
    return f"\x00{name}\x00"


_MARKER = re.compile("\x00([^\x00]*)\x00")
FONTS = "@fonts"  # the marker of the @font-face rules; no scene has this name


def _svg(scene, shared: dict[int, str]) -> str:
    svg = page_scene_svg(scene, shared)
    svg = svg[svg.index("<svg"):]  # no XML declaration inside HTML
    # Each SVG numbers its clips and gradients from 1; inline in one page they would
    # share one id space, so every id gets the figure's name in front.
    prefix = scene.name
    svg = re.sub(r'id="([^"]+)"', rf'id="{prefix}-\1"', svg)
    return re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}-\1)", svg)


def _renderer(prep, seen: dict[str, int]):
    def image(renderer, tokens, idx, options, env):
        token = tokens[idx]
        src = token.attrGet("src") or ""
        if src.startswith("figure:"):
            return _figure_html(prep, src.partition(":")[2], token.content)
        if src.startswith(f"{SCHEME}:"):
            number, words = tag_number(token.content), prep.book.words
            title = words.gettext("Playtest completion {number}: {key}").format(
                number=number, key=f"rules.{src.partition(':')[2]}")
            return f'<span class="playtest" title="{escape(title)}">{escape(token.content)}</span>'
        if src.startswith("break:"):
            return ""  # page and column breaks mean nothing on screen
        return escape(token.content)  # never silently dropped (templates refuse these)

    def heading_open(renderer, tokens, idx, options, env):
        text = tokens[idx + 1].content
        key = anchor(text, seen)
        env.setdefault("toc", []).append((tokens[idx].tag, text, key))
        return f'<{tokens[idx].tag} id="{key}">'

    return image, heading_open


def rulebook_html(prep: Prepared, kit: Kit) -> str:
    """The whole rulebook as one HTML document (text)."""
    scenes = {s.name: s for s in [*prep.figures.values(), prep.cover] if s is not None}
    key = layout_key("rulebook html", kit, list(scenes.values()), repr(prep.sections),
                     repr(prep.context))
    page = kit.memo.get(key, lambda: _page(prep))
    # A piece that several figures show (the example of play shows most tiles many
    # times) is defined once on the page and used by each: a third of the page's size.
    shared = shared_pieces(list(scenes.values()))
    pieces = pieces_svg(list(scenes.values()), shared)
    svgs = {name: _svg(scene, shared) for name, scene in scenes.items()}
    page = page.replace("<body>", "<body>" + pieces[pieces.index("<svg"):], 1)
    words = _MARKER.sub(lambda m: "" if m.group(1) == FONTS else svgs[m.group(1)], page)
    faces = kit.memo.get(layout_key("rulebook html fonts", kit, [], _shown(words)),
                         lambda: _font_faces(prep.book, _shown(words), kit))
    return _MARKER.sub(lambda m: faces if m.group(1) == FONTS else svgs[m.group(1)], page)


def _shown(html: str) -> str:
    """The characters the page can show: its text, entities read, tags left out."""
    from html import unescape

    return "".join(sorted(set(unescape(re.sub(r"<[^>]*>", " ", html)))))


def _attach_tags(state) -> None:
    """Each playtest tag right after the word before it: the space a template writes
    before a tag would stand before what follows (a full stop) once the tag has gone
    to the margin. (A tag left in the line keeps its distance by its own margin.)"""
    for token in state.tokens:
        kids = token.children or []
        for before, after in pairwise(kids):
            src = after.attrGet("src") if after.type == "image" else None
            if before.type == "text" and isinstance(src, str) and src.startswith(
                    f"{SCHEME}:"):
                before.content = before.content.rstrip()


def _page(prep: Prepared) -> str:
    """The HTML with markers for the fonts and for each drawing's SVG."""
    from markdown_it import MarkdownIt

    seen: dict[str, int] = {}
    image, heading_open = _renderer(prep, seen)
    md = MarkdownIt("commonmark", {"html": False}).enable("table")  # rules are per build
    md.add_render_rule("image", image)
    md.add_render_rule("heading_open", heading_open)
    md.core.ruler.push("attach_tags", _attach_tags)
    env: dict = {}
    body = "".join(md.render(s.markdown, env) for s in prep.sections)
    # markdown-it wraps a lone figure in <p>; a <figure> may not sit inside one.
    body = re.sub(r"<p>\s*(<figure>.*?</figure>)\s*</p>", r"\1", body, flags=re.S)
    book, c, words = prep.book, prep.context, prep.book.words
    toc = "".join(f'<li><a href="#{k}">{escape(t)}</a></li>'
                  for tag, t, k in env.get("toc", []) if tag == "h1")
    title, _, subtitle = book.title.partition(":")
    heading = words.gettext("Rulebook \u00b7 {edition} \u00b7 version {version}").format(
        edition=c["edition"], version=book.version)
    named = words.gettext("{title} \u2014 Rulebook (v{version})").format(
        title=book.title, version=book.version)
    contents = words.gettext("Contents")
    author = f'<meta name="author" content="{escape(book.designer)}">' if book.designer else ""
    credit = f'<p class="edition">{escape(credit_line(book))}</p>' if book.designer else ""
    return (f'<!DOCTYPE html>\n<html lang="{escape(words.language)}"><head>'
            f'<meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(named)}</title>"
            f'<meta name="generator" content="tkg">{author}'
            f"<style>{_marker(FONTS)}{CSS}</style>"
            f"</head><body><main><header><p class=\"title\">{escape(title.strip())}</p>"
            f'<p class="sub">{escape(subtitle.strip())}</p>{credit}'
            f'<p class="edition">{escape(heading)}</p>'
            f'<p class="edition">{escape(players_line(c, words))}</p>'
            f"{_marker(prep.cover.name)}</header>"
            f"<nav><h2>{escape(contents)}</h2><ol>{toc}</ol></nav>{body}</main>"
            f"</body></html>\n")
