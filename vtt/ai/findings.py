"""Finding what is broken in a game: dominant and useless strategies, and which cards
and suits win.

**Restricted play** (``find_strategies``): an agent plays against copies of itself
held to one policy at a time (``restrictions``: never play a Joker, always play the
highest or the lowest card, always pass, one suit whenever it can, never one kind
of move; ``vtt.ai.restricted``), the restricted one moving seat every game. A
restriction that wins more than the seat's fair share, by its 95% interval, is a
dominant strategy; one that wins the fair share within a small band, or that never
took a choice away, changes nothing: a rule or a move nobody needs.

**Contribution** (``contribution``): over a batch, the win rate of a seat holding
(at the deal), playing and capturing each card and each suit (``vtt.ai.tracking``
notes them while the games are played), with 95% intervals, and plain sentences
on the cards and suits that stand out ("Water cards win 61% when played ...").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from statistics import NormalDist
from typing import Any

from vtt.ai.restricted import is_pass, policy
from vtt.ai.simulate import GameResult, Progress, report, run, wilson
from vtt.ai.variants import Variant
from vtt.janken import Card, Suit

__all__ = [
    "BAND",
    "CardStat",
    "Contribution",
    "Finding",
    "Restriction",
    "contribution",
    "contribution_table",
    "find_strategies",
    "findings_table",
    "restrictions",
    "verdict",
]

#: A restriction whose win rate's interval lies within this of the fair share
#: changes nothing ("useless"); it takes some 400 games of two players to show.
BAND = 0.05

#: The ways a seat has a card, and the word a sentence says it with.
HOWS = {"holding": "held", "playing": "played", "capturing": "captured"}


@dataclass(frozen=True)
class Restriction:
    """A policy an agent is held to: its name (``no-joker``, the agent's name's tail:
    ``hard~no-joker``) and what a designer reads ("never play a Joker")."""

    name: str
    label: str


@dataclass
class Finding:
    """What one restriction did: the restricted agent's win rate over ``games`` ended
    games and its interval (95% for all the restrictions tested together), the fair
    share of a seat (``baseline``: 1/2 for two players), the verdict ("dominant",
    "useless", "weaker" or "unclear"), one plain sentence for the designer, and how
    many choices the restriction took away."""

    restriction: Restriction
    games: int
    rate: float
    low: float
    high: float
    baseline: float
    verdict: str
    text: str
    narrowed: int = 0
    agent: str = ""

    def as_json(self) -> dict[str, Any]:
        """The finding as plain JSON values."""
        return asdict(self)


def _game_of(variant: Variant) -> Any:
    return variant.batch(1, ("random",)).game()


def _set_up(variant: Variant, players: int | None = None) -> Any:
    """A game of the variant as dealt (seed 0): what the restrictions are worked out on."""
    return _game_of(variant).new_state(dict(variant.options), 0, players=players)


def restrictions(variant: Variant, players: int | None = None) -> list[Restriction]:
    """The restrictions that apply to the variant: those about cards when its moves
    play cards (a Joker's when it has Jokers, a suit's for each suit it has), passing
    when it has a pass move, and each of its move kinds (with its options) forbidden
    in turn when it has two or more."""
    state = _set_up(variant, players)
    game = state.game
    cards = [c for c in state.components() if isinstance(c, Card)]
    kinds = list(
        {
            kind.name: kind
            for phase in game.phases.values()
            for kind in phase.moves
            if kind.enabled is None or kind.enabled(state.env)
        }.values()
    )
    plays_cards = bool(cards) and any(a.argtype.of_cards for k in kinds for a in k.args)
    names: list[str] = []
    if plays_cards and any(c.is_joker for c in cards):
        names.append("no-joker")
    if plays_cards and len({c.rank for c in cards}) > 1:
        names += ["highest", "lowest"]
    if len(kinds) > 1 and any(is_pass(k) for k in kinds):
        names.append("always-pass")
    suits = sorted({c.suit for c in cards})
    if plays_cards and len(suits) > 1:
        names += [f"prefer-{suit.name.lower()}" for suit in suits]
    if len(kinds) > 1:
        names += [f"forbid-{kind.name}" for kind in kinds]
    return [Restriction(name, policy(name).label) for name in names]


def verdict(
    score: float,
    games: int,
    baseline: float,
    narrowed: int,
    band: float = BAND,
    tested: int = 1,
) -> tuple[str, float, float, float]:
    """The verdict on a restricted agent that scored ``score`` (wins, draws counting
    half) in ``games`` games, and its rate and interval: "useless" when the
    restriction never narrowed a choice or the interval lies within ``band`` of the
    fair share ``baseline``; "dominant" above it, "weaker" below it, else "unclear".
    The interval is 95% for the ``tested`` restrictions together (``family_z``), so
    ten restrictions tested do not call one dominant by chance one time in four.

    >>> verdict(70, 100, 0.5, 30)[0], verdict(30, 100, 0.5, 30)[0]
    ('dominant', 'weaker')
    >>> verdict(500, 1000, 0.5, 30)[0], verdict(50, 100, 0.5, 30)[0], verdict(9, 20, 0.5, 0)[0]
    ('useless', 'unclear', 'useless')
    >>> verdict(60, 100, 0.5, 30)[0], verdict(60, 100, 0.5, 30, tested=10)[0]
    ('dominant', 'unclear')
    """
    rate = score / games if games else 0.0
    low, high = wilson(score, games, family_z(tested))
    if narrowed == 0:
        said = "useless"
    elif low > baseline:
        said = "dominant"
    elif high < baseline:
        said = "weaker"
    elif baseline - band <= low and high <= baseline + band:
        said = "useless"
    else:
        said = "unclear"
    return said, rate, low, high


def family_z(tested: int) -> float:
    """The z of intervals that hold 95% of the time for ``tested`` of them together
    (Bonferroni: each at 1 - 5% / tested).

    >>> round(family_z(1), 2), round(family_z(10), 2)
    (1.96, 2.81)
    """
    return NormalDist().inv_cdf(1 - 0.05 / (2 * max(1, tested)))


def find_strategies(
    variant: Variant,
    *,
    agent: str = "hard",
    games: int = 100,
    seed: int = 0,
    players: int | None = None,
    only: Sequence[str] | None = None,
    band: float = BAND,
    workers: int = 1,
    dask: str | Any | None = None,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[Finding]:
    """Pit ``agent`` against copies of itself held to each restriction in turn
    (``only``: these restriction names), ``games`` games each, the restricted copy
    moving seat every game; every restriction plays the same deals. A cancelled run
    returns the findings done (the last on the games it played)."""
    chosen = restrictions(variant, players)
    if only is not None:
        chosen = [r for r in chosen if r.name in only] + [
            Restriction(name, policy(name).label)
            for name in only
            if name not in {r.name for r in chosen}
        ]
    seats = players or _set_up(variant, players).players
    found: list[Finding] = []
    for number, restriction in enumerate(chosen):
        restricted = f"{agent}~{restriction.name}"
        batch = variant.batch(games, (restricted, *[agent] * (seats - 1)), seed, players)

        def step(done: int, _total: int, before: int = number * games) -> None:
            if progress is not None:
                progress(before + done, games * len(chosen))

        results = run(batch, workers, step, dask, cancelled)
        if results:
            found.append(_finding(restriction, agent, batch, results, band, len(chosen)))
        if cancelled is not None and cancelled():
            break
    return found


def _finding(
    restriction: Restriction,
    agent: str,
    batch: Any,
    results: list[GameResult],
    band: float,
    tested: int,
) -> Finding:
    rep = report(batch, results)
    name = f"{agent}~{restriction.name}"
    rate = next((r for r in rep.by_agent if r.name == name), None)
    ended = rate.games if rate is not None else 0
    score = rate.wins + rate.draws / 2 if rate is not None else 0.0
    baseline = sum(s.rate for s in rep.seats) / len(rep.seats) if rep.seats else 0.0
    narrowed = sum(result.narrowed for result in results)
    said, share, low, high = verdict(score, ended, baseline, narrowed, band, tested)
    text = _sentence(restriction, agent, said, share, low, high, baseline, ended, narrowed, band)
    return Finding(restriction, ended, share, low, high, baseline, said, text, narrowed, agent)


def _sentence(
    restriction: Restriction,
    agent: str,
    said: str,
    rate: float,
    low: float,
    high: float,
    baseline: float,
    games: int,
    narrowed: int,
    band: float,
) -> str:
    doing = policy(restriction.name).doing
    doing = doing[0].upper() + doing[1:]
    won = (
        f"{agent} held to it won {rate:.0%} ({_interval(low, high)}) of {games} games,"
        f" against {baseline:.0%} for a seat playing freely"
    )
    if said == "useless" and narrowed == 0:
        return (
            f"{doing} never mattered: in {games} games it never took a choice away from"
            f" {agent}{_never(restriction.name)}."
        )
    if said == "useless":
        return f"{doing} changes nothing: {won} (within {band:.0%}){_nothing(restriction.name)}."
    if said == "dominant":
        return f"{doing} wins more: {won}: a dominant strategy."
    if said == "weaker":
        return f"{doing} loses: {won}."
    return f"{doing} is not clear yet: {won}; more games would tell."


def _never(name: str) -> str:
    """Why a restriction that never bit tells the designer something."""
    if name.startswith("forbid-"):
        return ": it was never legal beside another kind of move, so nobody chose it over one"
    if name == "always-pass":
        return ": passing was never legal beside another move"
    if name == "no-joker":
        return ": a Joker was never one choice among others"
    return ""


def _nothing(name: str) -> str:
    if name.startswith("forbid-"):
        return ": a move nobody needs"
    if name == "no-joker":
        return ": the Jokers add nothing"
    if name.startswith("prefer-"):
        return ": that suit is as good as any"
    if name == "always-pass":
        return ": passing costs nothing"
    return ": which card is played hardly matters"


def findings_table(findings: Sequence[Finding]) -> str:
    """The findings as a table for the terminal, each with its sentence."""
    lines = [
        f"{'restriction':<34}{'games':>7}{'win rate':>10}   {'95% interval':<16}"
        f"{'verdict':<10}choices narrowed"
    ]
    for f in findings:
        lines.append(
            f"{f.restriction.label:<34}{f.games:>7}{f.rate:>9.1%}   "
            f"{f'{f.low:.1%} - {f.high:.1%}':<16}{f.verdict:<10}{f.narrowed:,}"
        )
    lines.append("")
    lines += [f"- {f.text}" for f in findings]
    return "\n".join(lines)


# --- contribution ------------------------------------------------------------------


@dataclass
class CardStat:
    """The win rate of a seat ``how`` ("holding", "playing", "capturing") a card
    (``key``: ``QL``) or a suit (``Water``): each time counted once (a seat that plays
    three Water cards counts three times for Water), over ``games`` seat-games, with
    its 95% interval."""

    key: str
    how: str
    games: int
    rate: float
    low: float
    high: float


@dataclass
class Contribution:
    """The win rates of the cards and suits held, played and captured in a batch, and
    plain sentences on those that stand out."""

    cards: list[CardStat]
    suits: list[CardStat]
    findings: list[str]
    games: int = 0
    agents: tuple[str, ...] = ()
    #: The win rate of a seat for any card held, played, captured: what a card or a
    #: suit is compared with.
    baselines: dict[str, float] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The contribution as plain JSON values."""
        return asdict(self)


