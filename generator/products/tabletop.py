"""Tabletop Simulator's saved-object JSON: a deck, custom tiles, a bag.

Only the fields the objects need (see Berserk Games' "Save File Format" page): a saved
object is a save whose outer fields are left empty and whose `ObjectStates` holds the
objects. Every GUID is derived from what the object is, so the same game gives the
same bytes.

Sizes. TTS documents no object's size at scale 1; what is documented is that a unit is
an inch (its knowledge base: a custom tile's thickness "in in-game units (about an
inch)", the line tool measures in inches) and that `scale` multiplies the model's own
size (its API: "Scale is not an absolute measurement, it is a multiple of the Object's
default model size"). The model's sizes come from people who measured them:

- a custom deck's card at scale 1 is 2.2 units wide (3.1 tall for a poker card): a
  poker card, 3.5 in tall, needs scale 1.152 (Templative's measured table, which
  agrees: 3.1 x 1.152 = 3.57 in); a card is as tall as its cell's shape says;
- a custom tile at scale 1 is 2.0 units across its short side, its long side following
  its image's proportions (the measurements behind Arkham SCED's play mats and snap
  points, as a TTS table emulator for Godot records them).

So a piece w mm wide lies w / 25.4 units wide at scale (w / 25.4) / CARD_WIDTH as a
card, (short side / 25.4) / TILE_SIDE as a custom tile. A player can still resize any
object with + and -.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

CARD_SQUARE_CORNERS = 1  # CustomDeck "Type": 0 rounded rectangle, 1 rectangle, ...
TILE_BOX, TILE_CIRCLE = 0, 2  # CustomTile "Type": 0 box, 1 hex, 2 circle, 3 rounded box
THICKNESS = 0.1  # a custom tile's thickness, in TTS units: about 2.5 mm of cardboard
UNIT_MM = 25.4  # a TTS unit is an inch
CARD_WIDTH = 2.2  # units across a custom deck's card at scale 1 (measured: see above)
TILE_SIDE = 2.0  # units across a custom tile's short side at scale 1 (measured)


def card_scale(width_mm: float) -> float:
    """The scale at which a card is `width_mm` wide on the table."""
    return round(width_mm / UNIT_MM / CARD_WIDTH, 4)


def tile_scale(size_mm: tuple[float, float]) -> float:
    """The scale at which a custom tile of `size_mm` (w, h) is that size on the table."""
    return round(min(size_mm) / UNIT_MM / TILE_SIDE, 4)


@dataclass(frozen=True)
class Sheet:
    """One card sheet of a deck: its number (the hundreds of its cards' ids) and grid."""

    number: int
    face_url: str
    back_url: str
    columns: int
    rows: int

    def state(self) -> dict:
        """The sheet as a deck's `CustomDeck` entry: one shared back, hidden in hands."""
        return {"FaceURL": self.face_url, "BackURL": self.back_url, "NumWidth": self.columns,
                "NumHeight": self.rows, "BackIsHidden": True, "UniqueBack": False,
                "Type": CARD_SQUARE_CORNERS}


@dataclass(frozen=True)
class Card:
    """A card of a deck: where its face is on which sheet, and its words."""

    key: str  # unique in the game, for its GUID
    name: str
    description: str
    sheet: Sheet
    index: int  # its cell on the sheet, row by row from the top left

    @property
    def card_id(self) -> int:
        """TTS's card id: the sheet's number in the hundreds, the cell below."""
        return self.sheet.number * 100 + self.index


def guid(key: str) -> str:
    """Six hex digits named by `key` (TTS's GUIDs are six hex digits)."""
    return hashlib.sha1(f"tkg {key}".encode()).hexdigest()[:6]


def transform(x: float = 0.0, z: float = 0.0, face_down: bool = False,
              scale: float = 1.0) -> dict:
    """Where an object lies: on the table at (x, z), face up or down, at a scale."""
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def deck(key: str, name: str, cards: list[Card], x: float, z: float, scale: float = 1.0,
         face_down: bool = True) -> dict:
    """A deck of cards (face down: shuffled and drawn like the game's stack)."""
    sheets = {str(c.sheet.number): c.sheet.state() for c in cards}
    contained = [{"GUID": guid(f"card {c.key}"), "Name": "Card",
                  "Transform": transform(face_down=face_down, scale=scale), "Nickname": c.name,
                  "Description": c.description, "CardID": c.card_id,
                  "CustomDeck": {str(c.sheet.number): c.sheet.state()}} for c in cards]
    return {"GUID": guid(key), "Name": "Deck",
            "Transform": transform(x, z, face_down=face_down, scale=scale),
            "Nickname": name, "Description": "", "DeckIDs": [c.card_id for c in cards],
            "CustomDeck": sheets, "ContainedObjects": contained}


def disc(key: str, name: str, image_url: str, scale: float, x: float = 0.0, z: float = 0.0,
         stackable: bool = False, back_url: str = "") -> dict:
    """A round custom tile, the same image on both sides (a token, an Oink) unless
    `back_url` names another."""
    return _tile(key, name, image_url, back_url or image_url, TILE_CIRCLE, scale, x, z,
                 stackable)


def board(key: str, name: str, image_url: str, back_url: str, scale: float, x: float,
          z: float, snaps: tuple[tuple[float, float], ...] = ()) -> dict:
    """A flat rectangular custom tile (a mat, a marker), shaped like its image, with snap
    points at `snaps` (its own units)."""
    return _tile(key, name, image_url, back_url, TILE_BOX, scale, x, z, False, snaps)


def _tile(key: str, name: str, image_url: str, back_url: str, shape: int, scale: float,
          x: float, z: float, stackable: bool, snaps: tuple[tuple[float, float], ...] = ()
          ) -> dict:
    # Without "Stretch" the tile takes its image's proportions (a 3 x 1 picture makes a
    # 3 x 1 tile); with it, TTS stretches the image to a symmetrical tile (its save-file
    # documentation), which would square a mat.
    found = {"GUID": guid(key), "Name": "Custom_Tile",
             "Transform": transform(x, z, scale=scale), "Nickname": name, "Description": "",
             "CustomImage": {"ImageURL": image_url, "ImageSecondaryURL": back_url,
                             "ImageScalar": 1.0, "WidthScale": 0.0,
                             "CustomTile": {"Type": shape, "Thickness": THICKNESS,
                                            "Stackable": stackable, "Stretch": False}}}
    if snaps:
        found["AttachedSnapPoints"] = [snap_point(x, z) for x, z in snaps]
    return found


def snap_point(x: float, z: float) -> dict:
    """A snap point on an object, at (x, z) in its own units (before its scale)."""
    return {"Position": {"x": x, "y": THICKNESS, "z": z},
            "Rotation": {"x": 0.0, "y": 0.0, "z": 0.0}}


def pdf(key: str, name: str, url: str, x: float, z: float) -> dict:
    """A Custom PDF object: a book the players page through (TTS's `CustomPDF` fields)."""
    return {"GUID": guid(key), "Name": "Custom_PDF", "Transform": transform(x, z),
            "Nickname": name, "Description": "",
            "CustomPDF": {"PDFUrl": url, "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0}}


def bag(key: str, name: str, contents: list[dict], x: float, z: float) -> dict:
    """A bag holding `contents` (what is drawn blind)."""
    return {"GUID": guid(key), "Name": "Bag", "Transform": transform(x, z), "Nickname": name,
            "Description": "", "ContainedObjects": contents}


def saved_object(objects: list[dict]) -> bytes:
    """The saved-object file holding `objects`, with no date and no version."""
    document = {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "",
                "GameType": "", "GameComplexity": "", "Tags": [], "Gravity": 0.5,
                "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "TabStates": {},
                "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode()
