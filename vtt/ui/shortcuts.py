"""Every shortcut and mouse gesture of the table window, in one table.

The keyboard handler, the context menus, the Help > Shortcuts window and
docs/shortcuts.md all read :data:`SHORTCUTS`, so they cannot disagree.
Regenerate the document with ``python -m vtt.ui.shortcuts > docs/shortcuts.md``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Shortcut:
    """One command or gesture: its keys (or mouse words), what it does, and where it applies."""

    command: str  # the command name the window runs; "" for a mouse gesture
    keys: tuple[str, ...]
    text: str
    group: str


PIECE_KEYS_NOTE = "Keys act on the piece under the cursor, else on the selected pieces."

SHORTCUTS: tuple[Shortcut, ...] = (
    # Pieces
    Shortcut("flip", ("F",), "Flip a card, or turn a whole stack over", "Pieces"),
    Shortcut("rotate-left", ("Q",), "Rotate 45° anticlockwise", "Pieces"),
    Shortcut("rotate-right", ("E",), "Rotate 45° clockwise", "Pieces"),
    Shortcut("rotate-half", ("Shift+Q", "Shift+E"), "Rotate 180° (read the Joker rules)", "Pieces"),
    Shortcut("roll", ("R",), "Roll a die, or shuffle a stack", "Pieces"),
    Shortcut("lock", ("L",), "Lock or unlock in place", "Pieces"),
    Shortcut("delete", ("Del", "Backspace"), "Delete", "Pieces"),
    Shortcut("copy", ("Ctrl+C",), "Copy the pieces", "Pieces"),
    Shortcut("paste", ("Ctrl+V",), "Paste a copy under the cursor", "Pieces"),
    Shortcut(
        "magnify",
        ("Alt",),
        "Hold to magnify the card under the cursor, on the table or in your hand,"
        " the way up it lies (a Rule Card turned round reads its Joker rules)",
        "Pieces",
    ),
    # Stacks
    Shortcut("draw", tuple(str(n) for n in range(1, 10)), "Draw that many to your hand", "Stacks"),
    Shortcut("deal", ("D",), "Deal cards to every seat…", "Stacks"),
    Shortcut("fan", ("G",), "Fan the stack out in a row", "Stacks"),
    Shortcut("gather", ("Shift+G",), "Gather a row (or the selection) into a stack", "Stacks"),
    Shortcut("count", ("C",), "Count the cards", "Stacks"),
    Shortcut("take-whole", ("W",), "Pick up the whole stack with the next drag", "Stacks"),
    # Table
    Shortcut("undo", ("Ctrl+Z",), "Undo", "Table"),
    Shortcut("redo", ("Ctrl+Y", "Ctrl+Shift+Z"), "Redo", "Table"),
    Shortcut("select-all", ("Ctrl+A",), "Select every piece", "Table"),
    Shortcut("pass", ("P",), "Pass the screen to the next seat", "Table"),
    Shortcut("shortcuts", ("F1",), "Show this list", "Table"),
    # View
    Shortcut("fit", ("Home",), "Fit all pieces in view", "View"),
    Shortcut("reset-view", ("Ctrl+0",), "Reset the view to the whole table", "View"),
    Shortcut("zoom-in", ("Ctrl++", "Ctrl+="), "Zoom in", "View"),
    Shortcut("zoom-out", ("Ctrl+-",), "Zoom out", "View"),
    # File
    Shortcut("new", ("Ctrl+N",), "New table…", "File"),
    Shortcut("open", ("Ctrl+O",), "Open a table, saved game or record…", "File"),
    Shortcut("save", ("Ctrl+S",), "Save", "File"),
    Shortcut("save-as", ("Ctrl+Shift+S",), "Save as…", "File"),
    Shortcut("quit", ("Ctrl+Q",), "Quit", "File"),
    # Mouse
    Shortcut("", ("Drag",), "Move a piece or the selection (one undo step)", "Mouse"),
    Shortcut("", ("Drag a stack",), "Take its top card", "Mouse"),
    Shortcut(
        "",
        ("Middle-drag", "Alt+drag", "drag the count"),
        "Move the whole stack (middle-drag where the window manager takes Alt+drag)",
        "Mouse",
    ),
    Shortcut("", ("Drop on a card",), "Stack on top; snap into the stack", "Mouse"),
    Shortcut("", ("Shift+drop",), "Put at the bottom of the stack", "Mouse"),
    Shortcut("", ("Drop on the bag",), "Put into the bag", "Mouse"),
    Shortcut("", ("Double-click the bag",), "Take a piece out at random", "Mouse"),
    Shortcut("", ("Click − / +",), "Change a counter", "Mouse"),
    Shortcut("", ("Double-click a counter",), "Type the counter's value", "Mouse"),
    Shortcut("", ("Double-click a die",), "Roll it", "Mouse"),
    Shortcut("", ("Drag to the hand",), "Put the card in your hand", "Mouse"),
    Shortcut("", ("Drag from the hand",), "Play it face up (Shift: face down)", "Mouse"),
    Shortcut("", ("Drag within the hand",), "Arrange your hand", "Mouse"),
    Shortcut(
        "",
        ("Ctrl+click in the hand",),
        "Pick several cards; dragging one of them takes them all",
        "Mouse",
    ),
    Shortcut(
        "",
        ("Drop on a seat", "on a name on the felt"),
        "Give the card to that seat's hand",
        "Mouse",
    ),
    Shortcut("", ("Ctrl+click",), "Add to or remove from the selection", "Mouse"),
    Shortcut("", ("Ctrl+drag", "Shift+drag"), "Select with a rubber band", "Mouse"),
    Shortcut("", ("Drag the felt", "middle-drag the felt", "Space+drag"), "Pan the table", "Mouse"),
    Shortcut("", ("Wheel",), "Zoom towards the cursor", "Mouse"),
    Shortcut("", ("Right-click",), "The piece's menu (every command above)", "Mouse"),
)

GROUPS: tuple[str, ...] = ("Pieces", "Stacks", "Table", "View", "File", "Mouse")

#: The keys of a game window (enforced play): its menus read them from here.
GAME_SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut("save", ("Ctrl+S",), "Save the game (asks where the first time)", "Game window"),
    Shortcut("save-as", ("Ctrl+Shift+S",), "Save the game elsewhere", "Game window"),
    Shortcut("open", ("Ctrl+O",), "Open a saved game", "Game window"),
    Shortcut(
        "score-sheet",
        ("Ctrl+H",),
        "The score sheet: a row per hand (games of hands: Stones, Green Queen, Joker's Wild)",
        "Game window",
    ),
    Shortcut("quit", ("Ctrl+Q",), "Quit", "Game window"),
    Shortcut(
        "undo", ("Ctrl+Z",), "Undo a move (back to the last that revealed a card)", "Game window"
    ),
    Shortcut("redo", ("Ctrl+Y", "Ctrl+Shift+Z"), "Redo a move", "Game window"),
    Shortcut("back", ("Left",), "Step back when replaying a record", "Game window"),
    Shortcut("forward", ("Right",), "Step forward when replaying a record", "Game window"),
    Shortcut("fit", ("Home", "Ctrl+0"), "Fit the table", "Game window"),
    Shortcut("zoom-in", ("Ctrl++", "Ctrl+="), "Zoom in", "Game window"),
    Shortcut("zoom-out", ("Ctrl+-",), "Zoom out", "Game window"),
    Shortcut(
        "sort-hand",
        ("S",),
        "Show your hand in the next order: by suit, by rank, either reversed, as dealt"
        " (also the hand area's right-click menu); kept for each game",
        "Game window",
    ),
    Shortcut("rules", ("F1",), "The rules of the game being played", "Game window"),
    Shortcut(
        "actions",
        ("1–9",),
        "The moves of the action bar, in order (a move's turn ending first); on a grid of"
        " values (Stones' bids) its key takes the grid",
        "Game window",
    ),
    Shortcut(
        "",
        ("Arrows / Home / End, a value typed, Enter",),
        "On a grid of values: move to a value, or type it (1, 2: 12), and make the move;"
        " Esc goes back to the table",
        "Game window",
    ),
    Shortcut(
        "",
        ("Click cards in the hand",),
        "Pick the cards of a move taking several (pass three cards); the action bar makes it",
        "Game window",
    ),
    # The game window's moves built card by card (Battlefront's attacks)
    Shortcut(
        "",
        ("Drag your card onto another's card",),
        "Start a move aimed at it (Battlefront: an attack); the cards that"
        " can join glow, the running total and the rules' reason show over the table",
        "Game window",
    ),
    Shortcut(
        "",
        ("Click a glowing card",),
        "Add it to the move being built; click a chosen card again to take it back",
        "Game window",
    ),
    Shortcut(
        "",
        ("Click the target again", "Enter"),
        "Make the move being built, once it is legal",
        "Game window",
    ),
    Shortcut("", ("Esc",), "Cancel the move being built", "Game window"),
)


#: The keys of the studio's playground (the pack being edited played and tested): its
#: actions read them from here.
STUDIO_SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut(
        "play",
        ("Ctrl+R",),
        "Play the pack's text as it is now, saved or not: every seat a person at this screen",
        "Studio",
    ),
    Shortcut(
        "play-computer",
        ("Ctrl+Shift+R",),
        "Play the text against the computer: you take the first seat, Normal computers the others",
        "Studio",
    ),
    Shortcut(
        "simulate",
        ("Ctrl+Shift+M",),
        "Simulate 100 games of the text between random players, in a panel of the studio",
        "Studio",
    ),
)


#: The keys of the studio's pack editor (``vtt edit``): its menus read them from here.
EDITOR_SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut(
        "new-game",
        ("Ctrl+N",),
        "New game…: the rule text's five questions write a new pack, opened here",
        "Pack editor",
    ),
    Shortcut("open", ("Ctrl+O",), "Open another pack", "Pack editor"),
    Shortcut("save", ("Ctrl+S",), "Save (a shipped pack: as a copy in your packs)", "Pack editor"),
    Shortcut(
        "save-as", ("Ctrl+Shift+S",), "Save as… (asks before replacing a file)", "Pack editor"
    ),
    Shortcut("close", ("Ctrl+W",), "Close (asks to save changes)", "Pack editor"),
    Shortcut("undo", ("Ctrl+Z",), "Undo", "Pack editor"),
    Shortcut("redo", ("Ctrl+Y", "Ctrl+Shift+Z"), "Redo", "Pack editor"),
    Shortcut(
        "find", ("Ctrl+F",), "Find (Enter: next, Shift+Enter: previous, Esc: close)", "Pack editor"
    ),
    Shortcut("replace", ("Ctrl+H",), "Replace (one, or all as one undo step)", "Pack editor"),
    Shortcut("find-next", ("F3",), "Find the next match", "Pack editor"),
    Shortcut("find-previous", ("Shift+F3",), "Find the previous match", "Pack editor"),
    Shortcut(
        "complete", ("Ctrl+Space",), "Complete: what may be written at the cursor", "Pack editor"
    ),
    Shortcut("fold", ("Ctrl+Shift+[",), "Fold the top-level section at the cursor", "Pack editor"),
    Shortcut("unfold", ("Ctrl+Shift+]",), "Unfold it", "Pack editor"),
    Shortcut("fold-all", ("Ctrl+Alt+[",), "Fold every section", "Pack editor"),
    Shortcut("unfold-all", ("Ctrl+Alt+]",), "Unfold every section", "Pack editor"),
    Shortcut(
        "",
        ("Tab / Enter / Up / Down / Esc",),
        "In the completion list: insert the chosen one (Tab or Enter), choose, close",
        "Pack editor",
    ),
    Shortcut("", ("Click a fold marker",), "Fold or unfold that section", "Pack editor"),
    Shortcut(
        "",
        ("Hover",),
        "Over an underlined error or warning: its message; over a word: its help",
        "Pack editor",
    ),
    Shortcut(
        "", ("Click a problem", "an outline entry"), "Go to its place in the text", "Pack editor"
    ),
)


def editor_keys(command: str) -> tuple[str, ...]:
    """The keys of a pack editor command."""
    return next(s.keys for s in EDITOR_SHORTCUTS if s.command == command)


def game_keys(command: str) -> tuple[str, ...]:
    """The keys of a game window's command."""
    return next(s.keys for s in GAME_SHORTCUTS if s.command == command)


