"""The documentation that is generated from code stays current."""

from pathlib import Path

from generator.diagnostics import codes_markdown

ROOT = Path(__file__).resolve().parent.parent


def test_diagnostic_table_is_current():
    on_disk = (ROOT / "docs" / "diagnostics.md").read_text()
    assert on_disk == codes_markdown(), "run: python -m generator.diagnostics > docs/diagnostics.md"
