"""The documentation that is generated from code stays current."""

from pathlib import Path

from generator.core.diagnostics import codes_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_diagnostic_table_is_current():
    on_disk = (ROOT / "docs" / "diagnostics.md").read_text()
    assert on_disk == codes_markdown(), \
        "run: python -m generator.core.diagnostics > docs/diagnostics.md"
