"""Game records: a pack, its options, a seed or an explicit deal, the moves, the expected end.

>>> record = Record(pack="war", deal={"stock": [["JP"], ["2L"]]}, moves=["flip", "flip"])
>>> report = replay(record)
>>> report["outcome"]["winners"], report["ok"]
(['P2'], True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vtt.janken import Card
from vtt.rules.engine import Game, Outcome, State
from vtt.rules.errors import PackError, RulesError
from vtt.rules.finder import PLACES, FoundPack, load_game, load_game_text
from vtt.rules.moves import IllegalMove, InvalidMove, Move
from vtt.rules.pinned import Pinned, pinned_pack, text_digest, yaml_text
from vtt.rules.sheet import SHEET
from vtt.rules.shown import ERROR_CHARS, cut, excerpt
from vtt.rules.yamlsource import Document, load_yaml_file

__all__ = [
    "Record",
    "RecordError",
    "apply_recorded",
    "load_record",
    "record_of",
    "record_pack",
    "record_pinned",
    "record_source",
    "replay",
    "start_state",
]

_KEYS = {
    "pack",
    "pack_digest",
    "pack_text",
    "options",
    "players",
    "seats",
    "seed",
    "deal",
    "moves",
    "expect",
    "note",
    "seen_by",
}
_EXPECT_KEYS = {"winners", "scores", "reason", "sheet", "vars"}
#: What only a finished game has: a record expecting only ``vars`` may stop mid-game.
_OUTCOME_KEYS = {"winners", "scores", "reason"}


class RecordError(RulesError, ValueError):
    """A record file that cannot be read, naming the file and what is wrong."""


#: A move hidden from the seat a record was written for (``seen_by``), as its view
#: and log wrote it: ``Ann: chooses``.
_HIDDEN_MOVE = re.compile(r"(\S+): chooses")
_WORD = re.compile(r"[0-9A-Za-z]+")


def apply_recorded(state: State, text: str, record: Record) -> Move:
    """Make the move ``text`` of ``record`` in ``state``. A move hidden from the seat the
    record was written for (``hidden_move``) is replayed as a stand-in: that seat's first
    legal move in notation order that names no card the record names (its cards are the
    ones dealt as ``?``), else its first legal move."""
    hidden = _HIDDEN_MOVE.fullmatch(text.strip())
    if hidden is None or record.seen_by is None:
        return state.apply(Move.parse(text))
    names = [name.lower() for name in state.seat_names]
    seat = names.index(hidden[1].lower()) if hidden[1].lower() in names else None
    if seat is None or state.to_move != seat:
        raise IllegalMove(f"{hidden[1]} is not to move here")
    moves = sorted(state.legal_moves, key=str)
    if not moves:
        raise IllegalMove(f"{hidden[1]} has no move to make here")
    named = _named_cards(record)
    unnamed = (m for m in moves if not any(str(card) in named for card in _cards_of(m.values)))
    return state.apply(next(unnamed, moves[0]))


def _named_cards(record: Record) -> set[str]:
    """Every word of the record's deal and moves (the cards it names among them)."""
    words: set[str] = set()
    for text in (*record.moves, *_leaves(record.deal)):
        words.update(_WORD.findall(text))
    return words


def _leaves(node: object) -> list[str]:
    if isinstance(node, Mapping):
        return [text for value in node.values() for text in _leaves(value)]
    if isinstance(node, list | tuple):
        return [text for value in node for text in _leaves(value)]
    return [str(node)]


def _cards_of(value: object) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, list | tuple):
        return [card for item in value for card in _cards_of(item)]
    return []


