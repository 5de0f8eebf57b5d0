"""New game: the rule text's five questions, their choices, and the pack they write.

The Janken Sandbox's rule text asks a designer for five things ("Make your Game"):
The Object, The Deck, The Deal, The Play and The End. Here each is a question in
plain words with a few choices. Every choice fits some *forms*, a starting template
(``vtt/studio/templates/<name>/``) with one way of ending it; the answers given so
far leave the forms every one of them fits, and a later choice that fits none of
those is not offered (:func:`why_not` says which answer rules it out). The Play
names the template; the other answers set its values (Jokers or not, the hand, the
grid or the board's size, how it ends).

:func:`compose` writes the pack: ``pack.yaml`` (the template's, with the chosen
values, organised under the five headings as comments that say what was chosen),
``README.md`` (the five sections in plain words) and ``records/first.yaml`` (a
seeded random game played to its end by the rules themselves, so that ``vtt
replay`` has a record to check from the start). :func:`write_pack` writes those
files into a folder and never replaces a file unless told to. The templates' own files
are what ``compose`` writes for their answers (``tools/make_templates.py`` writes them
again; a test holds them so).

>>> sorted(TEMPLATES)[:3]
['board', 'duel', 'free-table']
>>> files = compose(answers_for("board"), name="stack-up", record=False)
>>> sorted(files)
['README.md', 'pack.yaml']
>>> "id: stack-up" in files["pack.yaml"] and "## The End" in files["README.md"]
True
"""

from __future__ import annotations

import json
import random
import re
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from vtt.resources import rulesets_dir
from vtt.rules.loader import check_pack_text, compile_pack
from vtt.rules.records import record_of

__all__ = [
    "HEADINGS",
    "QUESTIONS",
    "TEMPLATES",
    "Choice",
    "Question",
    "answers_for",
    "combinations",
    "compose",
    "existing",
    "name_problem",
    "offered",
    "pack_name",
    "possible_forms",
    "preview",
    "ruled_out_by",
    "template_of",
    "templates_dir",
    "why_not",
    "write_pack",
]

#: The five headings of the rule text, in its order.
HEADINGS = ("The Object", "The Deck", "The Deal", "The Play", "The End")

#: The starting templates: name -> what the game is, in one line.
TEMPLATES: dict[str, str] = {
    "shedding": "A shedding game: hands and a discard pile; play a card that matches or "
    "beats the top one, the first to empty their hand wins.",
    "tricks": "A trick-taking game: follow the suit led, the strongest suit takes the trick.",
    "duel": "A simultaneous-reveal duel: both choose a card in secret, the stronger suit "
    "wins the round.",
    "grid-walk": "A grid of dealt cards with tokens walking on it, stepping down to weaker "
    "suits, to the far side.",
    "board": "A board game with pieces: place Rock, Paper and Scissors, covering the "
    "pieces yours beat.",
    "free-table": "A free layout with no rules: the deck, the Jokers, a die and tokens "
    "to play with by hand.",
}

#: Each template's title, players and ways to end (``goal``; the first is its own).
_TITLES = {
    "shedding": "Shedding",
    "tricks": "Tricks",
    "duel": "Duel",
    "grid-walk": "Grid Walk",
    "board": "Board",
    "free-table": "Free Table",
}
_GOALS: dict[str, tuple[str, ...]] = {
    "shedding": ("first-out", "last-standing"),
    "tricks": ("tricks", "points"),
    "duel": ("rounds", "life"),
    "grid-walk": ("corner", "row"),
    "board": ("squares", "line"),
    "free-table": ("free",),
}
#: Every form: a template and a way to end it, written ``template/goal``.
FORMS = tuple(f"{name}/{goal}" for name, goals in _GOALS.items() for goal in goals)


def _forms(*parts: str) -> frozenset[str]:
    """The forms a choice fits: ``shedding`` (every form of the template) or
    ``shedding/first-out`` (one)."""
    return frozenset(f for f in FORMS for part in parts if f == part or f.startswith(part + "/"))


