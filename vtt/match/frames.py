"""What one seat may know and do now, as one plain value: the seat's frame.

A :class:`SeatFrame` is built from the full state for one seat (:func:`seat_frame`)
and holds nothing that seat may not know: the zones as its view shows them (a hidden
stack as its count), the vars it may see, its log and its moves made; what the table
draws, worked out here so that a client needs no state (the zones laid out now, the
vars drawn as bars with their maxima, the lines written on the table, the vars listed
beside it, the scores when everything is in sight, who played each card of a trick);
and, when this seat is to move (or, in a simultaneous phase, still to choose: each
seat its own), each legal move with its text, action number, kind,
footprint (what moves from where to where; a component the seat cannot see is never
named: ``""``), the cards of a move that takes a set of cards (picked in the hand),
and the moves built from a target and cards gathered against it.

The *spectator frame* (``seat`` None) shows what every seat sees: no hand, no var
only some seat sees, no secret move.

Every value in a frame is plain (``vtt.match.plain``): ``frame.to_json()`` and
:func:`frame_from_json` make the same frame again, equal to the one written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from vtt.janken import Card
from vtt.match.plain import JsonValue, from_json, plain, record, to_json
from vtt.rules.build import Target, builds_of, judge
from vtt.rules.engine import State
from vtt.rules.expr import EvalError
from vtt.rules.footprint import Footprint
from vtt.rules.game import Game
from vtt.rules.model import VarDef, bar_maximum, shown_now
from vtt.rules.moves import Move
from vtt.rules.outcome import Outcome
from vtt.rules.search import _engine_names, is_simultaneous
from vtt.rules.values import Grid, Piece
from vtt.rules.views import UNSEEN, Hidden, View, view_of

__all__ = [
    "HIDDEN_COMPONENT",
    "Bar",
    "BuildVerdict",
    "BuiltMove",
    "FrameBuilds",
    "FrameMove",
    "FrameOutcome",
    "Key",
    "Pick",
    "ReplayInfo",
    "SeatFrame",
    "TableLine",
    "VarLine",
    "build_verdict",
    "changed_places",
    "frame_from_json",
    "places_of",
    "seat_frame",
]

#: A place: a zone name and the indexes of one instance, ``("board", Cell(1, 1))``.
Key: TypeAlias = tuple[Any, ...]

#: A footprint's component the seat cannot see (a card drawn from a face-down pile).
HIDDEN_COMPONENT = ""

#: The seat a spectator's view is worked out for: one that owns nothing.
_NOBODY = -1

record(Footprint)


@record
@dataclass(frozen=True)
class Pick:
    """The cards a move taking a set of cards takes (``pass 4R 9S KW``), as written,
    and how many its kind takes at least and at most."""

    cards: tuple[str, ...]
    least: int
    most: int


@record
@dataclass(frozen=True)
class FrameMove:
    """One legal move of the seat to move."""

    text: str
    #: Its action number (``State.move_to_action``), None if it has none.
    action: int | None
    #: Its kind's name (``play``, ``bid``).
    kind: str
    #: The types of its kind's arguments (``card``, ``number``), and its values.
    arg_types: tuple[str, ...]
    values: tuple[Any, ...]
    #: What it moves from where to where (its component ``HIDDEN_COMPONENT`` when the
    #: seat cannot see it), None when it moves nothing of its own.
    footprint: Footprint | None = None
    #: The cards it takes when its kind's one argument is a set of cards.
    pick: Pick | None = None


@record
@dataclass(frozen=True)
class BuiltMove:
    """A legal move built from a target card and cards gathered against it."""

    target: str
    place: Key
    cards: tuple[str, ...]
    text: str


@record
@dataclass(frozen=True)
class BuildVerdict:
    """What the cards gathered against a target make now, for the seat building the
    move (``vtt.rules.build.judge`` as plain values): the legal move's text, else the
    pack's reason or the arguments still to choose; the move's tally; how far the cards
    got through the rules (``stage``); the notation of the kind of move (``attack {a}
    with {b}``)."""

    notation: str
    move: str | None
    reason: str | None
    missing: tuple[str, ...]
    tally: str | None
    stage: int


@record
@dataclass(frozen=True)
class FrameBuilds:
    """The legal built moves (``vtt.rules.build``), and the cards the seat may gather
    at all (dragging one onto a target it cannot take says why)."""

    moves: tuple[BuiltMove, ...] = ()
    pool: tuple[str, ...] = ()


@record
@dataclass(frozen=True)
class Bar:
    """A var drawn as a bar: its value filled out of its maximum; ``seat`` -1 for a
    global var."""

    var: str
    seat: int
    label: str
    value: float
    maximum: float


@record
@dataclass(frozen=True)
class VarLine:
    """A var listed beside the table: its label and value as players read them."""

    var: str
    label: str
    text: str


@record
@dataclass(frozen=True)
class TableLine:
    """A var written on the table (``on_table``): its text."""

    var: str
    text: str


@record
@dataclass(frozen=True)
class FrameOutcome:
    """How the game ended: the winners (none: a draw), why, the scores; ``resigned``:
    the seat that resigned, if one did."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[Any, ...] | None = None
    resigned: int | None = None


