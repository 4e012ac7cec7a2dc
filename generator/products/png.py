"""The `png` kind: a PNG per face and back of every piece, for print shops and screens.

`png/<preset>/` holds `tiles/`, `tokens/`, `oinks/`, `aids/` and a folder per declared
kind of piece (`world-mats/`...), a picture per distinct side (a token's back is its
face), the round pieces also cut to their disc on a transparent ground
(`<id>-round.png`), and `manifest.json`, which pairs every face with its back and says
how many of each the game holds. The preset sets the bleed and the resolution
(`presets.py`: `tgc` by default, so a 2.5 in tile is 825 x 825 px); `--dpi` another
resolution, in a folder of its own (`png/tgc-150ppi/`), so it never replaces the
preset's own pictures. Made only when asked for (`tkg build --only png`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from generator.backends.png import encoded, refuse_large, size_px
from generator.core.artefacts import Artefact
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.layout.tgc import Fit
from generator.load.builtin import AID, OINK, TILE, TOKEN
from generator.products import aids, declared, tiles, tokens
from generator.products.designs import Design, distinct, round_scene
from generator.products.presets import Preset, png_preset
from generator.products.request import BuildRequest
from generator.products.tgcfit import bleed_for, on_product

KIND = "png"


def chosen(request: BuildRequest) -> tuple[Preset, int]:
    """The preset of this build's PNGs and their resolution (pixels an inch)."""
    found = png_preset(request.export.preset)
    return found, request.export.dpi or found.ppi


# Each kind's designs, and the looks its pieces are drawn in.
KINDS = ((tiles.designs, (TILE,)), (tokens.designs, (TOKEN, OINK)), (aids.designs, (AID,)))


def designs(request: BuildRequest, kit: Kit, bleed: float | None,
            products: bool = False) -> list[Design]:
    """Every piece of the game, in the order the manifest lists them; with `products`,
    each kind drawn at the bleed that covers its products (`tgcfit.bleed_for`)."""
    own = [(declared.designs(kind.name), (kind.name,)) for kind in request.game.pieces]
    found = []
    for made, looks in [*KINDS, *own]:
        drawn_at = bleed_for(request.layout, looks) if products else bleed
        found += made(request, kit, drawn_at)
    return found


@dataclass(frozen=True)
class Pictures:
    """The PNG export's inputs: the preset, the resolution, every piece at the preset's
    bleed (or on its product), and the round pieces' cut-outs."""

    preset: Preset
    dpi: int
    pieces: tuple[Design, ...]
    cutouts: tuple[tuple[Design, Scene], ...]
    products: tuple[Fit | None, ...]  # each piece's product (with --preset tgc)


def inputs(request: BuildRequest, kit: Kit) -> Pictures:
    """Every piece of the game at the chosen preset's bleed and resolution."""
    found, dpi = chosen(request)
    drawn = designs(request, kit, found.bleed, found.products)
    cutouts = tuple((d, round_scene(d)) for d in drawn if d.disc)
    made = [on_product(d, request.layout) if found.products else None for d in drawn]
    pieces = [m.design if m else d for m, d in zip(made, drawn, strict=True)]
    sides = distinct(pieces)
    refuse_large(sides, [dpi] * len(sides))  # now, before any kind is rendered
    return Pictures(found, dpi, tuple(pieces), cutouts,
                    tuple(m.fit if m else None for m in made))


def produce(made: Pictures, kit: Kit) -> list[Artefact]:
    """Every side's PNG, the round pieces' cut-outs, and the manifest."""
    found, dpi, pieces = made.preset, made.dpi, list(made.pieces)
    folder = f"png/{found.name}" if dpi == found.ppi else f"png/{found.name}-{dpi}ppi"
    sides = distinct(pieces)
    cutouts = [scene for _, scene in made.cutouts]
    images = encoded(kit, sides, [dpi] * len(sides)) + \
        encoded(kit, cutouts, [dpi] * len(cutouts), transparent=True)
    paths = [_path(pieces, s) for s in sides] + [_cutout(d) for d, _ in made.cutouts]
    out = [Artefact(f"{folder}/{path}", data, KIND)
           for path, data in zip(paths, images, strict=True)]
    out.append(Artefact(f"{folder}/manifest.json", manifest(made), KIND))
    return out


def manifest(made: Pictures) -> bytes:
    """manifest.json: each piece's face and back (the same file for a token), its
    count, its round cut-out, its size in pixels and, for The Game Crafter, its product;
    no timestamp."""
    found, dpi, pieces = made.preset, made.dpi, list(made.pieces)
    entries = []
    for d, product in zip(pieces, made.products, strict=True):
        entry = {"group": d.group, "id": d.key, "name": d.name, "count": d.count,
                 "face": _path(pieces, d.face),
                 "back": _path(pieces, d.back) if d.back else None,
                 "size_px": [size_px(d.face.width, dpi), size_px(d.face.height, dpi)],
                 "trim_px": [size_px(v, dpi) for v in d.face.trim]}
        if d.disc:
            entry["round"] = _cutout(d)
        if product is not None:
            entry["product"] = {"name": product.product.name,
                                "identity": product.product.identity,
                                "size_px": list(product.product.pixels),
                                "quantity": d.count, "scale": round(product.scale, 4)}
        entries.append(entry)
    document = {"preset": found.name, "ppi": dpi, "bleed_mm": found.bleed, "pieces": entries,
                "note": "paths are relative to this file; bleed_mm null: each piece's "
                        "bleed in the layout"}
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode()


def _cutout(design: Design) -> str:
    return f"{design.group}/{design.key}-round.png"


def _path(pieces: list[Design], scene: Scene) -> str:
    """The file of a side: its piece's name; for a back that is no face, `back` when its
    group shares one back, else `<first piece it backs>-back`."""
    for d in pieces:
        if d.face.name == scene.name:
            return f"{d.group}/{d.key}.png"
    first = next(d for d in pieces if d.back is not None and d.back.name == scene.name)
    backs = {d.back.name for d in pieces if d.group == first.group and d.back is not None}
    return f"{first.group}/back.png" if len(backs) == 1 else f"{first.group}/{first.key}-back.png"
