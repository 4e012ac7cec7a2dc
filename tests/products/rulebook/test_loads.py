"""What setting the rulebook loads: its own modules, reportlab and markdown-it, not the
standard library's networking (xml.sax.saxutils' escape pulls in urllib, http and
email: some 10 ms of every process that renders the book, an edit's build included)."""

from __future__ import annotations

import subprocess
import sys
from xml.sax.saxutils import escape

from generator.products.rulebook.markdown_flow import _escaped

LOADS = """
import sys
import generator.products.rulebook.book, generator.products.rulebook.pages
import generator.products.rulebook.markdown_flow
print(sorted(m for m in ("urllib.request", "http.client", "email.parser", "xml.sax.saxutils")
             if m in sys.modules))
"""


def test_setting_the_rulebook_loads_no_networking_modules():
    done = subprocess.run([sys.executable, "-c", LOADS], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_book_escapes_its_text_as_saxutils_did():
    for text in ("Fire & Water", "<b>not bold</b>", "a > b & c < d", "&amp; stays text"):
        assert _escaped(text) == escape(text)