_CARD_GAMES = ("shedding", "tricks", "duel", "grid-walk")


@dataclass(frozen=True)
class Choice:
    """One answer to a question: its words, the forms it fits, and the values it sets
    in the template (a constant's name -> its YAML value)."""

    key: str
    label: str
    fits: frozenset[str]
    #: What the README says for this answer (its label when empty).
    says: str = ""
    settings: Mapping[str, str] = field(default_factory=dict)

    @property
    def sentence(self) -> str:
        """The answer as a sentence of the README."""
        return self.says or self.label.rstrip(".") + "."


@dataclass(frozen=True)
class Question:
    """One of the rule text's five questions, asked in plain words."""

    key: str
    heading: str
    text: str
    choices: tuple[Choice, ...]

    def choice(self, key: str) -> Choice:
        """The choice of that key (ValueError naming the keys when there is none)."""
        for choice in self.choices:
            if choice.key == key:
                return choice
        keys = ", ".join(c.key for c in self.choices)
        raise ValueError(f"{self.heading}: no choice {key!r} (the choices are {keys})")


QUESTIONS: tuple[Question, ...] = (
    Question(
        "object",
        "The Object",
        "What are the players trying to achieve?",
        (
            Choice(
                "shed",
                "Get rid of all their cards",
                _forms("shedding"),
                "Get rid of the cards in your hand.",
            ),
            Choice(
                "most",
                "Win the most: tricks, points, rounds or squares",
                _forms("tricks", "duel/rounds", "board/squares"),
                "Win more than the others: more tricks, points, rounds or squares.",
            ),
            Choice(
                "first",
                "Be the first to reach a goal",
                _forms("grid-walk", "board/line", "shedding/first-out"),
                "Be the first to reach the goal.",
            ),
            Choice(
                "last",
                "Be the last one standing",
                _forms("shedding/last-standing", "duel/life"),
                "Outlast the others: do not be the one left at the end.",
            ),
            Choice(
                "free",
                "Whatever they agree on (no rules enforced)",
                _forms("free-table"),
                "Whatever the players agree on: nothing is enforced. Write your rules here "
                "and play them by hand; add rules to the pack once they settle.",
            ),
        ),
    ),
    Question(
        "deck",
        "The Deck",
        "Which cards, dice and pieces do they play with?",
        (
            Choice(
                "deck",
                "The deck of 65 cards, without the Jokers",
                _forms(*_CARD_GAMES),
                "The 65 cards of the Janken Deck, without the Jokers.",
                {"jokers": "false"},
            ),
            Choice(
                "jokers",
                "The deck and the five Jokers (a Joker reverses the rules)",
                _forms(*_CARD_GAMES),
                "The 65 cards of the Janken Deck and the five Jokers: a Joker reverses "
                "the Rock-Paper-Scissors rules.",
                {"jokers": "true"},
            ),
            Choice(
                "pieces",
                "Rock, Paper and Scissors pieces, three of each for each player",
                _forms("board"),
                "Rock, Paper and Scissors pieces, three of each for each player.",
            ),
            Choice(
                "box",
                "The deck, the Jokers, a die and the suit tokens",
                _forms("free-table"),
                "The 65 cards face down, the five Jokers beside them (drag them onto the "
                "deck to play with them), the pip die and the five suit tokens.",
                {"extras": "yes"},
            ),
            Choice(
                "cards-only",
                "Only the deck and the Jokers",
                _forms("free-table"),
                "The 65 cards face down and the five Jokers beside them (drag them onto "
                "the deck to play with them).",
                {"extras": "no"},
            ),
        ),
    ),
    Question(
        "deal",
        "The Deal",
        "How is the game set up?",
        (
            Choice(
                "hand-5-pile",
                "A hand of 5 each, a pile to draw from, a pile in the middle",
                _forms("shedding"),
                "Deal 5 cards to each player. The rest is a face-down pile to draw from; "
                "turn its top card up to start the discard pile in the middle.",
                {"hand_size": "5"},
            ),
            Choice(
                "hand-7-pile",
                "A hand of 7 each, a pile to draw from, a pile in the middle",
                _forms("shedding"),
                "Deal 7 cards to each player. The rest is a face-down pile to draw from; "
                "turn its top card up to start the discard pile in the middle.",
                {"hand_size": "7"},
            ),
            Choice(
                "hand-5-aside",
                "A hand of 5 each, the rest set aside",
                _forms("tricks"),
                "Deal 5 cards to each player; set the rest aside face down.",
                {"hand_size": "5"},
            ),
            Choice(
                "hand-10-aside",
                "A hand of 10 each, the rest set aside",
                _forms("tricks"),
                "Deal 10 cards to each player; set the rest aside face down.",
                {"hand_size": "10"},
            ),
            Choice(
                "hand-5-refill",
                "A hand of 5 each, refilled from a pile after every round",
                _forms("duel"),
                "Deal 5 cards to each player. The rest is a face-down pile that refills "
                "both hands to 5 after every round.",
                {"hand_size": "5"},
            ),
            Choice(
                "hand-3-refill",
                "A hand of 3 each, refilled from a pile after every round",
                _forms("duel"),
                "Deal 3 cards to each player. The rest is a face-down pile that refills "
                "both hands to 3 after every round.",
                {"hand_size": "3"},
            ),
            Choice(
                "grid-4",
                "A grid of 4 x 4 cards face up, a token on two far corners",
                _forms("grid-walk"),
                "Deal a card face up on every square of a 4 x 4 grid. Red's token starts "
                "on the bottom-left card, Blue's on the top-right one; the rest of the "
                "deck is the draw pile.",
                {"size": "4"},
            ),
            Choice(
                "grid-5",
                "A grid of 5 x 5 cards face up, a token on two far corners",
                _forms("grid-walk"),
                "Deal a card face up on every square of a 5 x 5 grid. Red's token starts "
                "on the bottom-left card, Blue's on the top-right one; the rest of the "
                "deck is the draw pile.",
                {"size": "5"},
            ),
            Choice(
                "board-3",
                "An empty 3 x 3 board, the pieces in front of each player",
                _forms("board"),
                "An empty board of 3 x 3 squares between the players; each keeps their "
                "pieces in front of them.",
                {"size": "3"},
            ),
            Choice(
                "board-4",
                "An empty 4 x 4 board, the pieces in front of each player",
                _forms("board"),
                "An empty board of 4 x 4 squares between the players; each keeps their "
                "pieces in front of them.",
                {"size": "4"},
            ),
            Choice(
                "by-hand",
                "Laid out on the table, dealt by hand",
                _forms("free-table"),
                "Nothing is dealt: shuffle and deal by hand (right-click the deck). Each "
                "seat has a Rule Card, a pawn and a score counter in front of it.",
            ),
        ),
    ),
    Question(
        "play",
        "The Play",
        "What may a player do on a turn?",
        (
            Choice(
                "shed",
                "Play a card on the pile (same suit, same rank or a stronger suit), else draw",
                _forms("shedding"),
                "On your turn play one card onto the discard pile: a Joker, a card of the "
                "same suit or rank as the top card, or a card whose suit beats it. If you "
                "cannot, draw a card (your turn ends).",
            ),
            Choice(
                "trick",
                "Play a card to the trick, following suit; the strongest suit takes it",
                _forms("tricks"),
                "The leader plays any card; then each player in turn plays a card of the "
                "suit led if they hold one, else any card. The strongest suit against the "
                "suit led takes the trick (a Joker in the trick reverses the rules), and "
                "its player leads the next one.",
            ),
            Choice(
                "reveal",
                "Both choose a card in secret, then reveal: the stronger suit wins",
                _forms("duel"),
                "Both players choose a card from their hand face down at the same time, "
                "then both are revealed. The stronger suit wins the round (a Joker "
                "reverses the rules); the same suit: the higher rank.",
            ),
            Choice(
                "step",
                "Step a token to a card beside it of the same or a weaker suit",
                _forms("grid-walk"),
                "Step your token to a card beside it (up, down, left or right, never onto "
                "the other token) whose suit is the same as, or weaker than, the card you "
                "stand on; a Joker on either card reverses that. If you cannot step, "
                "replace a card without a token by the top of the draw pile.",
            ),
            Choice(
                "place",
                "Place a piece on an empty square or on a piece it beats",
                _forms("board"),
                "Place one of your pieces on an empty square, or on top of an opponent's "
                "piece that yours beats (Rock blunts Scissors, Scissors cut Paper, Paper "
                "covers Rock). A player with pieces left and no place for them loses.",
            ),
            Choice(
                "anything",
                "Anything: move, flip and deal by hand",
                _forms("free-table"),
                "Anything you like: move, flip, shuffle and deal on the table.",
            ),
        ),
    ),
    Question(
        "end",
        "The End",
        "How does it end, and who wins?",
        (
            Choice(
                "first-out",
                "The first to empty their hand wins",
                _forms("shedding/first-out"),
                "The first player to empty their hand wins. A player who can neither play "
                "nor draw ends the game: the fewest cards in hand win.",
                {"goal": "first-out"},
            ),
            Choice(
                "last-standing",
                "Last one standing: the last one holding cards loses",
                _forms("shedding/last-standing"),
                "A player who empties their hand leaves the game; the last one still "
                "holding cards loses and everyone else wins. A player who can neither "
                "play nor draw ends the game: the fewest cards in hand win.",
                {"goal": "last-standing"},
            ),
            Choice(
                "most-tricks",
                "Most tricks, when the hands are played out",
                _forms("tricks/tricks"),
                "When the hands are played out, the most tricks win.",
                {"goal": "tricks"},
            ),
            Choice(
                "most-points",
                "Most points in the cards taken, when the hands are played out",
                _forms("tricks/points"),
                "When the hands are played out, the most points in the cards taken win "
                "(Ace 1, numbers as they show, Jack 11, Queen 12, King 13, Joker 0).",
                {"goal": "points"},
            ),
            Choice(
                "most-rounds",
                "Most rounds won, when a hand runs out",
                _forms("duel/rounds"),
                "When a hand runs out, the most rounds won win.",
                {"goal": "rounds"},
            ),
            Choice(
                "life",
                "Last one standing: 20 life each, a lost round costs the winning rank",
                _forms("duel/life"),
                "Each player starts with 20 life; a lost round costs the rank of the card "
                "that won it (Ace 1 to King 13). At 0 you are out. If a hand runs out "
                "first, the most life left wins.",
                {"goal": "life"},
            ),
            Choice(
                "corner",
                "The first token on the far corner wins",
                _forms("grid-walk/corner"),
                "The first token to reach the opposite corner wins. After 60 moves the "
                "token nearer its goal wins (as near: a draw).",
                {"goal": "corner"},
            ),
            Choice(
                "row",
                "The first token on the far row wins",
                _forms("grid-walk/row"),
                "The first token to reach any card of the far row wins. After 60 moves "
                "the token nearer its goal wins (as near: a draw).",
                {"goal": "row"},
            ),
            Choice(
                "most-squares",
                "Most squares held, when every piece is placed",
                _forms("board/squares"),
                "When every piece is placed, the player with their pieces on top of the "
                "most squares wins (as many: a draw).",
                {"goal": "squares"},
            ),
            Choice(
                "line",
                "The first with three in a row wins",
                _forms("board/line"),
                "Three of your pieces on top in a row, a column or a diagonal win at "
                "once. If every piece is placed first, the most squares held win.",
                {"goal": "line"},
            ),
            Choice(
                "agree",
                "The players decide",
                _forms("free-table"),
                "The players decide when the game ends and who won (the score counters help).",
            ),
        ),
    ),
)

