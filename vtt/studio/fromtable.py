"""A free table laid out by hand, written as a new rule pack (Sandbox > Save table as pack).

The table's cards become the pack's components and the places they lie in its zones:

- a stack: a pile (its top card face down: seen by nobody; face up: by everyone),
  its cards in the stack's order, bottom first (a whole deck face down: ``deck()``,
  shuffled by the setup);
- loose cards side by side in a line: a row; several such lines one above the
  other, their cards in the same columns: a grid, each card in its cell (columns
  ``a``, ``b``... left to right, row 1 at the bottom, as packs name cells); a card
  alone: a row of one;
- each seat's hand: a hand per player, seen by its owner, holding that seat's cards.

Only Janken cards are carried over; what a pack cannot hold yet (dice, tokens,
counters, bags, other cards) is named in a comment at the top. The pack is valid
as written, with one move (``pass``) and an end that never comes: the place for
the rules, under the headings of the rule text's five questions.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from vtt.janken import Card
from vtt.rules.expr.revealing import REVEALED_ZONES
from vtt.rules.loader import ENGINE_NAMES, LIBRARY_ALL
from vtt.rules.stdlib import deck
from vtt.table.model import Table
from vtt.table.pieces import CARD_HEIGHT, CARD_WIDTH, CardPiece, Hand, Piece, Stack

__all__ = ["TableZone", "pack_from_table", "pack_id_of", "table_zones", "write_table_pack"]

#: Loose cards whose centres are this close in height lie in one line.
SAME_LINE = CARD_HEIGHT / 2
#: Cards of a line further apart than this (centre to centre) start another place.
NEIGHBOUR = CARD_WIDTH * 1.75
#: Names a pack may not give a zone: the engine's and the library's (``deck``, ``top``...).
RESERVED = (
    ENGINE_NAMES
    | {REVEALED_ZONES}
    | frozenset(LIBRARY_ALL.functions)
    | frozenset(LIBRARY_ALL.constants)
)
#: Lines of a grid lie at most this far apart (centre to centre), their columns this close.
NEXT_LINE = CARD_HEIGHT * 1.75
SAME_COLUMN = CARD_WIDTH / 2


@dataclass(frozen=True)
class TableZone:
    """One place of the table as the pack will have it: its zone's name and label,
    kind (``pile``, ``row``, ``grid`` or ``hand``), who sees its cards, and the cards
    (a pile's and a row's in order; a grid's by cell, ``a1``...; a hand's by seat)."""

    name: str
    kind: str
    label: str
    visibility: str
    cards: tuple[str, ...] = ()
    cells: tuple[tuple[str, str], ...] = ()
    size: tuple[int, int] = (0, 0)
    hands: tuple[tuple[str, ...], ...] = ()


def _janken(piece: Piece) -> str | None:
    """The card's notation, for a Janken card (None for any other piece)."""
    if isinstance(piece, CardPiece) and piece.card is not None:
        return str(Card.parse(piece.face))
    return None


def _word(text: str, fallback: str) -> str:
    """A zone name from a label: a lowercase word (``Draw pile`` -> ``draw_pile``)."""
    word = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    if not word or word[0].isdigit() or keyword.iskeyword(word):
        return fallback
    return f"{word}_{fallback}" if word in RESERVED else word


def _lines(cards: Sequence[CardPiece]) -> list[list[CardPiece]]:
    """Loose cards as lines: side by side at about one height, no wide gap between."""
    lines: list[list[CardPiece]] = []
    for card in sorted(cards, key=lambda c: (c.y, c.x)):
        for line in lines:
            if abs(line[0].y - card.y) <= SAME_LINE and any(
                abs(card.x - other.x) <= NEIGHBOUR for other in line
            ):
                line.append(card)
                break
        else:
            lines.append([card])
    return sorted((sorted(line, key=lambda c: c.x) for line in lines), key=lambda ln: ln[0].y)


