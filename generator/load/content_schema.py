"""The fields of content/tiles.yaml and content/game.yaml, each with its meaning."""

from __future__ import annotations

from generator.load.schema import Field

TILES_FILE = "tiles.yaml"
GAME_FILE = "game.yaml"

TILES_TOP = (
    Field("game", "map", "the declared tile count (and, in older content, the title)"),
    Field("elements", "list", "the four elements"),
    Field("tokens", "map", "the life tokens in the bag"),
    Field("oinks", "list", "one player marker per element"),
    Field("tiles", "list", "the world tiles"),
)

# The title and version are the game's (game.yaml); tiles.yaml may still give them, for
# content written before a second game could share the tiles.
TITLE = (
    Field("title", "str", "the game's name as printed", required=False),
    Field("version", "str", "the content's version, printed on the cover and in PDF metadata",
          required=False),
)
# game.yaml's `game:` mapping: the title and version, and what the cover says of players.
GAME_ABOUT = (
    *TITLE,
    Field("age", "int", "the youngest players the game suits, printed on the cover "
          "(\"ages 10+\")", required=False, default=10, low=3, high=99),
    Field("designer", "str", "who designed the game, as the rulebook's cover credits them "
          "(\"A game by ...\") and every PDF names its author", required=False, default=""),
    Field("languages", "str_list", "the languages the game is printed in, the source "
          "language (the content's own) first; each other one's texts are in "
          "lang/<language>.yaml", required=False),
)
GAME_INFO = (
    *TITLE,
    Field("tile_count", "int", "how many tiles the set must have", low=1, high=500),
)

ELEMENT = (
    Field("id", "str", "a lowercase slug used by tiles' insignias, e.g. fire"),
    Field("name", "str", "the element's printed name"),
    Field("colour", "str", "a #rrggbb colour"),
    Field("symbol", "str", "the name of its insignia silhouette, e.g. flame"),
    Field("symbol_file", "str", "an SVG of the insignia under the content folder",
          required=False),
)

TOKENS = (
    Field("per_element", "int", "life tokens of each element in the bag", low=0, high=1000),
)

OINK = (
    Field("element", "str", "the element id of this Oink"),
    Field("name", "str", "the Oink's printed name"),
)

TILE = (
    Field("id", "str", "a lowercase slug, unique, naming the tile's output files"),
    Field("name", "str", "the tile's printed name, unique"),
    Field("insignias", "str_list", "1-4 distinct element ids"),
    Field("flavour", "str", "a line of text printed on the face", required=False, default=""),
    Field("art", "str", "an SVG, PNG or JPEG under the content folder", required=False),
    Field("copies", "int", "how many of it the set holds; each copy is a tile to the rules "
          "and is printed", required=False, default=1, low=1, high=99),
)

GAME_TOP = (
    Field("extends", "str", "the content folder this game builds on (its tiles, art, "
          "symbols, fonts, and any of these files it leaves out)", required=False),
    Field("game", "map", "the game's title and version", required=False),
    Field("rules", "map", "every rule number"),
    Field("balance", "map", "thresholds for balance warnings", required=False),
    Field("fonts", "map", "TTF files for each typographic role"),
)

_DRAFT = Field("draft", "bool", "true while the rule is the project's proposal",
               required=False, default=False)


def _section(*fields: Field) -> tuple[Field, ...]:
    return (*fields, _DRAFT)


# The actions a turn may offer, in the rulebook's order (procure: face up or blind).
ACTIONS = ("draw", "trade", "procure", "move", "refresh", "seal")