_BY_KEY = {question.key: question for question in QUESTIONS}

#: Each template's values a designer may change by hand, said once in The Deck.
_KNOBS = {
    "shedding": "`jokers` and `hand_size`",
    "tricks": "`jokers` and `hand_size`",
    "duel": "`jokers`, `hand_size` and `life`",
    "grid-walk": "`jokers`, `size` (the grid's side) and `limit` (the moves before the "
    "nearer token wins)",
    "board": "`size` (the board's side)",
}
#: The Object in plain words for each way a game ends (the object answer picks among them).
_OBJECTS = {
    "first-out": "Be the first to get rid of every card in your hand.",
    "last-standing": "Get rid of your cards: do not be the last one holding any.",
    "tricks": "Take the most tricks.",
    "points": "Take the most points in the cards you win in tricks.",
    "rounds": "Win the most rounds, each by playing a card that beats your opponent's.",
    "life": "Knock your opponent out: win rounds until their life is gone.",
    "corner": "Be the first to walk your token to the opposite corner of the grid.",
    "row": "Be the first to walk your token to the far row of the grid.",
    "squares": "Hold the most squares with your pieces on top.",
    "line": "Be the first to hold three squares in a row with your pieces.",
}
#: The players of each template, for the README.
_PLAYERS = {
    "shedding": "2 to 4 players",
    "tricks": "2 to 4 players",
    "duel": "2 players",
    "grid-walk": "2 players",
    "board": "2 players",
    "free-table": "1 to 8 players",
}


