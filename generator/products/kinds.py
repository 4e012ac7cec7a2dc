"""The one table of output kinds: what makes each, its fingerprint, its bundle section,
its preview, its sheet gutters.

`tkg build --only`, the print-and-play bundle, the preview gallery, the manifest and
the build cache all read this table. A new kind of output is one module (a `produce`
and a `fingerprint` function, optionally a bundle `SECTION`) and one line in `KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.core.artefacts import Artefact
from generator.draw.kit import Kit
from generator.products import aids, compare, tiles, tokens
from generator.products.bundle import Section, fingerprint_bundle, produce_bundle
from generator.products.printshop import PrintShop, print_shop_file
from generator.products.request import BuildRequest
from generator.products.rulebook import book

Make = Callable[[BuildRequest, Kit], list[Artefact]]
Fingerprint = Callable[[BuildRequest, Kit], str]


@dataclass(frozen=True)
class PreviewGroup:
    """A section of the preview gallery: the SVG files under one path prefix."""

    key: str
    title: str
    css: str  # the class of each figure, for the page's styles and tests
    prefix: str


@dataclass(frozen=True)
class Kind:
    """One kind of output."""

    name: str  # the --only name and the manifest's kind
    make: Make
    fingerprint: Fingerprint
    weight: float = 1.0  # rough cost, so the two cores get even shares
    section: Section | None = None  # its sheets in the print-and-play bundle
    preview: tuple[PreviewGroup, ...] = ()
    gutters: tuple[str, ...] = ()  # the piece kinds of `sheets: gutter:` in a layout
    needs: Callable[[BuildRequest], bool] = lambda request: True  # built by a plain build?
    per_paper: bool = False  # made one paper at a time (both cores share it)
    chosen: bool = True  # offered by --only (the bundle is made with what it holds)
    print_shop: PrintShop | None = None  # its print-shop file: print-shop/<name>.pdf

    def artefacts(self, request: BuildRequest, kit: Kit) -> list[Artefact]:
        """Everything the kind makes: its own files, and its print-shop file if any."""
        made = self.make(request, kit)
        if self.print_shop is not None:
            made.append(print_shop_file(self.name, self.print_shop, request, kit))
        return made


def _bundled() -> list[tuple[str, Section]]:
    # The bundle always holds every section: `--only tiles` remakes it, whole.
    return [(k.name, k.section) for k in KINDS if k.section]


def _bundle_needed(request: BuildRequest) -> bool:
    # Remade when a kind it holds is made (the cover and sheets show that kind's pieces).
    return any(k.section and k.name in request.kinds for k in KINDS)


# In reading order: the bundle holds the sections in this order, and the preview shows
# the groups in this order.
KINDS: tuple[Kind, ...] = (
    Kind("tiles", tiles.produce, tiles.fingerprint, 2.0, tiles.SECTION,
         (PreviewGroup("tiles", "Tile faces", "tile", "svg/tiles/"),
          PreviewGroup("backs", "Tile back", "back", "svg/back")), ("tile",),
         print_shop=tiles.PRINT_SHOP),
    Kind("tokens", tokens.produce, tokens.fingerprint, 0.5, tokens.SECTION,
         (PreviewGroup("tokens", "Life tokens", "token", "svg/tokens/"),
          PreviewGroup("oinks", "Oinks", "oink", "svg/oinks/")), ("token", "oink")),
    Kind("aids", aids.produce, aids.fingerprint, 1.0, aids.SECTION,
         (PreviewGroup("aids", "Player aids", "aid", "svg/aids/"),), ("card",)),
    Kind("rulebook", book.produce, book.fingerprint, 5.0),
    Kind("compare", compare.produce, compare.fingerprint, 1.0,
         needs=lambda request: bool(request.compare)),
    Kind("pnp", lambda request, kit: produce_bundle(request, kit, _bundled(), _bundled()),
         lambda request, kit: fingerprint_bundle(request, kit, _bundled()), 4.0,
         needs=_bundle_needed, per_paper=True, chosen=False),
)
BY_NAME = {kind.name: kind for kind in KINDS}


def chosen_kinds() -> list[str]:
    """The kinds `--only` accepts, sorted."""
    return sorted(k.name for k in KINDS if k.chosen)


def planned(request: BuildRequest) -> list[Kind]:
    """The kinds a build of `request.kinds` makes: those asked for that have something to
    make, in name order, then the bundle (it imposes what the others drew).

    The order decides which kind a file several kinds write is listed under in the
    manifest (the fonts: the last to write it).
    """
    asked = sorted((k for k in KINDS if k.chosen and k.name in request.kinds),
                   key=lambda k: k.name)
    return [k for k in [*asked, *(k for k in KINDS if not k.chosen)] if k.needs(request)]


def idle(request: BuildRequest) -> list[str]:
    """Kinds asked for that have nothing to make this time (`compare` with one layout):
    whatever an earlier build made of them is stale, and goes."""
    return [k.name for k in KINDS if k.chosen and k.name in request.kinds
            and not k.needs(request)]


def gutter_keys() -> tuple[str, ...]:
    """Every piece kind a layout's `sheets: gutter:` may name."""
    return tuple(sorted({g for k in KINDS for g in k.gutters}))


def preview_groups() -> tuple[PreviewGroup, ...]:
    """The preview gallery's sections, in the order the page shows them."""
    return tuple(g for k in KINDS for g in k.preview)