def contribution(
    variant: Variant,
    *,
    agents: tuple[str, ...] = ("greedy", "greedy"),
    games: int = 200,
    seed: int = 0,
    players: int | None = None,
    workers: int = 1,
    dask: str | Any | None = None,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Contribution:
    """Play a batch noting every seat's cards, and the win rate of a seat holding,
    playing and capturing each card and each suit. A pack with no cards gives an
    empty contribution saying so, without playing."""
    state = _set_up(variant, players)
    if not any(isinstance(c, Card) for c in state.components()):
        return Contribution(
            [], [], [f"{state.game.name} is played without cards: there is no card to count."]
        )
    batch = replace(variant.batch(games, agents, seed, players), cards=True)
    tally = _CardTally()
    for result in run(batch, workers, progress, dask, cancelled):
        tally.add(result)
    return tally.contribution(agents)


class _CardTally:
    """Sums per (how, key): occurrences, their score, and the seat-games."""

    def __init__(self) -> None:
        self.games = 0
        self.cards: dict[tuple[str, str], list[float]] = {}
        self.suits: dict[tuple[str, str], list[float]] = {}
        self.totals: dict[str, list[float]] = {how: [0.0, 0.0, 0.0] for how in HOWS}

    def add(self, result: GameResult) -> None:
        if not result.ended or result.cards is None:
            return
        self.games += 1
        seats = len(result.cards)
        drawn = not result.winners or len(set(result.winners)) >= seats
        for seat, held in enumerate(result.cards):
            score = 0.5 if drawn else float(seat in result.winners)
            for how, cards in zip(HOWS, (held.held, held.played, held.captured), strict=True):
                if not cards:
                    continue
                _count(self.totals[how], len(cards), score)
                for key, n in Counter(cards).items():
                    _count(self.cards.setdefault((how, key), [0.0, 0.0, 0.0]), n, score)
                suits = Counter(Card.parse(card).suit.title for card in cards)
                for key, n in suits.items():
                    _count(self.suits.setdefault((how, key), [0.0, 0.0, 0.0]), n, score)

    def contribution(self, agents: tuple[str, ...]) -> Contribution:
        baselines = {how: t[1] / t[0] for how, t in self.totals.items() if t[0]}
        cards = sorted(
            (_stat(key, how, sums) for (how, key), sums in self.cards.items()),
            key=lambda s: (list(HOWS).index(s.how), Card.parse(s.key).sort_key()),
        )
        suits = sorted(
            (_stat(key, how, sums) for (how, key), sums in self.suits.items()),
            key=lambda s: (list(HOWS).index(s.how), Suit[s.key.upper()]),
        )
        sentences: list[str] = []
        for how, verb in HOWS.items():
            if how not in baselines:
                sentences.append(f"No card was ever {verb} in these {self.games} games.")
                continue
            base = baselines[how]
            sentences += _suit_sentences([s for s in suits if s.how == how], verb, base)
            sentences += _card_sentences([s for s in cards if s.how == how], verb, base)
        return Contribution(cards, suits, sentences, self.games, agents, baselines)


def _count(sums: list[float], occurrences: int, score: float) -> None:
    sums[0] += occurrences
    sums[1] += occurrences * score
    sums[2] += 1


def _stat(key: str, how: str, sums: list[float]) -> CardStat:
    """The rate over the occurrences, its interval as wide as the seat-games make it
    (a seat's cards in one game are not independent tries)."""
    occurrences, score, games = sums
    rate = score / occurrences
    low, high = wilson(rate * games, int(games))
    return CardStat(key, how, int(games), rate, low, high)


def _stands_out(stats: list[CardStat], base: float) -> list[CardStat]:
    """The stats whose interval leaves out ``base`` when each is held to the 5% error
    of the whole family (Bonferroni: one in 20 families, not one in 20 cards, shows
    a card standing out by chance)."""
    if not stats:
        return []
    z = family_z(len(stats))
    found = []
    for stat in stats:
        low, high = wilson(stat.rate * stat.games, stat.games, z)
        if low > base or high < base:
            found.append(stat)
    return sorted(found, key=lambda s: -abs(s.rate - base))


def _span(stat: CardStat) -> str:
    return f"{stat.rate:.0%} ({_interval(stat.low, stat.high)})"


def _interval(low: float, high: float) -> str:
    """``55-67%``."""
    return f"{low:.0%}"[:-1] + f"-{high:.0%}"


def _suit_sentences(stats: list[CardStat], verb: str, base: float) -> list[str]:
    if len(stats) < 2:
        return []
    odd = _stands_out(stats, base)
    rest = [s for s in stats if s not in odd]
    games = max(s.games for s in stats)
    if not odd:
        low = min(s.rate for s in stats)
        high = max(s.rate for s in stats)
        return [
            f"No suit stands out when {verb} over {games} seat-games:"
            f" the suits win {low:.0%} to {high:.0%}."
        ]
    first, *more = sorted(odd, key=lambda s: -s.rate)
    said = f"{first.key} cards win {_span(first)} when {verb}"
    said += "".join(f", {s.key} {_span(s)}" for s in more)
    if rest:
        low = min(s.rate for s in rest)
        high = max(s.rate for s in rest)
        others = "the other suit" if len(rest) == 1 else "other suits"
        said += f", {others} {low:.0%}" + (f"-{high:.0%}" if high - low >= 0.005 else "")
    return [said + ": the suits are not balanced."]


def _card_sentences(stats: list[CardStat], verb: str, base: float) -> list[str]:
    odd = _stands_out(stats, base)
    if not odd or len(stats) < 2:
        return []
    shown = ", ".join(f"{s.key} {_span(s)}" for s in odd[:4])
    more = f" and {len(odd) - 4} more" if len(odd) > 4 else ""
    many = "cards stand" if len(odd) > 1 else "card stands"
    return [f"{len(odd)} {many} out when {verb}: {shown}{more}, against {base:.0%} for any card."]


def contribution_table(result: Contribution) -> str:
    """The contribution as tables for the terminal: suits, then cards, then sentences."""
    lines: list[str] = []
    for title, stats in (("suit", result.suits), ("card", result.cards)):
        if not stats:
            continue
        lines.append(f"{title:<10}{'when':<11}{'games':>7}{'win rate':>10}   95% interval")
        lines += [
            f"{s.key:<10}{HOWS[s.how]:<11}{s.games:>7}{s.rate:>9.1%}   {s.low:.1%} - {s.high:.1%}"
            for s in stats
        ]
        lines.append("")
    lines += [f"- {sentence}" for sentence in result.findings]
    return "\n".join(lines)