def templates_dir() -> Path:
    """The folder of the starting templates (shipped inside the package)."""
    return Path(__file__).resolve().parent / "templates"


# ----------------------------------------------------------------- the questions


def _answered(answers: Mapping[str, str]) -> list[tuple[Question, Choice]]:
    """The questions answered, in order, with their choices (ValueError for a key or a
    choice that does not exist)."""
    unknown = set(answers) - set(_BY_KEY) - {"name", "title"}
    if unknown:
        raise ValueError(f"no question {sorted(unknown)[0]!r} (the questions are "
                         f"{', '.join(_BY_KEY)})")  # fmt: skip
    return [(q, q.choice(answers[q.key])) for q in QUESTIONS if q.key in answers]


def possible_forms(answers: Mapping[str, str]) -> frozenset[str]:
    """The forms (``template/goal``) every answer given fits."""
    forms = frozenset(FORMS)
    for _, choice in _answered(answers):
        forms &= choice.fits
    return forms


def ruled_out_by(question: str, choice: str, answers: Mapping[str, str]) -> str | None:
    """The heading of the earlier answer that rules ``choice`` of ``question`` out
    ("the answers above" when only several together do); None when it is offered."""
    reason = _ruling(question, choice, answers)
    if reason is None:
        return None
    return reason[0].heading if reason[0] is not None else "the answers above"


