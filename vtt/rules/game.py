"""A rule pack: the checked record (``PackSpec``) and, compiled, the ``Game``: the same
fields, its moves' searches generated, and the moves it has made, per seat names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from vtt.rules import search
from vtt.rules.art import PackArt
from vtt.rules.errors import Where
from vtt.rules.expr import Expr
from vtt.rules.model import (
    ComponentDef,
    EndCheck,
    Env,
    LackDef,
    MoveDef,
    OptionDef,
    PhaseDef,
    StepLists,
    VarDef,
    ZoneDef,
    ZoneRef,
    taking_back,
)
from vtt.rules.moves import InvalidMove, KnownMoves, Move, read_args
from vtt.rules.outcome import pack_failure
from vtt.rules.recent import SEAT_NAMES_KEPT, Recent
from vtt.rules.ruleset import Rules
from vtt.rules.sheet import SheetDef
from vtt.rules.standing import SeatValues
from vtt.rules.starting import start_state
from vtt.rules.yamlsource import Document

if TYPE_CHECKING:
    from vtt.rules.engine import State

__all__ = ["Game", "PackSpec"]


@dataclass(frozen=True)
class PackSpec:
    """A checked rule pack: what the check pass found, typed and immutable. Its
    expressions are checked, not compiled yet; ``where(path)`` is a node's place.
    A ``Game`` is the same record, compiled (``vtt.rules.loader.compile_pack``)."""

    id: str
    name: str
    players: tuple[int, int, int]
    seat_names: tuple[str, ...]
    options: tuple[OptionDef, ...]
    variants: Mapping[str, Mapping[str, object]]
    constraints: tuple[tuple[Expr, str], ...]
    constants: Mapping[str, object]
    components: tuple[ComponentDef, ...]
    zones: Mapping[str, ZoneDef]
    vars: Mapping[str, VarDef]
    #: Every step list: setup, each move's effects, each phase's lists.
    steps: StepLists
    phases: Mapping[str, PhaseDef]
    start: str
    moves: Mapping[str, MoveDef]
    end: tuple[EndCheck, ...] = ()
    scores: Expr | None = None
    #: Each seat's standing for the computer players (``value:``), read instead of
    #: the scores; and the moves a random playout runs before it (``playout:``).
    value: SeatValues | None = None
    playout: int | None = None
    #: The moves after which the simulator stops a game (``max_moves:``).
    max_moves: int | None = None
    #: The score sheet's columns (``sheet:``), written by ``write_sheet`` steps.
    sheet: SheetDef | None = None
    rest_zone: ZoneRef | None = None
    #: What a failure to follow suit (or the like) shows about a hidden hand.
    lacks: tuple[LackDef, ...] = ()
    path: str = ""
    kind: str = "game"
    #: The options and constants a set of options writes into the step lists
    #: (``vtt.rules.ruleset``): those no step or argument binds anew.
    static_names: frozenset[str] = frozenset()
    #: What players read: the pack's one-line summary and each variant's label.
    summary: str = ""
    variant_labels: Mapping[str, str] = field(default_factory=dict)
    #: The pack's own images and what they dress (``art:``), checked; None without.
    art: PackArt | None = field(default=None, compare=False)
    #: The YAML read, for the places of nodes (a Game keeps none).
    source: Document | None = field(default=None, repr=False, compare=False)

    def where(self, path: Iterable[str | int]) -> Where:
        """The file, line and column of the node at ``path`` (its key)."""
        return self.source.where(path) if self.source else Where(self.path)


@dataclass(frozen=True, eq=False)
class Game(PackSpec):
    """A loaded rule pack: the checked record (``PackSpec``, its fields unchanged), with
    each move's search compiled, and the caches of the Moves it makes (compared as the
    record is: by its fields)."""

    # The Game's own (set by ``__post_init__``, never given): see there.
    _spellings: Recent[tuple[str, ...], _Spelling] = field(init=False, repr=False)
    _blanks: Recent[tuple[object, ...], State] = field(init=False, repr=False)
    _started: Recent[int, tuple[State, State]] = field(init=False, repr=False)
    _seat_games: dict[int, Game] = field(init=False, repr=False)
    _seat: int | None = field(init=False, repr=False)
    _copying: tuple[tuple[str, int], ...] = field(init=False, repr=False)
    _per_player_vars: tuple[str, ...] = field(init=False, repr=False)
    takes_back: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # The record's fields stay as they are (frozen); what follows is the Game's own.
        made: dict[str, object] = {
            # The Move values made so far, per spelling of the seats: a player
            # argument's text is its seat's name, which differs between games of one
            # pack. These caches per seat names keep the most recently used only
            # (``vtt.rules.recent``): a host playing game after game with new names
            # keeps no more than that.
            "_spellings": Recent(SEAT_NAMES_KEPT),
            # (options, seat names) -> blank, found by the options as given and as checked
            "_blanks": Recent(2 * SEAT_NAMES_KEPT),
            # id of a blank -> (that blank, its first position), when starting it drew
            # nothing from the random numbers (the blank is kept alive with it, so its
            # id is not another's while the entry lasts)
            "_started": Recent(SEAT_NAMES_KEPT),
            # The pack as each seat's views carry it (``for_seat``), and whose copy this is.
            "_seat_games": {},
            "_seat": None,
            "_copying": tuple((zone.name, zone.depth) for zone in self.zones.values()),
            "_per_player_vars": tuple(var.name for var in self.vars.values() if var.per_player),
            # True when a move may take back the turn under way: states then keep the
            # position before each turn (``State.turn_start``).
            "takes_back": any(taking_back(steps) for steps in self.steps.effects.values()),
        }
        for name, value in made.items():
            object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        return f"<Game {self.id!r}>"

    def hides_anything(self) -> bool:
        """True if one seat may know what another may not: a zone or a var not seen by
        everyone, a move made in secret."""
        return (
            any(zone.visibility != "everyone" for zone in self.zones.values())
            or any(var.visibility != "everyone" for var in self.vars.values())
            or any(move.secret for move in self.moves.values())
        )

    def for_seat(self, seat: int) -> Game:
        """This pack as ``seat``'s views carry it, for its agents to search
        (``vtt.rules.sampling``): the same rules, but caches of its own, so that none
        of the Moves this game made (every seat's legal moves, the secret choices) can
        be reached from a view. Made once per seat; the copy is its own for every seat."""
        if self._seat is not None:
            return self  # already a seat's: its states hold nothing more than that seat's
        found = self._seat_games.get(seat)
        if found is None:
            found = self._seat_games[seat] = replace(self)  # the fields, and caches anew
            object.__setattr__(found, "_seat", seat)
        return found

    def stable_names(self) -> frozenset[str]:
        """Names whose values keep their identity while steps run: zones, per-player
        vars (lists changed in place), options, constants and the seat lists."""
        options = [option.name for option in self.options]
        return frozenset(
            [*self.zones, *self._per_player_vars, *options, *self.constants, "seats", "seat_names"]
        )

    def rules_for(self, env: Env) -> Rules:
        """The rules of this game with the options in ``env``, ready to run."""
        return Rules.of(self, env)

    def fixed_values(self, env: Env) -> dict[str, object]:
        """The options and constants of a game, which never change while it runs."""
        names = [option.name for option in self.options] + list(self.constants)
        return {name: env[name] for name in names if name in env}

    def option_sets(self) -> dict[str, object]:
        """The default value of every option."""
        return {option.name: option.default for option in self.options}

    def new_state(
        self,
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        *,
        players: int | None = None,
        deal: Mapping[str, Any] | None = None,
        seat_names: Sequence[str] | None = None,
    ) -> State:
        """A new game: options checked, components placed, setup run, first phase entered.

        ``seat_names`` name the seats in moves, the log and the outcome (default: the
        pack's ``seats``, else P1, P2, ...); each is one word, different from the others."""
        if self.kind == "setup":
            raise ValueError(f"{self.name} is a free-form setup: it has no rules to play")
        try:
            return start_state(self, dict(options or {}), seed, players, deal, seat_names)
        except Exception as error:
            pack_failure(error)
            raise

    def seat_labels(self, count: int) -> tuple[str, ...]:
        """The seat names for ``count`` players (P1, P2, ... unless the pack names them)."""
        if len(self.seat_names) >= count:
            return self.seat_names[:count]
        return tuple(f"P{i + 1}" for i in range(count))

    def chosen_seat_names(self, names: Sequence[str] | None, count: int) -> tuple[str, ...]:
        """``names`` checked as the seat names of a ``count``-player game (``seat_labels``
        when None); ValueError saying what is wrong."""
        if names is None:
            return self.seat_labels(count)
        chosen = tuple(names)
        if len(chosen) != count:
            raise ValueError(f"{len(chosen)} seat names for {count} players")
        seen: set[str] = set()
        for name in chosen:
            # Move notation writes a seat as one word ("give Ann"), read back ignoring case.
            if not isinstance(name, str) or name.split() != [name]:
                raise ValueError(f"seat name {name!r} must be one word, like Ann")
            if name.lower() in seen:
                raise ValueError(f"two seats are named {name!r}: each seat needs its own name")
            seen.add(name.lower())
        return chosen

    def parse_move(self, text: str, seat_names: Sequence[str] | None = None) -> Move:
        """The canonical move written as ``text``; raises InvalidMove if it is not notation."""
        return self.resolve(Move.parse(text), seat_names or self.seat_labels(self.players[1]))[0]

    def resolve(
        self, move: Move, seat_names: Sequence[str]
    ) -> tuple[Move, MoveDef, tuple[Any, ...]]:
        """The canonical move, its kind and argument values."""
        spelling = self._spelling(seat_names)
        if move.kind is not None and move.names is spelling.names:  # one this game made
            return move, move.kind, move.values
        known = spelling.resolved.get(move)
        if known is not None:
            return known, known.kind, known.values
        for kind in self.moves.values():
            values = read_args(kind, move.text, seat_names)
            if values is not None:
                canonical = self.move_of(kind, values, seat_names)
                spelling.resolved[canonical] = canonical
                return canonical, kind, values
        raise InvalidMove(f"{move.text!r} is not a move of {self.name}")

    def move_of(self, kind: MoveDef, values: tuple[Any, ...], seat_names: Sequence[str]) -> Move:
        """The Move value for a kind and its arguments (made once per seat names, then reused)."""
        spelling = self._spelling(seat_names)
        known = spelling.known[kind.name]
        move: Move | None = known.get(values)
        if move is None:
            # Its text is written when first read: a search makes far more than it shows.
            family = spelling.family(kind)

            def make() -> Move:
                made = object.__new__(family)
                object.__setattr__(made, "values", values)
                return made

            shared = getattr(kind.generator, "shared", None)  # the search keeps its own
            move = known[values] = shared(known, values, make) if shared else make()
        return move

    def move_family(self, kind: MoveDef, seat_names: Sequence[str]) -> type[Move]:
        """The class of the Moves of ``kind`` with these seat names (``Move.family``): a
        search that keeps the Moves it makes itself makes them as ``family`` objects."""
        return self._spelling(seat_names).family(kind)

    def known_moves(self, kind: MoveDef, seat_names: Sequence[str]) -> dict[tuple[Any, ...], Move]:
        """The Moves of ``kind`` made so far with these seat names, by argument values."""
        return self._spelling(seat_names).known[kind.name]

    def _spelling(self, seat_names: Sequence[str]) -> _Spelling:
        key = tuple(seat_names)
        spellings = self._spellings
        spelling = spellings.get(key)  # Recent.find written out: a move made asks it
        if spelling is None:
            known = {name: KnownMoves() for name in self.moves}
            return spellings.keep(key, _Spelling(known, {}, key))
        spellings.move_to_end(key)
        return spelling

    # --- search (vtt.rules.search, docs/engine.md) ------------------------------------

    def move_to_action(self, move: Move | str, players: int | None = None) -> int:
        """The stable integer of a move (the same in every process for this pack)."""
        given = Move.parse(move) if isinstance(move, str) else move
        return search.codec_of(self).action(given, self.seat_labels(players or self.players[2]))

    def action_to_move(self, action: int, players: int | None = None) -> Move:
        """The move an action stands for, named for ``players`` seats (default: the
        pack's default); ValueError when it stands for none."""
        return search.codec_of(self).move(action, self.seat_labels(players or self.players[2]))


@dataclass(frozen=True, slots=True)
class _Spelling:
    """The Moves made for one tuple of seat names: by kind name and argument values, and
    back from a Move to its kind and values."""

    known: dict[str, KnownMoves]
    resolved: dict[Move, Move]  # the canonical moves read from text, by their text
    names: tuple[str, ...]
    families: dict[str, type[Move]] = field(default_factory=dict)  # by kind name

    def family(self, kind: MoveDef) -> type[Move]:
        """The class of the Moves of ``kind`` (see ``Move.family``), made once."""
        found = self.families.get(kind.name)
        if found is None or found.kind is not kind:
            found = self.families[kind.name] = Move.family(kind, self.names)
        return found
