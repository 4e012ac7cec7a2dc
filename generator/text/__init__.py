"""The rulebook's words: the template context from the model, and templates to Markdown."""