def why_not(question: str, choice: str, answers: Mapping[str, str]) -> str | None:
    """Why ``choice`` of ``question`` is not offered after the other answers (the
    earlier questions'), in words; None when it is offered."""
    reason = _ruling(question, choice, answers)
    if reason is None:
        return None
    earlier, made = reason
    if earlier is None or made is None:
        return "does not go with the answers above"
    return f"does not go with “{made.label}” ({earlier.heading})"


def _ruling(
    question: str, choice: str, answers: Mapping[str, str]
) -> tuple[Question | None, Choice | None] | None:
    asked = _BY_KEY[question]
    wanted = asked.choice(choice)
    earlier = QUESTIONS[: QUESTIONS.index(asked)]
    before = {q.key: answers[q.key] for q in earlier if q.key in answers}
    if wanted.fits & possible_forms(before):
        return None
    for answered, made in _answered(before):
        if not wanted.fits & made.fits:
            return answered, made
    return None, None


def offered(question: str, answers: Mapping[str, str]) -> tuple[Choice, ...]:
    """The choices of ``question`` that fit the answers to the questions before it."""
    return tuple(c for c in _BY_KEY[question].choices if why_not(question, c.key, answers) is None)


def answers_for(template: str) -> dict[str, str]:
    """The answers that make ``template`` as it ships: for each question, the first
    choice fitting the template's own form."""
    if template not in TEMPLATES:
        raise ValueError(f"no template {template!r} (the templates are {', '.join(TEMPLATES)})")
    forms = frozenset({f"{template}/{_GOALS[template][0]}"})
    answers = {}
    for question in QUESTIONS:
        choice = next(c for c in question.choices if c.fits & forms)
        answers[question.key] = choice.key
    return answers


