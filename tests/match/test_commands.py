"""Commands go through JSON unchanged; bad JSON is refused with a clear reason."""

from __future__ import annotations

import json

import pytest

from vtt.match import (
    BuildQuestion,
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
from vtt.rules.values import Cell

COMMANDS = [
    Play(0, text="play QL"),
    Play(1, action=17),
    Undo(2),
    Redo(0),
    Resign(1),
    HouseRules(0),
    Why(0, text="play QL"),
    Why(1, drop=DropQuestion("R", ("board", Cell(1, 2)), ("reserve", 1))),
    Why(1, drop=DropQuestion("QL", ("trick",))),
    Why(0, build=BuildQuestion("KS", ("field", 1, 2), ("3R", "JkW"))),
    ReplayTo(0, 12),
    WatchAs(0, 1),
    WatchAs(1, None),
]


@pytest.mark.parametrize("command", COMMANDS, ids=repr)
def test_a_command_reads_back_the_same_from_json(command):
    assert command_from_json(json.loads(json.dumps(command.to_json()))) == command


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "shout", "seat": 0}, "unknown command kind 'shout'"),
        ({"seat": 0}, "unknown command kind None"),
        ([1, 2], "a command is a JSON object"),
        ({"kind": "undo"}, "undo command: 'seat' is missing"),
        ({"kind": "undo", "seat": "0"}, "'seat' must be a whole number"),
        ({"kind": "undo", "seat": True}, "'seat' must be a whole number"),
        ({"kind": "play", "seat": 0}, "give either 'text' or 'action'"),
        ({"kind": "play", "seat": 0, "text": "x", "action": 1}, "give either"),
        ({"kind": "play", "seat": 0, "text": 5}, "'text' must be text"),
        ({"kind": "play", "seat": 0, "text": "x", "colour": 1}, "unknown field(s) ['colour']"),
        ({"kind": "why", "seat": 0}, "exactly one of"),
        ({"kind": "why", "seat": 0, "drop": {"what": "R", "target": 3}}, "must be a place"),
        ({"kind": "why", "seat": 0, "build": {"target": "KS"}}, "must be a place"),
        ({"kind": "why", "seat": 0, "build": {"cards": []}}, "'build' must give"),
        ({"kind": "replay-to", "seat": 0, "index": 1.5}, "'index' must be a whole number"),
    ],
)
def test_bad_json_is_refused_saying_what_is_wrong(data, words):
    with pytest.raises(ValueError) as caught:
        command_from_json(data)
    assert words in str(caught.value)
