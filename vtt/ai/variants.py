"""A variant of a game a designer compares: a pack (or its unsaved text) and options.

Every analysis of the designer's (``vtt compare``, ``vtt report``, the restricted
play that looks for dominant strategies, the per-card contribution) plays batches of
one or more variants. A variant makes the batch, so that two variants played with the
same seed, agents and count are dealt the same games, game by game: the matched pairs
a comparison needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtt.ai.simulate import Batch

__all__ = ["Variant", "parse_variant"]


@dataclass(frozen=True)
class Variant:
    """One side of a comparison: a label the designer reads (``A``, ``size=7``, a file
    name), the pack (an id or path), its options, and the pack's text when it is not
    the saved file's (the studio's text as it stands)."""

    label: str
    pack: str
    options: tuple[tuple[str, object], ...] = ()
    text: str | None = None

    def batch(
        self,
        games: int,
        agents: tuple[str, ...],
        seed: int = 0,
        players: int | None = None,
        max_moves: int | None = None,
    ) -> Batch:
        """The batch of ``games`` games of this variant: the same ``seed`` and
        ``agents`` give every variant the same deals and seatings, game by game."""
        return Batch(self.pack, games, agents, self.options, seed, players, max_moves, self.text)

    def with_options(self, label: str, **options: object) -> Variant:
        """This variant with some options set anew (a sweep's points)."""
        merged = dict(self.options)
        merged.update(options)
        return Variant(label, self.pack, tuple(merged.items()), self.text)


def parse_variant(text: str, pack: str) -> tuple[str, list[str]]:
    """The label and ``NAME=VALUE`` texts of a ``--variant 'A: size=7 game=edge'``
    argument (no label: the options themselves are the label); values are checked
    against the pack by ``vtt.rules.commands.parse_options``.

    >>> parse_variant("B: size=7 game=edge", "corner-edge")
    ('B', ['size=7', 'game=edge'])
    >>> parse_variant("size=6", "corner-edge")
    ('size=6', ['size=6'])
    """
    label, colon, rest = text.partition(":")
    if not colon or "=" in label:
        label, rest = "", text
    pairs = rest.replace(",", " ").split()
    return (label.strip() or " ".join(pairs) or pack), pairs