@record
@dataclass(frozen=True)
class ReplayInfo:
    """A record being replayed: the position shown (after ``at`` of ``length`` moves),
    the moves as the frame's eyes read them, the seats it may be watched as, and
    whether it may be watched with every hand open."""

    at: int
    length: int
    moves: tuple[str, ...]
    seats: tuple[int, ...]
    open_hands: bool


@record
@dataclass(frozen=True)
class SeatFrame:
    """What one seat (None: a spectator) may know and do now; see the module's doc."""

    seat: int | None
    #: Counts the match's changes: a frame of an older position has a lower one.
    generation: int
    pack: str
    seat_names: tuple[str, ...]
    colours: tuple[str, ...]
    #: Who plays each seat: "person", "computer:LEVEL" or "remote".
    kinds: tuple[str, ...]
    phase: str
    phase_label: str
    to_move: int | None
    current: int
    pending: tuple[int, ...]
    #: The seats still playing.
    players: tuple[int, ...]
    direction: int
    outcome: FrameOutcome | None
    #: Every hand open (a finished game's replay watched by nobody in particular).
    open_hands: bool
    zones: Mapping[str, Any]
    #: The zones the table lays out now (``State.laid_out``), in the pack's order.
    laid_out: tuple[str, ...]
    uses_cards: bool
    vars: Mapping[str, Any]
    listed: tuple[VarLine, ...]
    bars: tuple[Bar, ...]
    table_lines: tuple[TableLine, ...]
    #: The scores: the outcome's, else the pack's as they stand when every zone is in
    #: sight of all (they tell nobody anything new), else None.
    scores: tuple[Any, ...] | None
    log: tuple[str, ...]
    history: tuple[str, ...]
    played: Mapping[Key, tuple[int | None, ...]]
    revealed: frozenset[Key]
    moves: tuple[FrameMove, ...] = ()
    builds: FrameBuilds = field(default_factory=FrameBuilds)
    #: The last move's footprint as this seat may see it (None: not to be shown).
    last: Footprint | None = None
    can_undo: bool = False
    can_redo: bool = False
    replay: ReplayInfo | None = None
    #: The vars shown now (their ``shown`` holds), in the pack's order: listed, drawn
    #: as bars or written on the table.
    shown_vars: tuple[str, ...] = ()
    #: In a simultaneous phase, the move this seat chose ahead of its turn in the
    #: engine's order (made when it comes), else None.
    chosen: str | None = None
    #: The game's options (every player knows them).
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        """True once the game has an outcome."""
        return self.outcome is not None

    @property
    def my_turn(self) -> bool:
        """True if this frame's seat has moves to make now."""
        return bool(self.moves) or bool(self.builds.moves)

    def view(self, game: Game | None = None) -> View:
        """The frame's zones, vars and log as the rules' ``View`` (laid out as seat 0
        sees the table for a spectator), for code that draws a view; given the pack's
        ``game``, the view carries the seat's copy of it (``Game.for_seat``), as
        ``State.view`` does, for code that reads the pack's make-up."""
        seat = self.seat if self.seat is not None else 0
        return View(
            seat=seat,
            seat_names=self.seat_names,
            phase=self.phase,
            to_move=self.to_move,
            current=self.current,
            players=self.players,
            zones=self.zones,
            vars=self.vars,
            log=self.log,
            outcome=None
            if self.outcome is None
            else Outcome(self.outcome.winners, self.outcome.reason, self.outcome.scores),
            history=self.history,
            pending=self.pending,
            direction=self.direction,
            revealed=self.revealed,
            played=self.played,
            options=self.options,
            game=None if game is None else game.for_seat(seat),
        )

    def to_json(self) -> dict[str, JsonValue]:
        """The frame as JSON data (``frame_from_json`` reads it back)."""
        data: dict[str, JsonValue] = to_json(self)
        return data