# Every word-valued rule takes only the words both the rulebook states and the simulator
# plays (`choices`): anything else is TKG117, naming them.
RULE_SECTIONS: dict[str, tuple[Field, ...]] = {
    "players": _section(
        Field("min", "int", "fewest players", low=2, high=8),
        Field("max", "int", "most players", low=2, high=8)),
    "setup": _section(
        Field("tiles_dealt", "int", "tiles dealt to each player, who keeps one", low=1, high=10),
        Field("starting_tokens", "int", "tokens each player draws at setup", low=0, high=20),
        Field("trade_zone_per_element", "int", "tokens of each element in the trade zone",
              low=0, high=50)),
    "oink": _section(Field("capacity", "int", "most tokens on an Oink", low=1, high=30)),
    "draw": _section(Field("tokens", "int", "tokens taken by the Draw action", low=1, high=20)),
    "trade": _section(
        Field("give", "int", "tokens given per trade", low=1, high=10),
        Field("get", "int", "tokens taken per trade", low=1, high=10)),
    "procure": _section(Field("blind_cost", "int", "tokens paid to reveal a tile of O",
                              low=0, high=20)),
    "world": _section(
        Field("rows", "int", "rows of a world grid", low=1, high=5),
        Field("columns", "int", "columns of a world grid", low=1, high=5),
        Field("end_tiles", "int", "connected tiles that end the game", low=1, high=25)),
    "spaces": _section(
        Field("face_up", "str_list", "names of the face-up spaces"),
        Field("blind", "str", "name of the face-down stack")),
    "turn": _section(Field("actions", "str_list", "the actions a turn offers, in the "
                           "rulebook's order", required=False, default=ACTIONS,
                           choices=ACTIONS)),
    "simulation": _section(
        Field("turn_cap", "int", "turns before a simulated game counts as stalled",
              low=10, high=100000),
        Field("example_seed", "int", "the seed of the game the rulebook's example of play "
              "shows", required=False, default=21, low=0, high=2**31),
        Field("seconds_per_turn", "int", "the time a table takes for one turn: the cover's "
              "playing time is this times the simulated games' median length",
              required=False, default=30, low=5, high=600)),
    # The playtest completions, in the order the rulebook states them: its tags and
    # its appendix number the drafts in this order. OPTIONAL ones may be left out.
    "trade_zone": _section(Field("source", "str", "where the starting trade zone's tokens "
                                 "come from: bag", required=False, default="bag",
                                 choices=("bag",))),
    "split": _section(Field("extra", "str", "which spaces take the tiles left over when the "
                            "stack does not split evenly: face_up_first", required=False,
                            default="face_up_first", choices=("face_up_first",))),
    "grid": _section(Field("anchor", "str", "what fixes a world's grid on the table: "
                           "starting_tile", required=False, default="starting_tile",
                           choices=("starting_tile",))),
    "tiles": _section(Field("insignias", "str", "the insignias of one tile: distinct",
                            required=False, default="distinct", choices=("distinct",))),
    "passing": _section(Field("allowed", "str", "when a player may pass: no_legal_action",
                              required=False, default="no_legal_action",
                              choices=("no_legal_action",))),
    "discards": _section(Field("to", "str", "where discarded tokens go",
                               choices=("trade_zone",))),
    "bag": _section(Field("refill", "str", "when the empty bag is refilled: at_once",
                          required=False, default="at_once", choices=("at_once",))),
    "trade_back": _section(Field("allowed", "bool", "whether one trade may take an element "
                                 "it gives", required=False, default=False)),
    "taking": _section(Field("face_up", "str", "which tile of a face-up space can be "
                             "procured: top", required=False, default="top",
                             choices=("top",))),
    "placement": _section(
        Field("connect_to", "str", "which tile a new tile must match",
              choices=("oink_tile",)),
        Field("oink", "str", "where the Oink is after a tile is placed: stays",
              required=False, default="stays", choices=("stays",))),
    "blind_choice": _section(Field("unplaced", "str", "where a revealed tile that is not "
                                   "placed goes: top_of_O", required=False,
                                   default="top_of_O", choices=("top_of_O",))),
    "move": _section(Field("reach", "str", "how far the Oink may move",
                           choices=("connected",))),
    "refresh": _section(Field("refill_from", "str", "where an emptied space refills from",
                              choices=("bottom_of_O",))),
    "seal": _section(
        Field("cost", "str", "what sealing a tile costs", choices=("insignias",)),
        Field("tokens", "str", "where a seal's tokens go: on_tile (they stay on the sealed "
              "tile for the rest of the game) or trade_zone", required=False,
              default="on_tile", choices=("on_tile", "trade_zone"))),
    "ending": _section(Field("round", "str", "what happens to the round when the game ends: "
                             "stops", required=False, default="stops",
                             choices=("stops",))),
    # The answers the book gives to what a table must otherwise rule on itself (the
    # clarifications tagged with it): the returned setup tiles, what is public, a Draw
    # that falls short, a reveal with no free place, an empty O.
    "rulings": _section(),
    "scoring": _section(
        Field("match", "int", "points per insignia of the Oink's element, sealed", low=0, high=20),
        Field("other", "int", "points per other insignia, sealed", low=0, high=20),
        Field("unsealed", "int", "points per insignia on an unsealed tile", low=0, high=20)),
    # Last, so that adding it numbered no other completion anew.
    "backstop": _section(Field("rounds", "int", "rounds after which a game no world has "
                               "ended ends anyway, scored as usual", required=False,
                               default=50, low=1, high=10000)),
}

