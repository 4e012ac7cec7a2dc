"""Get the watcher's next build ready: import now what an edit's build will import.

A build whose inputs did not change imports almost nothing (the pipeline alone), and
the modules a real build needs are imported by the functions that use them, so `tkg`
starts fast. In `tkg watch`, which usually starts on an up-to-date output, that made
the designer's first edit the slow one: it imported the products, the checks,
reportlab and Pillow, about 0.35 s on top of the build. The watcher imports
them right after its first build instead, while nobody waits.

`tests/live/test_watch.py` checks that after `warm_up` an edit's builds import nothing
new (but the codecs that the files read happen to need, each a millisecond); when a
build starts importing another module lazily, add it here.
"""

from __future__ import annotations

import importlib

MODULES = (
    # What validation and the kinds table load.
    "generator.check.validate", "generator.check.preflight", "generator.products.kinds",
    "generator.products.rulebook.pages", "generator.products.rulebook.book",
    "generator.products.compare", "generator.products.checks", "generator.draw.flow",
    "generator.draw.kit", "generator.draw.svgart", "generator.text.play",
    "generator.text.templating", "generator.sim.playlog", "generator.sim.book",
    # The game's other languages: their requests, and their catalogues (read with Babel)
    # and the templates' i18n extension.
    "generator.products.languages", "generator.layout.translated", "jinja2.ext",
    "babel.messages.pofile", "_strptime",  # (a catalogue's header dates)
    # What the drawings and files are made with, imported where they are first used.
    "generator.backends.pdf.slotcanvas", "generator.backends.pdf.fonts",
    "generator.backends.pdf.subset", "generator.backends.pdf.glue", "generator.backends.svg",
    "reportlab.pdfbase.ttfonts",
    "reportlab.lib.colors", "PIL.Image", "PIL.ImageChops", "PIL.ImageOps", "PIL.ImageDraw",
    "PIL.ImageFont", "PIL.ImageStat", "generator.draw.raster", "markdown_it", "html",
)


def warm_up(modules: tuple[str, ...] = MODULES) -> None:
    """Import `modules` (each one at most once: imported modules cost nothing)."""
    for name in modules:
        importlib.import_module(name)