def places_of(frame: SeatFrame) -> dict[Key, Any]:
    """Every place of the frame's zones (one stack: a pile, a hand, a cell of a grid)
    by its key, with what it shows: its components, bottom first, or ``Hidden``."""
    found: dict[Key, Any] = {}
    for name, node in frame.zones.items():
        _collect_places(node, (name,), found)
    return found


def _collect_places(node: Any, key: Key, found: dict[Key, Any]) -> None:
    if isinstance(node, Hidden) or (
        isinstance(node, tuple) and not any(isinstance(c, tuple | dict | Hidden) for c in node)
    ):
        found[key] = node
        return
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for index, child in items:
        _collect_places(child, (*key, index), found)


def changed_places(before: SeatFrame, after: SeatFrame) -> set[Key]:
    """The places whose contents differ between two frames (a place that came or went
    too): what a table redraws after a move."""
    old, new = places_of(before), places_of(after)
    return {key for key in old.keys() | new.keys() if old.get(key) != new.get(key)}


def frame_from_json(data: JsonValue) -> SeatFrame:
    """The frame ``SeatFrame.to_json`` wrote; ValueError if ``data`` is not one."""
    frame = from_json(data)
    if not isinstance(frame, SeatFrame):
        raise ValueError("not a seat frame's JSON form")
    return frame


# ------------------------------------------------------------------ building


def seat_frame(
    state: State,
    seat: int | None,
    *,
    open_hands: bool = False,
    moves: bool = True,
    generation: int = 0,
    colours: Sequence[str] = (),
    kinds: Sequence[str] = (),
    outcome: FrameOutcome | None = None,
    last: Footprint | None = None,
    can_undo: bool = False,
    can_redo: bool = False,
    replay: ReplayInfo | None = None,
) -> SeatFrame:
    """The frame of ``seat`` (None: the spectator's) in ``state``: with every hand open
    when ``open_hands``; with its legal moves when ``moves`` and it is to move (or
    still to choose in a simultaneous phase).
    ``outcome``: how the game ended when the state does not say (a resignation).
    ``last``: the last move's footprint, shown only as far as the seat may see it."""
    if open_hands:
        view = view_of(state, seat if seat is not None else 0, open_hands=True)
    else:
        view = view_of(state, seat if seat is not None else _NOBODY)
    game = state.game
    names = state.seat_names
    # What the table draws is worked out from the view alone (``_seen_env``), so that
    # a pack's ``shown:`` or ``bar:`` reading a hidden card or var tells nobody anything.
    env = _seen_env(state, view)
    shown_vars = {
        name: plain(value)
        for name, value in view.vars.items()
        if shown_now(game.vars[name].shown, env)
    }
    bars = _bars(game.vars, shown_vars, env, names)
    lines = _table_lines(game.vars, shown_vars, names)
    drawn = {bar.var for bar in bars} | {line.var for line in lines}
    ended = outcome or _outcome(state.outcome)
    to_move = state.to_move if ended is None else None
    asked = _asked(state, seat) if moves and ended is None and not open_hands else None
    return SeatFrame(
        seat=seat,
        generation=generation,
        pack=game.id,
        seat_names=tuple(names),
        colours=tuple(colours),
        kinds=tuple(kinds),
        phase=state.phase,
        phase_label=game.phases[state.phase].label,
        to_move=to_move,
        current=view.current,
        pending=tuple(view.pending) if ended is None else (),
        players=tuple(view.players),
        direction=view.direction,
        outcome=ended,
        open_hands=open_hands,
        zones=plain(view.zones),
        laid_out=_laid_out(state, view, env),
        uses_cards=not all(isinstance(c, Piece) for c in state.components()),
        vars=plain(view.vars),
        listed=_listed(game.vars, shown_vars, drawn, names),
        bars=bars,
        table_lines=lines,
        scores=ended.scores if ended is not None else _live_scores(state, env),
        log=tuple(view.log),
        history=tuple(view.history),
        played=plain(view.played),
        revealed=plain(view.revealed),
        moves=_moves(asked, view) if asked is not None else (),
        builds=_builds(asked, view) if asked is not None else FrameBuilds(),
        last=_last_seen(last, view),
        can_undo=can_undo,
        can_redo=can_redo,
        replay=replay,
        shown_vars=tuple(shown_vars),
        options=plain(state.options),
    )


