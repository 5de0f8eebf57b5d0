"""The one boundary between the rules and whoever plays them (no Qt).

A :class:`~vtt.match.match.Match` holds one game's full state; a seat (a person at
the window, the terminal, a computer, later a remote player) sends it
:mod:`commands <vtt.match.commands>` and reads :class:`frames
<vtt.match.frames.SeatFrame>`: what that seat may know and do now, as plain values
that go through JSON unchanged. See docs/engine.md, "Matches, seat frames and
commands".
"""

from vtt.match.commands import (
    BuildQuestion,
    Command,
    DropQuestion,
    HouseRules,
    Play,
    Redo,
    ReplayTo,
    Resign,
    Undo,
    WatchAs,
    Why,
    command_from_json,
)
from vtt.match.drags import Drags, Picking, builds_of_frame, drags_of_frame, sorted_drags
from vtt.match.frames import (
    Bar,
    BuiltMove,
    FrameBuilds,
    FrameMove,
    FrameOutcome,
    Pick,
    ReplayInfo,
    SeatFrame,
    TableLine,
    VarLine,
    changed_places,
    frame_from_json,
    places_of,
    seat_frame,
)
from vtt.match.match import (
    COMPUTER,
    PERSON,
    REMOTE,
    Answer,
    HouseTable,
    Match,
    MatchSeat,
    Reloaded,
    answer_from_json,
    revelation,
    seat_words,
)

__all__ = [
    "COMPUTER",
    "PERSON",
    "REMOTE",
    "Answer",
    "Bar",
    "BuildQuestion",
    "BuiltMove",
    "Command",
    "Drags",
    "DropQuestion",
    "FrameBuilds",
    "FrameMove",
    "FrameOutcome",
    "HouseRules",
    "HouseTable",
    "Match",
    "MatchSeat",
    "Pick",
    "Picking",
    "Play",
    "Redo",
    "Reloaded",
    "ReplayInfo",
    "ReplayTo",
    "Resign",
    "SeatFrame",
    "TableLine",
    "Undo",
    "VarLine",
    "WatchAs",
    "Why",
    "answer_from_json",
    "builds_of_frame",
    "changed_places",
    "command_from_json",
    "drags_of_frame",
    "frame_from_json",
    "places_of",
    "revelation",
    "seat_frame",
    "seat_words",
    "sorted_drags",
]