def studio_keys(command: str) -> tuple[str, ...]:
    """The keys of a studio's command."""
    return next(s.keys for s in STUDIO_SHORTCUTS if s.command == command)


def by_command() -> dict[str, Shortcut]:
    """The keyboard commands by name."""
    return {s.command: s for s in SHORTCUTS if s.command}


def key_commands() -> dict[str, str]:
    """Key sequence text (Qt's portable form, e.g. ``Shift+Q``) to command name."""
    keys: dict[str, str] = {}
    for shortcut in SHORTCUTS:
        if shortcut.command and shortcut.group != "Mouse":
            for key in shortcut.keys:
                keys[key] = shortcut.command
    return keys


def keys_text(command: str) -> str:
    """The keys of a command as shown in menus (``1 … 9`` for the draw keys)."""
    keys = by_command()[command].keys
    if command == "draw":
        return "1 … 9"
    return ", ".join(keys)


def markdown() -> str:
    """The shortcut list as Markdown (docs/shortcuts.md)."""
    lines = [
        "# Shortcuts",
        "",
        "Generated from `vtt/ui/shortcuts.py` (the table the window itself uses);",
        "regenerate with `python -m vtt.ui.shortcuts > docs/shortcuts.md`.",
        "",
        PIECE_KEYS_NOTE,
        "",
    ]
    for group in GROUPS:
        lines += [f"## {group}", "", "| keys | does |", "|---|---|"]
        for shortcut in SHORTCUTS:
            if shortcut.group == group:
                keys = " / ".join(f"`{k}`" for k in shortcut.keys)
                lines.append(f"| {keys} | {shortcut.text} |")
        lines.append("")
    lines += ["## Game window", "", "| keys | does |", "|---|---|"]
    for shortcut in GAME_SHORTCUTS:
        keys = " / ".join(f"`{k}`" for k in shortcut.keys)
        lines.append(f"| {keys} | {shortcut.text} |")
    lines += ["", "## Pack editor (`vtt edit`)", "", "| keys | does |", "|---|---|"]
    for shortcut in EDITOR_SHORTCUTS:
        keys = " / ".join(f"`{k}`" for k in shortcut.keys)
        lines.append(f"| {keys} | {shortcut.text} |")
    lines += ["", "## Studio", "", "| keys | does |", "|---|---|"]
    for shortcut in STUDIO_SHORTCUTS:
        keys = " / ".join(f"`{k}`" for k in shortcut.keys)
        lines.append(f"| {keys} | {shortcut.text} |")
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.stdout.write(markdown())
