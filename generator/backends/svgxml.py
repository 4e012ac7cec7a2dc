"""The few XML elements an SVG document of ours is made of, and their text.

A piece's SVG is a tree of plain elements (no namespaces beyond the root's, no
processing instructions), so it is written here directly instead of through an SVG
library: each element's attributes in name order, empty ones left out, values and text
escaped as XML requires, an element without content closed as `<rect ... />`, and a
style sheet inside CDATA. A general SVG writer took longer to import than a build of
the tiles takes to write them all.
"""

from __future__ import annotations

# XML's escapes: in text, the markup characters; in a quoted attribute value, also the
# quote and the white space a parser would otherwise normalise.
_TEXT = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
_ATTRIBUTE = (*_TEXT, ('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))


class Element:
    """One XML element: its tag, attributes, children and text (or CDATA)."""

    __slots__ = ("attributes", "cdata", "children", "tag", "text")

    def __init__(self, tag: str, text: str = "", cdata: str = "", **attributes: str):
        self.tag = tag
        self.attributes: dict[str, str] = {}
        self.children: list[Element] = []
        self.text, self.cdata = text, cdata
        for name, value in attributes.items():
            self[name.replace("_", "-")] = value

    def __setitem__(self, name: str, value: str) -> None:
        self.attributes[name] = value

    def add(self, child: Element) -> Element:
        """Append `child` and return it."""
        self.children.append(child)
        return child

    def insert(self, child: Element) -> Element:
        """Put `child` first and return it."""
        self.children.insert(0, child)
        return child

    def tostring(self) -> str:
        """The element and everything in it as XML text."""
        out: list[str] = []
        self._write(out)
        return "".join(out)

    def _write(self, out: list[str]) -> None:
        # Appended to one list, not yielded: a generator per element passes every piece
        # of text up through each level of a deep tree (a figure's tiles).
        out.append("<" + self.tag)
        for name, value in sorted(self.attributes.items()):
            if value:
                out.append(f' {name}="{_escaped(value, _ATTRIBUTE)}"')
        if not (self.text or self.cdata or self.children):
            out.append(" />")
            return
        out.append(">")
        if self.text:
            out.append(_escaped(self.text, _TEXT))
        if self.cdata:
            out.append(f"<![CDATA[{self.cdata}]]>")
        for child in self.children:
            child._write(out)
        out.append(f"</{self.tag}>")


def _escaped(text: str, escapes: tuple[tuple[str, str], ...]) -> str:
    for char, entity in escapes:
        if char in text:
            text = text.replace(char, entity)
    return text
