"""Tabletop Simulator's saved-object JSON: a deck, custom tiles, a bag.

Only the fields the objects need (see Berserk Games' "Save File Format" page): a saved
object is a save whose outer fields are left empty and whose `ObjectStates` holds the
objects. Every GUID is derived from what the object is, so the same game gives the
same bytes. TTS units are about an inch; sizes set here are a starting point that a
player changes in the game with + and -.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

CARD_SQUARE_CORNERS = 1  # CustomDeck "Type": 0 rounded rectangle, 1 rectangle, ...
TILE_BOX, TILE_CIRCLE = 0, 2  # CustomTile "Type": 0 box, 1 hex, 2 circle, 3 rounded box
THICKNESS = 0.1  # a custom tile's thickness, in TTS units: about 2.5 mm of cardboard


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


def deck(key: str, name: str, cards: list[Card], x: float, z: float) -> dict:
    """A deck of cards lying face down: shuffled and drawn like the game's stack."""
    sheets = {str(c.sheet.number): c.sheet.state() for c in cards}
    contained = [{"GUID": guid(f"card {c.key}"), "Name": "Card",
                  "Transform": transform(face_down=True), "Nickname": c.name,
                  "Description": c.description, "CardID": c.card_id,
                  "CustomDeck": {str(c.sheet.number): c.sheet.state()}} for c in cards]
    return {"GUID": guid(key), "Name": "Deck", "Transform": transform(x, z, face_down=True),
            "Nickname": name, "Description": "", "DeckIDs": [c.card_id for c in cards],
            "CustomDeck": sheets, "ContainedObjects": contained}


def disc(key: str, name: str, image_url: str, scale: float, x: float = 0.0, z: float = 0.0,
         stackable: bool = False, back_url: str = "") -> dict:
    """A round custom tile, the same image on both sides (a token, an Oink) unless
    `back_url` names another."""
    return _tile(key, name, image_url, back_url or image_url, TILE_CIRCLE, scale, x, z,
                 stackable)


def board(key: str, name: str, image_url: str, back_url: str, scale: float, x: float,
          z: float) -> dict:
    """A flat rectangular custom tile (a mat, a marker), shaped like its image."""
    return _tile(key, name, image_url, back_url, TILE_BOX, scale, x, z, False)


def _tile(key: str, name: str, image_url: str, back_url: str, shape: int, scale: float,
          x: float, z: float, stackable: bool) -> dict:
    # "Stretch" keeps the image's proportions: a 3 x 1 picture makes a 3 x 1 tile.
    return {"GUID": guid(key), "Name": "Custom_Tile", "Transform": transform(x, z, scale=scale),
            "Nickname": name, "Description": "",
            "CustomImage": {"ImageURL": image_url, "ImageSecondaryURL": back_url,
                            "ImageScalar": 1.0, "WidthScale": 0.0,
                            "CustomTile": {"Type": shape, "Thickness": THICKNESS,
                                           "Stackable": stackable, "Stretch": True}}}


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