# The sections a content file may leave out, each with the `draft` it then has: every
# rule the rulebook adds to the designer's text is a draft until the designer writes
# `draft: false` under it, so an older content file still marks it in the book.
OPTIONAL: dict[str, bool] = {
    "turn": False, "trade_zone": True, "split": True, "grid": True, "tiles": True,
    "taking": True, "blind_choice": True, "bag": True, "passing": True, "ending": True,
    "trade_back": True, "rulings": True, "backstop": True,
}

# What each rule section is about, in words: the rulebook's appendix names the
# playtest completions by these titles.
TITLES: dict[str, str] = {
    "players": "Number of players", "setup": "Setting up", "oink": "What an Oink holds",
    "draw": "Drawing", "trade": "Trading", "procure": "Procuring from the blind stack",
    "world": "The world grid and the end", "spaces": "The spaces on the table",
    "discards": "Where discarded tokens go",
    "placement": "Placing a tile: the Oink's tile only, and the Oink stays",
    "move": "How far an Oink moves", "refresh": "Refreshing a space, and refilling it",
    "seal": "Sealing a tile, and where its tokens stay", "scoring": "Scoring",
    "simulation": "The simulator", "turn": "The actions of a turn",
    "trade_zone": "Where the starting trade zone comes from",
    "split": "Which spaces take the leftover tiles",
    "grid": "The grid stays where the starting tile put it",
    "tiles": "A tile shows each element at most once; nexus worlds",
    "taking": "Only the top tile of a face-up space",
    "blind_choice": "A revealed tile you do not place",
    "bag": "Refilling the bag during a draw",
    "passing": "Passing only without a legal action",
    "ending": "Nobody takes another turn",
    "trade_back": "A trade never takes an element it gives",
    "rulings": "What a table would otherwise rule on: returned tiles, what is public, a "
               "short Draw, a reveal with no free place, an empty stack O",
    "backstop": "A game no world ends stops after a number of rounds",
}

RULES_TOP = tuple(Field(name, "map", f"the {name} rules", required=name not in OPTIONAL)
                  for name in RULE_SECTIONS)

# No defaults here: a threshold left out takes the model's own (`core.model.Balance`).
BALANCE = (
    Field("min_connections", "int", "warn when a tile connects to fewer tiles",
          required=False, low=0, high=500),
    Field("max_element_spread", "int", "warn when element counts differ by more",
          required=False, low=0, high=500),
    Field("sim_games", "int", "games played by the balance simulation",
          required=False, low=10, high=100000),
    Field("seat_significance", "float", "warn when chance explains the seats' spread of wins "
          "less often than this", required=False, low=0.0001, high=0.2),
    Field("max_stall_rate", "float", "warn when more games stall",
          required=False, low=0, high=1),
    Field("min_take_rate", "float", "warn about tiles procured in fewer games",
          required=False, low=0, high=1),
)

FONT_ROLES = ("title", "heading", "italic", "body", "bold", "body_italic", "black")
# Every role is required: the pieces and the rulebook use them all, and a missing one
# must be a positioned error here rather than a failure halfway through a build.
FONTS = tuple(Field(role, "str", f"the TTF for {role} text") for role in FONT_ROLES)
