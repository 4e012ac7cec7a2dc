"""Scenes -> bytes: SVG text, and PDF documents with compiled drawings and font subsets."""
