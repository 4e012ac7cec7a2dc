"""Validation: every problem the content, art, fonts, layouts and templates have, as diagnostics."""
