"""Table model: shuffle, deal, undo, save and load (issue: foundation)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks import Result, median_ms
from vtt.table import Table
from vtt.table.layout import build_table
from vtt.table.savefile import load_table, save_table

GROUP = "Table model"


def deck_table(decks: int = 1, seats: int = 5) -> Table:
    """A table with ``decks`` full Janken decks in one face-down stack."""
    layout = {"objects": [{"stack": "deck", "cards": {"decks": decks}, "face_up": False}]}
    return build_table(layout, seats, seed=1)


def goal(name: str, value: float, limit: float) -> Result:
    return Result(GROUP, name, value, "ms", f"< {limit:g} ms", value < limit)


def bench_shuffle() -> Result:
    table = deck_table()
    return goal("shuffle a 70-card stack", median_ms(lambda: table.shuffle("deck"), repeat=200), 10)


def bench_deal() -> Result:
    tables: list[Table] = []

    def setup() -> None:
        tables.append(deck_table())

    def deal() -> None:
        tables[-1].deal("deck", 14)

    return goal("deal 70 cards to 5 hands", median_ms(deal, repeat=100, setup=setup), 10)


def bench_undo() -> Result:
    tables: list[Table] = []

    def setup() -> None:
        table = deck_table()
        for n in range(1000):  # a realistic mix: moves, flips, draws and plays
            match n % 4:
                case 0:
                    table.take("deck", 1, (float(n), 0.0)) if "deck" in table.objects else None
                case 1:
                    table.rotate(table.on_table()[-1].id, 45.0)
                case 2:
                    table.flip(table.on_table()[-1].id)
                case _:
                    table.move({table.on_table()[-1].id: (float(n), 5.0)})
        tables.append(table)

    def undo_all() -> None:
        table = tables[-1]
        for _ in range(1000):
            table.undo()

    return goal("undo 1,000 operations", median_ms(undo_all, repeat=20, setup=setup), 10)


def bench_save_load() -> list[Result]:
    table = deck_table(decks=5)
    table.shuffle("deck")
    table.deal("deck", 10)
    folder = Path(tempfile.mkdtemp())
    path = folder / "five-decks.jtable"
    save = median_ms(lambda: save_table(table, path), repeat=30)
    load = median_ms(lambda: load_table(path), repeat=30)
    size = path.stat().st_size / 1024
    return [
        goal("save a table of 350 cards", save, 50),
        goal("load a table of 350 cards", load, 50),
        Result(GROUP, "size of that file", size, "KiB"),
    ]


def run() -> list[Result]:
    """Every table-model figure."""
    return [bench_shuffle(), bench_deal(), bench_undo(), *bench_save_load()]