def _seen_env(state: State, view: View) -> dict[str, Any]:
    """The names a pack's display expressions read, as the view has them: the pack's
    own names only (no move's arguments), every hidden stack as many ``UNSEEN``
    components, every var not seen ``UNSEEN``. An expression reading something
    hidden fails, or reads the same whatever is hidden."""
    env = state.env
    seen = {name: env[name] for name in _engine_names(state) if name in env}
    seen["me"] = view.pending[0] if view.pending else view.current
    for zone in state.game.zones.values():
        seen[zone.name] = _rebuilt(view.zones[zone.name], env[zone.name], zone.depth)
    for var in state.game.vars.values():
        value = view.vars[var.name]
        seen[var.name] = list(value) if var.per_player else value
    return seen


def _rebuilt(node: Any, like: Any, depth: int) -> Any:
    """A zone's contents as the state keeps them (lists, grids) from its view: a hidden
    stack as that many ``UNSEEN``."""
    if depth == 0:
        return [UNSEEN] * node.count if isinstance(node, Hidden) else list(node)
    if isinstance(like, Grid):
        grid = like.copy()
        for cell, child in node.items():
            grid[cell] = _rebuilt(child, like[cell], depth - 1)
        return grid
    return [_rebuilt(child, like[index], depth - 1) for index, child in enumerate(node)]


def _laid_out(state: State, view: View, env: dict[str, Any]) -> tuple[str, ...]:
    """The zones the table lays out now: their ``shown`` holds, or they hold something
    (as ``State.laid_out`` says, read off the view)."""
    return tuple(
        zone.name
        for zone in state.game.zones.values()
        if shown_now(zone.shown, env) or _holds(view.zones[zone.name], zone.depth)
    )


def _holds(node: Any, depth: int) -> bool:
    if depth == 0:
        return len(node) > 0
    children = node.values() if isinstance(node, dict) else node
    return any(_holds(child, depth - 1) for child in children)


def _asked(state: State, seat: int | None) -> State | None:
    """The state in which ``seat`` chooses its move now: this one for the seat to move;
    in a simultaneous phase (``turn: each`` with a secret move), for another seat still
    to choose, a copy that asks it first (the choices do not depend on each other's,
    as ``search.legal_actions`` has it); else None (no moves in the seat's frame)."""
    if seat is None or state.outcome is not None:
        return None
    if seat == state.to_move:
        return state
    if seat not in state.pending or not is_simultaneous(state):
        return None
    ahead = state.copy()
    ahead.pending = (seat, *(s for s in state.pending if s != seat))
    ahead.invalidate()
    return ahead


def _outcome(outcome: Outcome | None) -> FrameOutcome | None:
    if outcome is None:
        return None
    scores = None if outcome.scores is None else plain(outcome.scores)
    return FrameOutcome(tuple(outcome.winners), outcome.reason, scores)


def _label(var: VarDef, name: str) -> str:
    return var.label or name.replace("_", " ")


def _bars(
    defined: Mapping[str, VarDef], values: Mapping[str, Any], env: Any, names: Sequence[str]
) -> tuple[Bar, ...]:
    """The vars drawn as bars now: those with a ``bar`` whose values the seat sees and
    are numbers, and whose maximum can be worked out."""
    found: list[Bar] = []
    for name, value in values.items():
        var = defined[name]
        if var.bar is None:
            continue
        each = value if var.per_player and isinstance(value, tuple) else (value,)
        if any(v is UNSEEN or type(v) not in (int, float) for v in each):
            continue
        top = bar_maximum(var.bar, env)
        if top is None:
            continue
        label = _label(var, name)
        if var.per_player and isinstance(value, tuple):
            for seat, one in enumerate(value):
                who = names[seat] if seat < len(names) else f"P{seat + 1}"
                found.append(Bar(name, seat, f"{who} · {label}", one, top))
        else:
            found.append(Bar(name, -1, label, value, top))
    return tuple(found)


def _table_lines(
    defined: Mapping[str, VarDef], values: Mapping[str, Any], names: Sequence[str]
) -> tuple[TableLine, ...]:
    """The ``on_table`` vars to write now, in the pack's order: seen and not empty."""
    found = []
    for name, var in defined.items():
        value = values.get(name, UNSEEN)
        if not var.on_table or value is UNSEEN:
            continue
        text = var.value_text(value, names)
        if text:
            found.append(TableLine(name, text))
    return tuple(found)