@dataclass
class Record:
    """One game: enough to replay it exactly."""

    pack: str
    options: dict[str, object] = field(default_factory=dict)
    players: int | None = None
    #: The seats' names, as moves, the log and the outcome write them; None: the pack's.
    seats: list[str] | None = None
    seed: int = 0
    deal: dict[str, Any] | None = None
    moves: list[str] = field(default_factory=list)
    expect: dict[str, Any] | None = None
    #: Moves the rules must refuse, each ``(index, move, because)``: before ``moves[index]``
    #: is made, ``move`` is illegal with a reason that says ``because`` (a rule shown at work).
    refusals: list[tuple[int, str, str]] = field(default_factory=list)
    file: str = ""
    note: str = ""
    #: The seat a record of a game under way was written for (``vtt.rules.seenrecord``):
    #: its cards hidden from that seat are stand-ins, so it is only watched as that seat.
    seen_by: str | None = None
    #: The fingerprint of the pack's text the game was played with (``vtt.rules.pinned``),
    #: and that text when the record keeps it: a record the program writes names the
    #: first, and one exported from a game keeps the second too.
    pack_digest: str | None = None
    pack_text: str | None = None

    def pin(self, text: str | None, keep: bool = False) -> Record:
        """This record naming the fingerprint of ``text``, the pack's text its game was
        played with, and keeping the text itself if ``keep`` (nothing for None)."""
        if text is not None:
            self.pack_digest = text_digest(text)
            self.pack_text = text if keep else None
        return self

    def to_yaml(self) -> str:
        """The record as YAML text (the pack's text last, as a block)."""
        data: dict[str, Any] = {"pack": self.pack}
        if self.pack_digest is not None:
            data["pack_digest"] = self.pack_digest
        if self.options:
            data["options"] = self.options
        if self.players is not None:
            data["players"] = self.players
        if self.seats is not None:
            data["seats"] = self.seats
        data["seed"] = self.seed
        if self.deal is not None:
            data["deal"] = self.deal
        moves: list[Any] = list(self.moves)
        for index, move, because in sorted(self.refusals, key=lambda r: r[0], reverse=True):
            moves.insert(index, {"refused": move, "because": because})
        data["moves"] = moves
        if self.expect is not None:
            data["expect"] = self.expect
        if self.seen_by is not None:
            data["seen_by"] = self.seen_by
        if self.note:
            data["note"] = self.note
        if self.pack_text is not None:
            data["pack_text"] = self.pack_text
        return yaml_text(data)


def _check(document: Document) -> dict[str, Any]:
    data = document.data
    if not isinstance(data, dict):
        raise RecordError(f"{document.where([])}: a record is a mapping with pack: and moves:")
    for key in data:
        if key not in _KEYS:
            raise RecordError(
                f"{document.where([key])}: unknown key '{excerpt(key)}'; expected one of: "
                + ", ".join(sorted(_KEYS))
            )
    if "pack" not in data:
        raise RecordError(f"{document.where([])}: missing key 'pack'")
    if not isinstance(data.get("moves", []), list):
        raise RecordError(f"{document.where(['moves'])}: expected a list of moves")
    for index, move in enumerate(data.get("moves") or []):
        if isinstance(move, dict) and (
            set(move) != {"refused", "because"}
            or not all(isinstance(v, str) and v.strip() for v in move.values())
        ):
            raise RecordError(
                f"{document.where(['moves', index])}: a refused move is written "
                "{refused: MOVE, because: WORDS OF ITS REASON}"
            )
    seats = data.get("seats")
    if seats is not None and (
        not isinstance(seats, list) or not all(isinstance(name, str) for name in seats)
    ):
        raise RecordError(f"{document.where(['seats'])}: expected a list of seat names")
    players = data.get("players")
    if "seen_by" in data and (seats is None or data["seen_by"] not in seats):
        raise RecordError(
            f"{document.where(['seen_by'])}: seen_by must name one of the seats: listed"
        )
    if seats is not None and players is not None and players != len(seats):
        raise RecordError(
            f"{document.where(['seats'])}: {len(seats)} seat names for {players} players"
        )
    _check_types(document, data)
    for key in data.get("expect") or {}:
        if key not in _EXPECT_KEYS:
            raise RecordError(f"{document.where(['expect', key])}: unknown key '{excerpt(key)}'")
    return data


def _whole(value: object) -> bool:
    return type(value) is int


#: What each key of a record holds, and how that is said when it does not.
_TYPES: dict[str, tuple[Any, str]] = {
    "pack": (lambda v: isinstance(v, str) and v.strip() != "", "a pack id, like war"),
    "options": (
        lambda v: v is None or (isinstance(v, dict) and all(isinstance(k, str) for k in v)),
        "a mapping of option names to values",
    ),
    "players": (lambda v: v is None or _whole(v), "a whole number of players"),
    "seed": (_whole, "a whole number"),
    "deal": (lambda v: v is None or isinstance(v, dict), "a mapping of zones to what they hold"),
    "expect": (lambda v: v is None or isinstance(v, dict), "a mapping with winners:, scores:"),
    "seen_by": (lambda v: isinstance(v, str), "the name of the seat the record was written for"),
    "pack_digest": (
        lambda v: isinstance(v, str) and re.fullmatch(r"[0-9a-f]{16}", v) is not None,
        "the pack's fingerprint: 16 hexadecimal digits",
    ),
    "pack_text": (lambda v: isinstance(v, str), "the text of the pack the game was played with"),
}