def combinations() -> list[dict[str, str]]:
    """Every full set of answers the questions offer, one question after another."""
    found: list[dict[str, str]] = [{}]
    for question in QUESTIONS:
        found = [
            {**answers, question.key: choice.key}
            for answers in found
            for choice in offered(question.key, answers)
        ]
    return found


def template_of(answers: Mapping[str, str]) -> tuple[str, str]:
    """The template and the goal the answers make (ValueError when a question is not
    answered or the answers do not go together)."""
    missing = [q.heading for q in QUESTIONS if q.key not in answers]
    if missing:
        raise ValueError(f"not answered: {', '.join(missing)}")
    for question, choice in _answered(answers):
        reason = why_not(question.key, choice.key, answers)
        if reason is not None:
            raise ValueError(f"{question.heading}: “{choice.label}” {reason}")
    (form,) = possible_forms(answers)  # every Play choice fits one template, every End one goal
    template, goal = form.split("/")
    return template, goal


# ------------------------------------------------------------------ the names


def pack_name(title: str) -> str:
    """A pack's id (its folder's name) made from a game's title.

    >>> pack_name("Lizard's Revenge 2!")
    'lizards-revenge-2'
    """
    words = re.findall(r"[a-z0-9]+", title.lower().replace("'", ""))
    name = "-".join(words)
    return name if name[:1].isalpha() else f"game-{name}".rstrip("-")


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a new pack's id (its folder name), or None.

    >>> name_problem("my-game") is None
    True
    >>> name_problem("../x").split(":")[0]
    "'../x' is not a pack name"
    """
    rule = "use lower-case letters, digits and -, starting with a letter (e.g. my-game)"
    if not name.strip():
        return f"a pack needs a name: {rule}"
    if "/" in name or "\\" in name or name in (".", ".."):
        return f"{name!r} is not a pack name: no folders (/ or \\) in it; {rule}"
    if not re.fullmatch(r"[a-z][a-z0-9-]*", name):
        return f"{name!r} is not a pack name: {rule}"
    if (rulesets_dir() / name / "pack.yaml").is_file():
        return f"{name!r} is the name of a pack shipped with Janken Table: choose another"
    return None


# ------------------------------------------------------------------ composing


def _wrapped(text: str, prefix: str = "", width: int = 86) -> str:
    return "\n".join(textwrap.wrap(text, width, initial_indent=prefix, subsequent_indent=prefix,
                                   break_on_hyphens=False))  # fmt: skip


def _sections(template: str, answers: Mapping[str, str], where: str) -> dict[str, str]:
    """The five headings' plain words for these answers (``where``: where the pack's
    constants are, said from the file they are read in)."""
    said = {q.heading: q.choice(answers[q.key]).sentence for q in QUESTIONS}
    said["The Object"] = _OBJECTS.get(template_of(answers)[1], said["The Object"])
    if template in _KNOBS:
        said["The Deck"] += (
            f" The values under `constants:` {where} change the game: {_KNOBS[template]}."
        )
        other = next(g for g in _GOALS[template] if g != template_of(answers)[1])
        said["The End"] += (
            " When you start a game you may choose the other ending instead (How the game "
            f"ends: {other.replace('-', ' ').capitalize()})."
        )
    return said


#: The free table's dice and tokens, left out when only the cards are wanted.
_EXTRAS = r"    # -- dice and tokens --\n.*?    # -- end of dice and tokens --\n"
_HEADING_LINE = re.compile(r"^# ---- (The \w+) ----\n(?:#.*\n)*", re.MULTILINE)


def _pack_text(template: str, answers: Mapping[str, str], name: str, title: str) -> str:
    text = (templates_dir() / template / "pack.yaml").read_text(encoding="utf-8")
    for key, value in (("id", name), ("name", title), ("summary", _summary(answers))):
        text = _set_line(text, key, f"{key}: {_yaml_text(value)}")
    sections = _sections(template, answers, "below")
    text = _HEADING_LINE.sub(
        lambda m: f"# ---- {m[1]} ----\n{_wrapped(sections[m[1]], '# ')}\n", text
    )
    for _, choice in _answered(answers):
        for key, value in choice.settings.items():
            if key == "goal":  # the option's default: the ending chosen
                text = re.sub(r"^(  goal: \{.*default: )[\w-]+\}", rf"\g<1>{value}}}", text,
                              count=1, flags=re.MULTILINE)  # fmt: skip
                continue
            if key == "extras":
                if value == "no":
                    text = re.sub(_EXTRAS, "", text, flags=re.DOTALL)
                continue
            text, found = re.subn(rf"^  {key}: .*$", f"  {key}: {value}", text, count=1,
                                  flags=re.MULTILINE)  # fmt: skip
            if not found:
                raise ValueError(f"the {template} template has no constant {key!r}")
    return text


def _summary(answers: Mapping[str, str]) -> str:
    """The game in one line: what a player does and how it ends."""
    play, end = (_BY_KEY[key].choice(answers[key]).label for key in ("play", "end"))
    return f"{play}. {end}."


def _set_line(text: str, key: str, line: str) -> str:
    """``text`` with its first top-level ``key:`` line replaced by ``line`` (taken as it
    is, never read as a pattern's replacement: a backslash in a title stays)."""

    def written(_match: re.Match[str]) -> str:
        return line

    return re.sub(rf"^{key}: .*$", written, text, count=1, flags=re.MULTILINE)


def _yaml_text(text: str) -> str:
    """A text as a YAML scalar that reads back as that text: plain when it can be,
    else double-quoted (``yes``, ``null``, ``a: b`` and ``#`` are quoted)."""
    plain = re.fullmatch(r"[A-Za-z][A-Za-z0-9 '!?.,;()-]*", text) and not text.endswith(" ")
    if plain and yaml.safe_load(f"x: {text}") == {"x": text}:
        return text
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML double-quoted one


def _readme(template: str, answers: Mapping[str, str], name: str, title: str) -> str:
    sections = _sections(template, answers, "in pack.yaml")
    lines = [f"# {title}", "", _wrapped(f"{_summary(answers)} For {_PLAYERS[template]}.")]
    for heading in HEADINGS:
        lines += ["", f"## {heading}", "", _wrapped(sections[heading])]
    notes = (
        f"Written by Janken Table's *New game* from its {_TITLES[template]} template. "
        "Each section above is a comment heading in pack.yaml, over the part of the pack "
        "that does it: change the rules there, in the studio (`vtt edit "
        f"{name}`, or Sandbox > Edit pack… in the window), which checks them as you type "
        "and plays and simulates them; or in any editor, then check them with "
        f"`vtt validate {name}` (or the folder's path)."
    )
    if template == "free-table":
        notes += (
            " It is a free table (`kind: setup`): it opens in the table window (File > "
            "New table…) and has no rules to play, so it has no record."
        )
    else:
        notes += (
            f" Play it with `vtt play {name} --text` or in the window (Game > New game). "
            "`records/first.yaml` is a random game the rules played to the end when the "
            "pack was made: `vtt replay records/first.yaml`, in this folder, checks that it "
            "still ends the same way (after you change the rules it may not: export a new "
            "record from a game in the window, Game > Export record)."
        )
    lines += ["", "## Designer notes", "", _wrapped(notes), ""]
    return "\n".join(lines)


def _record(pack_text: str, seed: int = 1, longest: int = 3000) -> str:
    """A record of a random game of the pack, played by its rules to the end: the first
    seed from ``seed`` whose game ends within ``longest`` moves."""
    checked = check_pack_text(pack_text)
    if not checked.ok or checked.spec is None:
        raise ValueError("; ".join(str(d) for d in checked.diagnostics))
    game = compile_pack(checked.spec)
    for tried in range(seed, seed + 20):
        state = game.new_state({}, tried)
        rng = random.Random(tried)
        for _ in range(longest):
            if state.outcome is not None:
                break
            state.apply(rng.choice(list(state.legal_moves)))
        outcome = state.outcome
        if outcome is None:
            continue
        record = record_of(state).pin(pack_text)  # names the rules it was played with
        record.expect = {
            "winners": [state.seat_names[seat] for seat in outcome.winners],
            "reason": outcome.reason,
        }
        if outcome.scores is not None:
            record.expect["scores"] = list(outcome.scores)
        record.note = (
            f"A random game (seed {tried}) the rules played to the end when the pack was "
            "made: `vtt replay` checks that it still ends this way."
        )
        return record.to_yaml()
    raise ValueError(f"no random game of the pack ended within {longest} moves")


def compose(
    answers: Mapping[str, str], name: str | None = None, *, title: str | None = None,
    record: bool = True,
) -> dict[str, str]:  # fmt: skip
    """The files of a new pack (relative path -> text) from the answers to the five
    questions (question key -> choice key; ``name`` and ``title`` may be given there
    too): ``pack.yaml``, ``README.md`` and, for a pack with rules (unless ``record`` is
    False), ``records/first.yaml``."""
    template, _ = template_of(answers)
    name = name if name is not None else answers.get("name", template)
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    title = (
        title
        or answers.get("title")
        or (_TITLES[template] if name == template else name.replace("-", " ").title())
    )
    pack = _pack_text(template, answers, name, title)
    files = {"pack.yaml": pack, "README.md": _readme(template, answers, name, title)}
    if record and template != "free-table":
        files["records/first.yaml"] = _record(pack)
    return files


def preview(answers: Mapping[str, str], title: str) -> str:
    """What the game will be, as Markdown, from the answers given so far: its title,
    the template once the answers name one, and each answered heading in plain words."""
    lines = [f"# {title or 'Your game'}", ""]
    forms = possible_forms(answers)
    templates = {form.split("/")[0] for form in forms}
    if len(templates) == 1:
        (template,) = templates
        lines += [f"{TEMPLATES[template]} For {_PLAYERS[template]}.", ""]
    goals = {form.split("/")[1] for form in forms}
    for question, choice in _answered(answers):
        said = choice.sentence
        if question.key == "object" and len(goals) == 1:
            said = _OBJECTS.get(next(iter(goals)), said)  # the way it ends says it exactly
        lines += [f"**{question.heading}.** {said}", ""]
    return "\n".join(lines)


def write_pack(folder: Path, files: Mapping[str, str], overwrite: bool = False) -> list[Path]:
    """Write ``files`` (relative path -> text) into ``folder``, making folders as needed;
    the paths written. Unless ``overwrite``, a file already there raises FileExistsError
    naming it, before anything is written."""
    paths = [folder / relative for relative in files]
    if not overwrite:
        for path in paths:
            if path.exists() or path.is_symlink():
                raise FileExistsError(f"{path} already exists")
    for path, text in zip(paths, files.values(), strict=True):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return paths


def existing(folder: Path, files: Iterable[str]) -> list[Path]:
    """The files of ``files`` already in ``folder`` (what writing there would replace)."""
    return [folder / name for name in files if (folder / name).exists()]