def _grids(lines: list[list[CardPiece]]) -> list[list[list[CardPiece]]]:
    """Lines one above the other with their cards in the same columns, as grids (a
    list of lines, top first); a line alone is a grid of one line."""
    groups: list[list[list[CardPiece]]] = []
    for line in lines:
        for group in groups:
            above = group[-1]
            if (
                len(above) == len(line)
                and 0 < line[0].y - above[0].y <= NEXT_LINE
                and all(abs(a.x - b.x) <= SAME_COLUMN for a, b in zip(above, line, strict=True))
            ):
                group.append(line)
                break
        else:
            groups.append([line])
    return groups


def table_zones(table: Table) -> tuple[list[TableZone], list[str]]:
    """The zones a pack of ``table`` has, and what it leaves out (in words)."""
    zones: list[TableZone] = []
    left_out: list[str] = []
    taken: set[str] = set()

    def name_for(label: str, fallback: str) -> str:
        base = _word(label, fallback)
        name, number = base, 2
        while name in taken:
            name, number = f"{base}_{number}", number + 1
        taken.add(name)
        return name

    taken.add("hand")
    loose: list[CardPiece] = []
    for piece in table.on_table():
        if isinstance(piece, Stack):
            cards = [_janken(table.get(pid)) for pid in piece.contents]
            faces = tuple(card for card in cards if card is not None)
            if len(faces) < len(cards):
                left_out.append(f"{len(cards) - len(faces)} other cards in {piece.describe()}")
            if faces:
                # A stack shows its top card's side (each card lies its own way up).
                up = table.get(piece.top).face_up
                label = piece.label or ("the discard pile" if up else "the pile")
                zones.append(
                    TableZone(
                        name_for(piece.label, "pile"),
                        "pile",
                        label,
                        "everyone" if up else "nobody",
                        faces,
                    )
                )
        elif isinstance(piece, CardPiece) and _janken(piece) is not None:
            loose.append(piece)
        else:
            left_out.append(piece.describe())
    for group in _grids(_lines(loose)):
        zones.append(_place_of(group, name_for))
    zones.append(_hands(table, left_out))
    return zones, left_out


def _place_of(group: list[list[CardPiece]], name_for: Callable[[str, str], str]) -> TableZone:
    """A row (one line) or a grid (several) of loose cards."""
    cards = [card for line in group for card in line]
    up = sum(card.face_up for card in cards) * 2 >= len(cards)
    visibility = "everyone" if up else "nobody"
    if len(group) == 1:
        faces = tuple(str(_janken(card)) for card in group[0])
        return TableZone(name_for("", "row"), "row", "a row of cards", visibility, faces)
    columns, rows = len(group[0]), len(group)
    cells = tuple(
        (f"{chr(ord('a') + column)}{rows - row}", str(_janken(card)))
        for row, line in enumerate(group)
        for column, card in enumerate(line)
    )
    name = name_for("", "grid")
    return TableZone(name, "grid", "a grid of cards", "everyone", cells=cells, size=(columns, rows))


def _hands(table: Table, left_out: list[str]) -> TableZone:
    hands: list[tuple[str, ...]] = []
    for seat in range(len(table.seats)):
        hand: Hand = table.hand(seat)
        cards = [_janken(table.get(pid)) for pid in hand.contents]
        hands.append(tuple(card for card in cards if card is not None))
        if None in cards:
            left_out.append(f"{cards.count(None)} other cards in {table.seats[seat].name}'s hand")
    return TableZone("hand", "hand", "", "owner", hands=tuple(hands))


def pack_id_of(name: str) -> str:
    """A pack id from a name (``My table`` -> ``my-table``)."""
    word = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return word if word and word[0].isalnum() else "my-table"