def _check_types(document: Document, data: Mapping[str, Any]) -> None:
    for key, (fits, wanted) in _TYPES.items():
        if key in data and not fits(data[key]):
            raise RecordError(
                f"{document.where([key])}: expected {wanted}, not {_shown(data[key])}"
            )
    expect = data.get("expect") or {}
    for key in ("winners", "scores"):
        if key in expect and not isinstance(expect[key], list | type(None)):
            raise RecordError(f"{document.where(['expect', key])}: expected a list")
    sheet = expect.get("sheet", [])
    if not isinstance(sheet, list) or not all(isinstance(row, dict) for row in sheet):
        raise RecordError(
            f"{document.where(['expect', 'sheet'])}: expected a list of rows, each a mapping "
            "like {dealer: P3, P1: [Nil, 1, 0, -100, -5]}"
        )
    if "vars" in expect and not isinstance(expect["vars"], dict):
        raise RecordError(
            f"{document.where(['expect', 'vars'])}: expected a mapping of var names to values"
        )


def _shown(value: object) -> str:
    """A value from a file, cut short: an error message never echoes a whole file."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def load_record(path: Path | str) -> Record:
    """Read a record file (YAML)."""
    try:
        document = load_yaml_file(Path(path))
    except PackError as error:
        raise RecordError(str(error)) from None
    data = _check(document)
    return Record(
        pack=str(data["pack"]),
        options=dict(data.get("options") or {}),
        players=data.get("players"),
        seats=data.get("seats"),
        seed=int(data.get("seed", 0)),
        deal=data.get("deal"),
        moves=[str(move) for move in data.get("moves") or [] if not isinstance(move, dict)],
        refusals=_refusals(data.get("moves") or []),
        expect=data.get("expect"),
        file=str(path),
        note=str(data.get("note", "")),
        seen_by=data.get("seen_by"),
        pack_digest=data.get("pack_digest"),
        pack_text=data.get("pack_text"),
    )


def _refusals(entries: list[Any]) -> list[tuple[int, str, str]]:
    """The refused moves of a record's list, each with the index of the move it precedes."""
    found, made = [], 0
    for entry in entries:
        if isinstance(entry, dict):
            found.append((made, str(entry["refused"]), str(entry["because"])))
        else:
            made += 1
    return found


def _refused(state: State, text: str, because: str) -> dict[str, Any]:
    """The report of a move the record says is refused: ``ok`` False when it is not, or
    when its reason does not say ``because``."""
    seat = state.to_move
    entry: dict[str, Any] = {
        "move": text,
        "player": None if seat is None else state.seat_names[seat],
        "refused": True,
    }
    try:
        reason = state.explain(Move.parse(text))
    except InvalidMove as error:
        reason = str(error)
    entry.update(legal=reason is None, reason=reason)
    if reason is None:
        entry["error"] = f"{text!r} should be refused ({because}) but is legal"
    elif because not in reason:
        entry["error"] = f"{text!r} is refused, but not because of {because!r}: {reason}"
    return entry


def record_of(state: State, *, deal: Mapping[str, Any] | None = None) -> Record:
    """A record that replays to ``state`` (its pack, options, seats, seed and moves)."""
    names = state.seat_names
    return Record(
        pack=state.game.id,
        options=dict(state.options),
        players=state.players,
        seats=None if names == state.game.seat_labels(state.players) else list(names),
        seed=state.seed,
        deal=dict(deal) if deal is not None else None,
        moves=[str(move) for move in state.history],
    )


def record_pinned(record: Record) -> Pinned:
    """The pack a record names, found now, against the one it was written with
    (``pinned.pinned_pack``): an id among the shipped packs, the user's, then the
    record's own folder; or a pack folder inside the record's folder. Nothing else is
    read: a record from someone else cannot make the program open and show any other
    file, nor play its own rules under the id of a shipped pack (another copy of the
    same id is taken only among the installed packs, when its text is the very one the
    record names). RecordError when none is found and the record keeps no copy."""
    here = Path(record.file).resolve().parent if record.file else Path.cwd()
    try:
        return pinned_pack(
            record.pack, here, record.pack_digest, record.pack_text, own_folder=False
        )
    except FileNotFoundError as error:
        raise RecordError(f"{record.file or 'the record'}: {error}") from None


