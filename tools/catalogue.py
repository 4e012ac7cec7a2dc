"""Keep the tool's catalogues in step with its code and templates.

    python tools/catalogue.py            # update every generator/locale/*/LC_MESSAGES/tkg.po
    python tools/catalogue.py --check    # exit 1 if a catalogue lacks a message or a translation

The message ids are the English the code writes through a game's words
(`_("...")`, `words.ngettext(...)`, `pgettext`), the titles of the playtest completions
(`load/content_schema.py` TITLES), and the `_()` calls of the rulebook templates. Updating
keeps every translation already made, marks a changed message fuzzy (Babel's matching) and
drops none silently: obsolete messages stay at the end of the file, commented out.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.load.catalogue import DOMAIN, LOCALE_DIR  # noqa: E402
from generator.load.content_schema import TITLES  # noqa: E402

# `words("...")` is a game's words called as a function (`game.words("Edition")`).
KEYWORDS = {"_": None, "N_": None, "words": None, "gettext": None, "ngettext": (1, 2),
            "pgettext": ((1, "c"), 2)}
METHODS = [("generator/**.py", "python"), ("templates/rulebook/**.j2", "jinja2")]
OPTIONS = {"templates/rulebook/**.j2": {"extensions": "jinja2.ext.i18n",
                                        "trim_blocks": "true", "lstrip_blocks": "true"}}


def template_catalogue() -> Catalog:
    """Every message id of the code and the templates, with where it is used."""
    catalogue = Catalog(domain=DOMAIN, project="tkg", charset="utf-8")
    for folder in ("generator", "templates"):
        methods = [(pattern.partition("/")[2], method) for pattern, method in METHODS
                   if pattern.startswith(folder)]
        options = {pattern.partition("/")[2]: values for pattern, values in OPTIONS.items()
                   if pattern.startswith(folder)}
        for name, line, message, comments, context in extract_from_dir(
                ROOT / folder, methods, options_map=options, keywords=KEYWORDS):
            catalogue.add(message, locations=[(f"{folder}/{name}", line)],
                          auto_comments=comments, context=context)
    for title in TITLES.values():
        catalogue.add(title, locations=[("generator/load/content_schema.py", 0)],
                      auto_comments=["a playtest completion's title"])
    return catalogue


def _written(catalogue: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalogue, width=100, sort_output=True, include_previous=True,
             omit_header=False, include_lineno=False)
    return out.getvalue()


def updated(path: Path, template: Catalog) -> tuple[bytes, list[str], list[str]]:
    """A catalogue brought up to date with the template; the messages it leaves
    untranslated (or fuzzy); and those it had that the code no longer uses."""
    with path.open("rb") as handle:
        catalogue = read_po(handle, domain=DOMAIN)
    wanted = {(str(m.id), m.context) for m in template if m.id}
    gone = [str(m.id) for m in catalogue if m.id and (str(m.id), m.context) not in wanted]
    template.creation_date = catalogue.creation_date  # the same code writes the same file
    catalogue.update(template, update_header_comment=False)
    lacking = [str(m.id) for m in catalogue if m.id and (m.fuzzy or not _translated(m))]
    return _written(catalogue), lacking, gone


def _translated(message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return all(strings)


def main(argv: list[str] | None = None) -> int:
    """Update the catalogues (or, with --check, say what is out of step)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a catalogue is out of step")
    args = parser.parse_args(argv)
    template = template_catalogue()
    failed = False
    for path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        data, lacking, gone = updated(path, template)
        shown = path.relative_to(ROOT)
        if args.check:
            if lacking or gone:
                failed = True
                print(f"{shown}: {len(lacking)} message(s) lack a translation, {len(gone)} "
                      "the code no longer uses: run python tools/catalogue.py, then "
                      f"translate{': ' + '; '.join(lacking[:5]) if lacking else ''}")
            continue
        path.write_bytes(data)
        print(f"{shown}: {len(template)} messages, {len(lacking)} to translate")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