def _cards_of(zone: TableZone) -> str:
    """The ``cards:`` of a pile or row: a whole deck face down is ``deck(...)`` (its
    order is no one's to know: the setup shuffles it), else its cards in order."""
    if zone.visibility == "nobody":
        held = sorted(zone.cards)
        for jokers in (False, True):
            if held == sorted(str(card) for card in deck(jokers=jokers)):
                return f"deck(jokers={jokers})"
    return f"cards('{' '.join(zone.cards)}')"


def _flow(data: object) -> str:
    return yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None
    )


def pack_from_table(table: Table, name: str) -> str:
    """The pack.yaml text of a new pack whose components and zones are the table's."""
    zones, left_out = table_zones(table)
    seats = len(table.seats)
    head = {
        "format": 1,
        "id": pack_id_of(name),
        "name": name,
        "summary": "A table laid out by hand, ready for its rules",
        "players": {"min": seats, "max": seats},
    }
    components: dict[str, object] = {}
    zone_defs: dict[str, object] = {}
    setup: list[object] = []
    for zone in zones:
        definition: dict[str, object] = {"visibility": zone.visibility}
        if zone.label:
            definition["label"] = zone.label
        if zone.kind == "hand":
            definition["per"] = "player"
            for seat, held in enumerate(zone.hands):
                if held:
                    components[f"hand_{seat + 1}"] = {
                        "cards": f"cards('{' '.join(held)}')",
                        "start": f"hand[{seat}]",
                    }
        elif zone.kind == "grid":
            stock = f"{zone.name}_stock"
            definition["grid"] = list(zone.size)
            # Empty once dealt: the table leaves it out (``shown``).
            zone_defs[stock] = {"visibility": "nobody", "label": "cards to deal", "shown": "False"}
            components[f"{zone.name}_cards"] = {
                "cards": f"cards('{' '.join(card for _cell, card in zone.cells)}')",
                "start": stock,
            }
            for cell, card in zone.cells:
                setup.append(
                    {
                        "move": {
                            "what": f'cards("{card}")[0]',
                            "from": stock,
                            "to": f'{zone.name}[cell("{cell}")]',
                        }
                    }
                )
        else:
            cards = _cards_of(zone)
            components[f"{zone.name}_cards"] = {"cards": cards, "start": zone.name}
            if cards.startswith("deck("):
                setup.append({"shuffle": zone.name})
        zone_defs[zone.name] = definition
    if not components:
        raise ValueError("The table has no Janken card, loose or in a hand: no pack to make of it")
    heading = [
        f"# {name}: a table laid out by hand in the Janken Sandbox, saved as a pack.",
        "# Its cards and places are the table's; its rules are still to be written.",
    ]
    if left_out:
        carried = "# Not carried over (a pack holds Janken cards only): "
        heading.append(carried + ", ".join(left_out))
    parts = [
        "\n".join(heading),
        _flow(head),
        "# The Deck: which cards there are, and where each starts.",
        _flow({"components": components}),
        "# The places on the table.",
        _flow({"zones": zone_defs}),
        "# The Deal: how the game is set up (the cards of a grid go to their cells).",
        _flow({"setup": setup}) if setup else "setup: []\n",
        "# The Play: what a player may do on a turn. One move so far: pass.",
        _flow(
            {
                "flow": {
                    "start": "play",
                    "phases": {"play": {"label": "playing", "turn": "single", "moves": ["pass"]}},
                },
                "moves": {"pass": {"text": "pass"}},
            }
        ),
        "# The End: when the game ends and who wins (this one never does yet).",
        _flow({"end": [{"check": "False", "winners": "[]", "reason": "the rules say so"}]}),
    ]
    return "\n".join(part.rstrip("\n") + "\n" for part in parts)


def write_table_pack(folder: Path, text: str, overwrite: bool = False) -> Path:
    """Write a pack's text as ``folder/pack.yaml`` (the folder made if needed);
    FileExistsError naming the file if it is there and ``overwrite`` is not asked."""
    path = folder / "pack.yaml"
    if path.exists() and not overwrite:
        raise FileExistsError(f"{path} exists already")
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