def _listed(
    defined: Mapping[str, VarDef],
    values: Mapping[str, Any],
    drawn: set[str],
    names: Sequence[str],
) -> tuple[VarLine, ...]:
    """The vars listed beside the table: shown now, not drawn as a bar or a line."""
    found = []
    for name, value in values.items():
        if name in drawn:
            continue
        var = defined[name]
        if var.per_player and isinstance(value, tuple) and len(value) == len(names):
            text = ", ".join(
                f"{n} {var.value_text(v, names)}" for n, v in zip(names, value, strict=True)
            )
        else:
            text = var.value_text(value, names)
        found.append(VarLine(name, _label(var, name), text))
    return tuple(found)


def _live_scores(state: State, env: dict[str, Any]) -> tuple[Any, ...] | None:
    """The pack's scores as they stand, in a game where everything is in sight (so
    they tell nobody anything new, as JANTORI's points); else None."""
    game = state.game
    if game.scores is None or any(z.visibility != "everyone" for z in game.zones.values()):
        return None
    try:
        scores: tuple[Any, ...] = plain(tuple(game.scores(env)))  # type: ignore[arg-type]
        return scores
    except (EvalError, TypeError, ValueError):
        return None


def _hidden_at(view: View, key: Key) -> bool:
    """True if the seat cannot see the stack at the place ``key``."""
    node: Any = view.zones.get(key[0])
    try:
        for index in key[1:]:
            node = node[index]
    except (KeyError, IndexError, TypeError):
        return True
    return not isinstance(node, tuple) or isinstance(node, Hidden)


def _masked(foot: Footprint, view: View) -> Footprint:
    """The footprint as the seat may see it: its component unnamed when hidden where
    it lies."""
    if _hidden_at(view, foot.source):
        return Footprint(HIDDEN_COMPONENT, foot.source, foot.target)
    return Footprint(plain(foot.component), foot.source, foot.target)


def _last_seen(last: Footprint | None, view: View) -> Footprint | None:
    """The last move's footprint for this seat: none when the move is hidden from it;
    its component unnamed when the seat cannot see where it went."""
    if last is None or (view.history and view.history[-1] == "chooses"):
        return None
    if _hidden_at(view, last.target):
        return Footprint(HIDDEN_COMPONENT, last.source, last.target)
    return Footprint(plain(last.component), last.source, last.target)


def _kind_of(state: State, move: Move) -> tuple[Any, tuple[Any, ...]]:
    kind, values = move.kind, move.values
    if kind is None:
        _, kind, values = state.game.resolve(move, state.seat_names)
    return kind, values


def _moves(state: State, view: View) -> tuple[FrameMove, ...]:
    """The legal moves of the seat to move, as frames carry them."""
    feet = state.footprints()
    found = []
    for move in state.legal_list():
        kind, values = _kind_of(state, move)
        foot = feet.get(move)
        pick = None
        if len(kind.args) == 1 and kind.args[0].type == "cards":
            arg = kind.args[0]
            pick = Pick(tuple(sorted(str(card) for card in values[0])), arg.low, arg.high)
        found.append(
            FrameMove(
                text=move.text,
                action=_action(state, move),
                kind=kind.name,
                arg_types=tuple(arg.type for arg in kind.args),
                values=plain(values),
                footprint=None if foot is None else _masked(foot, view),
                pick=pick,
            )
        )
    return tuple(found)


def _action(state: State, move: Move) -> int | None:
    try:
        return state.move_to_action(move)
    except (ValueError, KeyError):
        return None


def _builds(state: State, view: View) -> FrameBuilds:
    """The legal built moves; the pool of cards only those the seat sees."""
    builds = builds_of(state)
    if not builds.moves and not builds.pool:
        return FrameBuilds()
    seen = {str(c) for c in view.visible_components()}
    moves = tuple(
        BuiltMove(str(target.card), plain(target.place), tuple(sorted(map(str, cards))), move.text)
        for target, sets in builds.moves.items()
        for cards, move in sets.items()
    )
    pool = tuple(sorted(str(card) for card in builds.pool if str(card) in seen))
    return FrameBuilds(moves, pool)


def build_verdict(
    state: State, target: str, place: Key, cards: Sequence[str]
) -> BuildVerdict | None:
    """What the cards written ``cards`` gathered against the card ``target`` at ``place``
    make now for the seat to move (None: no built move is aimed at that card there)."""
    verdict = judge(
        state, Target(Card.parse(target), place), frozenset(Card.parse(card) for card in cards)
    )
    if verdict is None:
        return None
    return BuildVerdict(
        verdict.kind.text,
        verdict.move.text if verdict.move is not None else None,
        verdict.reason,
        tuple(verdict.missing),
        verdict.tally,
        verdict.stage,
    )