def record_source(record: Record) -> FoundPack:
    """The pack a record plays and where it was found (``record_pinned``); RecordError
    when none is found, even if the record keeps a copy of it."""
    found = record_pinned(record).found
    if found is None:
        raise RecordError(
            f"{record.file or 'the record'}: pack: no pack {excerpt(record.pack)!r} is "
            "installed (the record keeps a copy of it: `vtt replay --pinned` plays that)"
        )
    return found


def record_pack(record: Record) -> Path:
    """The pack.yaml a record plays (see ``record_source``)."""
    return record_source(record).path


def _game_of(record: Record) -> Game:
    return load_game(record_pack(record))


def start_state(record: Record, game: Game | None = None) -> State:
    """The first state of a recorded game."""
    chosen = game or _game_of(record)
    players = record.players
    if players is None and record.seats is not None:
        players = len(record.seats)
    return chosen.new_state(
        record.options,
        record.seed,
        players=players,
        deal=record.deal,
        seat_names=record.seats,
    )


def _outcome_json(state: State, outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {
        "winners": [state.seat_names[seat] for seat in outcome.winners],
        "reason": outcome.reason,
        "scores": list(outcome.scores) if outcome.scores is not None else None,
    }


def _seat(state: State, value: object) -> str:
    if isinstance(value, int) and 1 <= value <= state.players:
        return state.seat_names[value - 1]
    return str(value)


def _var_problems(state: State, wanted: Mapping[str, Any]) -> list[str]:
    """The vars that do not hold what the record says (a per-player var as a list)."""
    problems = []
    for name, value in wanted.items():
        if name not in state.game.vars:
            problems.append(f"expected var {name!r}, which the pack does not have")
            continue
        got = state.var(name)
        got = list(got) if isinstance(got, tuple) and isinstance(value, list) else got
        if got != value:
            problems.append(f"expected {name} {value!r}, got {got!r}")
    return problems


def _expectation_problems(state: State, expect: Mapping[str, Any]) -> list[str]:
    problems = _var_problems(state, expect.get("vars") or {})
    outcome = state.outcome
    if outcome is None:
        if _OUTCOME_KEYS & set(expect):
            problems.append("the game did not end, but the record expects an outcome")
        return problems
    if "winners" in expect:
        wanted = sorted(_seat(state, w) for w in expect["winners"] or [])
        got = sorted(state.seat_names[s] for s in outcome.winners)
        if wanted != got:
            problems.append(f"expected winners {wanted}, got {got}")
    if "scores" in expect and list(outcome.scores or []) != list(expect["scores"]):
        problems.append(f"expected scores {expect['scores']}, got {list(outcome.scores or [])}")
    if "reason" in expect and str(expect["reason"]) not in outcome.reason:
        problems.append(f"expected the reason to say {expect['reason']!r}, got {outcome.reason!r}")
    if "sheet" in expect:
        problems += _sheet_problems(state, expect["sheet"])
    return problems


def _sheet_text(value: object) -> object:
    """A value a record expects on the sheet, as the sheet writes it (a list: each)."""
    if isinstance(value, list):
        return [_sheet_text(item) for item in value]
    return "" if value is None else str(value)


def _sheet_problems(state: State, wanted: list[dict[Any, Any]]) -> list[str]:
    """How the score sheet differs from the rows a record expects (only the columns
    each expected row names are compared)."""
    rows = sheet_rows(state)
    if rows is None:
        return [f"the record expects a score sheet, but {state.game.name} keeps none"]
    if len(rows) != len(wanted):
        return [f"expected {len(wanted)} rows on the score sheet, got {len(rows)}: {rows}"]
    problems = []
    for number, (row, expected) in enumerate(zip(rows, wanted, strict=True), start=1):
        for key, value in expected.items():
            name = _seat(state, key) if isinstance(key, int) else str(key)
            if row.get(name) != _sheet_text(value):
                problems.append(
                    f"score sheet, hand {number}, {name}: expected {_sheet_text(value)}, "
                    f"got {row.get(name, 'no such column')}"
                )
    return problems


def sheet_rows(state: State) -> list[dict[str, Any]] | None:
    """The score sheet's rows as mappings (``SheetTable.mappings``); None without one."""
    sheet = state.game.sheet
    if sheet is None:
        return None
    return sheet.table(state.var(SHEET), state.seat_names).mappings()


#: How the copy of a pack a record keeps is named in its report.
KEPT_COPY = "the copy of the pack kept in the record"


def _rules_of(record: Record, report: dict[str, Any], pinned: bool) -> Game:
    """The rules a record is replayed with, and what is said of them in ``report``."""
    found = record_pinned(record)
    if pinned or found.found is None:
        if found.copy is None:
            raise RecordError(f"{record.file or 'the record'}: it keeps no copy of its pack")
        report.update(pack_from=KEPT_COPY, pack_digest=found.then)
        return load_game_text(found.copy, f"{record.file or 'the record'} (pack_text)")
    report.update(source_report(found.found))
    game = load_game(found.found.path)
    report["pack_digest"] = found.now
    if found.changed:
        report["pack_changed"] = found.change_note(game.name, "this record was written")
    return game


def source_report(source: FoundPack) -> dict[str, str]:
    """Where a replayed pack came from, for a report: its file, the place, any note."""
    said = {"pack_file": str(source.path), "pack_from": PLACES[source.place]}
    return {**said, "pack_note": source.note} if source.note else said


def replay(record: Record, game: Game | None = None, pinned: bool = False) -> dict[str, Any]:
    """Replay a record; a JSON-ready report whose ``ok`` is False at the first problem.

    Without ``game``, the pack the record names (``record_pinned``): as found now, its
    fingerprint in ``pack_digest`` and, when it is not the one the record names, what
    changed in ``pack_changed``; or, with ``pinned`` (or when the pack is found
    nowhere), the copy of the pack the record keeps."""
    report: dict[str, Any] = {"pack": record.pack}
    try:
        if game is None:
            game = _rules_of(record, report, pinned)
    except RulesError as error:
        report.update(options=record.options, moves=[], ok=False, outcome=None)
        report["error"] = cut(f"cannot start the game: {error}", ERROR_CHARS)
        return report
    report.update(options=record.options, moves=[])
    if record.seen_by is not None:
        report["seen_by"] = record.seen_by  # the game under way as this seat saw it
    try:
        state = start_state(record, game)
    except (ValueError, RulesError) as error:
        report.update(
            ok=False, error=cut(f"cannot start the game: {error}", ERROR_CHARS), outcome=None
        )
        return report
    report["options"] = dict(state.options)
    refusals = sorted(record.refusals, key=lambda r: r[0])
    for index in range(len(record.moves) + 1):
        while refusals and refusals[0][0] == index:
            _, text, because = refusals.pop(0)
            refused = _refused(state, text, because)
            report["moves"].append(refused)
            if "error" in refused:
                report.update(ok=False, error=refused["error"])
                report["outcome"] = _outcome_json(state, state.outcome)
                return report
        if index == len(record.moves):
            break
        text = record.moves[index]
        seat = state.to_move
        entry: dict[str, Any] = {
            "move": text,
            "player": None if seat is None else state.seat_names[seat],
        }
        try:
            made = apply_recorded(state, text, record)
            # A stand-in for a hidden move is shown as the record writes it.
            entry["move"] = text if _HIDDEN_MOVE.fullmatch(text.strip()) else str(made)
            entry["legal"] = True
        except (IllegalMove, InvalidMove) as error:
            entry.update(legal=False, reason=cut(str(error), ERROR_CHARS))
            report["moves"].append(entry)
            report.update(ok=False, error=cut(f"illegal move {text!r}: {error}", ERROR_CHARS))
            report["outcome"] = _outcome_json(state, state.outcome)
            return report
        except RulesError as error:  # the pack failed while playing the move
            entry.update(legal=None, reason=cut(str(error), ERROR_CHARS))
            report["moves"].append(entry)
            report.update(
                ok=False, error=cut(f"the pack failed during move {text!r}: {error}", ERROR_CHARS)
            )
            report["outcome"] = None
            return report
        report["moves"].append(entry)
    report["outcome"] = _outcome_json(state, state.outcome)
    rows = sheet_rows(state)
    if rows is not None:
        report["sheet"] = rows
    problems = _expectation_problems(state, record.expect) if record.expect else []
    report["ok"] = not problems
    if problems:
        report["error"] = "; ".join(problems)
    return report
