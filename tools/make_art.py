"""Generate all of Janken Table's SVG art into ``assets/``.

Rerun with ``python tools/make_art.py`` (or ``make art``) from anywhere; the output is
deterministic, so the same inputs give byte-identical files.  It writes:

* ``assets/cards/<rank><suit>.svg`` for the 70 cards (``AR`` .. ``KL``, ``JkR`` ..),
  ``assets/cards/back.svg`` and ``assets/cards/rule-card-front.svg`` / ``-back.svg``;
* ``assets/dice/pip-<R|P|S|W|L|Jk>.svg`` (six-sided suit die) and
  ``assets/dice/rank-<suit>-<2..10|J|Q|pip>.svg`` (twelve-sided rank dice);
* ``assets/tokens/seat-1..8.svg`` and ``assets/tokens/suit-<suit>.svg``;
* ``assets/tokens/piece-<kind>.svg`` for pieces that are no suit: ``K`` (a King's crown)
  and ``wall`` (a Wall's bricks), drawn like the suit tokens (board games such as Janken
  Go; the table rings each piece in its owner's colour);
* ``assets/bag.svg``, ``assets/counter.svg``, ``assets/palette.json`` and
  ``assets/LICENSE-ART.md``.

The suit symbols are drawn here as plain geometric paths.  Text is never emitted as
``<text>``: the program runs on machines that may have no fonts, so every word is
outlined to paths at generation time with fontTools from DejaVu Sans Bold (Bitstream
Vera / DejaVu font licence, which allows this).  Generating therefore needs fontTools
(``pip install fonttools``) and that font (``fonts-dejavu-core`` on Debian; set
``JANKEN_ART_FONT`` to use another copy of DejaVuSans-Bold.ttf).  The committed SVGs need
neither.  Everything sticks to what QtSvg (SVG Tiny 1.2) draws: paths, basic shapes,
linear/radial gradients, transforms and opacity; no filters, masks, patterns, clip paths,
CSS or external references.

Rule card layout (portrait, 250 x 350): the front is a ten-row table in the Rule Card's
order.  Each row has the winner's suit disc on the left, the loser's on the right, and
between them two lines of text: "Scissors cuts Paper" the right way up and, below it,
upside down, "Paper beats Scissors".  The header reads "RULE CARD"; the footer is the
upside-down header "JOKER RULES / When a Joker is played, rules reverse!".  Turned 180
degrees, the whole card reads as the Joker table: the discs swap sides and every row
reads "loser beats winner", exactly like turning the original card.  A cycle diagram
was left off the front on purpose: arrows do not change meaning when the card is turned,
so it would contradict the turned reading.  The back is the Joker side proper: the
title "When a Joker is played, rules reverse!", a five-suit cycle diagram whose arrows
point from the Joker-rules winner to the loser, and the ten reversed rules.
"""

from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
FONT_CANDIDATES = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    "/Library/Fonts/DejaVuSans-Bold.ttf",
]

SUITS = ["R", "P", "S", "W", "L"]
SUIT_NAMES = {"R": "Rock", "P": "Paper", "S": "Scissors", "W": "Water", "L": "Lizard"}
SUIT_COLOURS = {
    "R": "#6d6e72",
    "P": "#c9a227",
    "S": "#c0392b",
    "W": "#2779c4",
    "L": "#2e9e4f",
}
JOKER = "#7d3c98"
FELT = "#1f5e3b"
SEATS = ["#e74c3c", "#3498db", "#2ecc71", "#f1c40f", "#9b59b6", "#e67e22", "#1abc9c", "#ff6fa8"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Jk"]
DIE_FACES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "pip"]
RULE_CARD_VIEWBOX = "0 0 250 350"

CARD_BG = "#fffdf6"
CARD_EDGE = "#4a4a4a"
INK = "#2b2b2b"
BACK_BG = "#1c2c4c"
BACK_LINE = "#c9a227"

# The Rule Card, in its own order: (winner, verb, loser).
RULES = [
    ("S", "cuts", "P"),
    ("P", "covers", "R"),
    ("R", "crushes", "L"),
    ("L", "drinks", "W"),
    ("W", "rusts", "S"),
    ("S", "decapitates", "L"),
    ("L", "eats", "P"),
    ("P", "absorbs", "W"),
    ("W", "erodes", "R"),
    ("R", "blunts", "S"),
]


# --------------------------------------------------------------------------- helpers


def n(x: float) -> str:
    """Format a number compactly and deterministically."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def shade(colour: str, f: float) -> str:
    """Darken a colour: multiply each channel by f (0..1)."""
    return "#" + "".join(f"{round(c * f):02x}" for c in _rgb(colour))


def tint(colour: str, f: float) -> str:
    """Lighten a colour: mix it with white, f = share of white (0..1)."""
    return "#" + "".join(f"{round(c + (255 - c) * f):02x}" for c in _rgb(colour))


def ink(suit: str) -> str:
    """Darker suit colour for text on the cream card (parchment gold is too pale)."""
    return shade(SUIT_COLOURS[suit], 0.68)


def rot180(cx: float, cy: float) -> str:
    return f"matrix(-1 0 0 -1 {n(2 * cx)} {n(2 * cy)})"


def group(body: str, transform: str | None = None, **attrs: str) -> str:
    parts = [f' transform="{transform}"'] if transform else []
    parts += [f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items()]
    return f"<g{''.join(parts)}>{body}</g>"


def svg_doc(width: int, height: int, body: str, defs: str = "") -> str:
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.2" baseProfile="tiny" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">\n'
    )
    if defs:
        head += f"<defs>{defs}</defs>\n"
    return head + body + "\n</svg>\n"


def circle(cx: float, cy: float, r: float, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r)}"{extra}/>'


def rect(x: float, y: float, w: float, h: float, rx: float = 0, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    rr = f' rx="{n(rx)}"' if rx else ""
    return f'<rect x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}"{rr}{extra}/>'


def path(d: str, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<path d="{d}"{extra}/>'


def poly_d(points: list[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{n(x)} {n(y)}" for x, y in points) + " Z"


def circle_d(cx: float, cy: float, r: float) -> str:
    """A circle as a path (two arcs), for even-odd rings."""
    return (
        f"M{n(cx - r)} {n(cy)} A{n(r)} {n(r)} 0 1 0 {n(cx + r)} {n(cy)} "
        f"A{n(r)} {n(r)} 0 1 0 {n(cx - r)} {n(cy)} Z"
    )


def regular_polygon(
    cx: float, cy: float, r: float, k: int, start_deg: float = -90
) -> list[tuple[float, float]]:
    pts = []
    for i in range(k):
        a = math.radians(start_deg + 360 * i / k)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def linear_gradient(gid: str, stops: list[tuple[float, str]], x2: float = 0, y2: float = 1) -> str:
    s = "".join(f'<stop offset="{n(o)}" stop-color="{c}"/>' for o, c in stops)
    return (
        f'<linearGradient id="{gid}" x1="0" y1="0" x2="{n(x2)}" y2="{n(y2)}">{s}</linearGradient>'
    )


def radial_gradient(
    gid: str, stops: list[tuple[float, str]], cx: float, cy: float, r: float
) -> str:
    s = "".join(f'<stop offset="{n(o)}" stop-color="{c}"/>' for o, c in stops)
    return (
        f'<radialGradient id="{gid}" gradientUnits="userSpaceOnUse" cx="{n(cx)}" cy="{n(cy)}" '
        f'r="{n(r)}">{s}</radialGradient>'
    )


# --------------------------------------------------------------------------- text


class Font:
    """Outlines DejaVu Sans Bold text to SVG path data with fontTools."""

    def __init__(self) -> None:
        try:
            from fontTools.pens.svgPathPen import SVGPathPen
            from fontTools.pens.transformPen import TransformPen
            from fontTools.ttLib import TTFont
        except ImportError:
            sys.exit(
                "make_art.py needs fontTools to outline text: pip install fonttools "
                "(e.g. into the project venv: .venv/bin/pip install fonttools)"
            )
        env = os.environ.get("JANKEN_ART_FONT")
        candidates = [env] if env else FONT_CANDIDATES
        found = next((p for p in candidates if p and Path(p).is_file()), None)
        if found is None:
            sys.exit(
                "make_art.py needs DejaVu Sans Bold (DejaVuSans-Bold.ttf); install "
                "fonts-dejavu-core or set JANKEN_ART_FONT to its path. Looked in: "
                + ", ".join(c for c in candidates if c)
            )
        self._svg_pen = SVGPathPen
        self._transform_pen = TransformPen
        self.tt = TTFont(found)
        self.glyphs = self.tt.getGlyphSet()
        self.cmap = self.tt.getBestCmap()
        self.upm = self.tt["head"].unitsPerEm
        self.hmtx = self.tt["hmtx"]
        self.cap = self.tt["glyf"]["H"].yMax / self.upm
        self.kern: dict[tuple[str, str], int] = {}
        if "kern" in self.tt:
            for table in self.tt["kern"].kernTables:
                if getattr(table, "format", None) == 0:
                    self.kern.update(table.kernTable)

    def _layout(self, s: str) -> tuple[list[tuple[str, float]], float]:
        """Glyph names with pen positions (font units), and the total advance."""
        out = []
        pen = 0.0
        prev = None
        for ch in s:
            name = self.cmap.get(ord(ch))
            if name is None:
                raise ValueError(f"font has no glyph for {ch!r}")
            if prev is not None:
                pen += self.kern.get((prev, name), 0)
            out.append((name, pen))
            pen += self.hmtx[name][0]
            prev = name
        return out, pen

    def width(self, s: str, cap: float) -> float:
        return self._layout(s)[1] * cap / self.cap / self.upm

    def runs(
        self,
        runs: list[tuple[str, str]],
        x: float,
        baseline: float,
        cap: float,
        anchor: str = "middle",
        max_w: float | None = None,
        **attrs: str,
    ) -> str:
        """Paths for coloured runs of text on one line.  ``cap`` is the cap height;
        text wider than ``max_w`` is squeezed horizontally to fit."""
        size = cap / self.cap
        k = size / self.upm
        layouts = [self._layout(s) for s, _ in runs]
        total = sum(adv for _, adv in layouts) * k
        sx = 1.0 if max_w is None or total <= max_w else max_w / total
        total *= sx
        x0 = {"start": x, "middle": x - total / 2, "end": x - total}[anchor]
        extra = "".join(f' {key.replace("_", "-")}="{v}"' for key, v in attrs.items())
        out = []
        for (_, colour), (glyphs, adv) in zip(runs, layouts, strict=True):
            pen = self._svg_pen(self.glyphs, ntos=n)
            for name, gx in glyphs:
                tpen = self._transform_pen(pen, (k * sx, 0, 0, -k, x0 + gx * k * sx, baseline))
                self.glyphs[name].draw(tpen)
            d = pen.getCommands()
            if d:
                out.append(f'<path d="{d}" fill="{colour}"{extra}/>')
            x0 += adv * k * sx
        return "".join(out)

    def text(
        self,
        s: str,
        x: float,
        baseline: float,
        cap: float,
        fill: str,
        anchor: str = "middle",
        max_w: float | None = None,
        **attrs: str,
    ) -> str:
        return self.runs([(s, fill)], x, baseline, cap, anchor, max_w, **attrs)

    def centred(
        self,
        s: str,
        cx: float,
        cy: float,
        cap: float,
        fill: str,
        max_w: float | None = None,
        **a: str,
    ) -> str:
        """Text centred on (cx, cy) by its cap height."""
        return self.text(s, cx, cy + cap / 2, cap, fill, "middle", max_w, **a)


# --------------------------------------------------------------------------- suit symbols
# Each symbol is drawn in a 100 x 100 box centred on (50, 50), as filled paths only.


def star_points(
    cx: float, cy: float, r_out: float, r_in: float, points: int
) -> list[tuple[float, float]]:
    """A star with its first point straight up."""
    out = []
    for i in range(2 * points):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(-90 + 180 * i / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def _scissors_paths() -> list[tuple[str, str]]:
    pivot = (50.0, 44.0)
    shapes = []
    for side in (-1, 1):
        ring = (50 + side * 19, 76.0)
        shapes.append((circle_d(*ring, 16) + " " + circle_d(*ring, 8.5), "evenodd"))
        dx, dy = pivot[0] - ring[0], pivot[1] - ring[1]
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        vx, vy = -uy * side, ux * side  # the blade's back points away from the centre line

        def at(
            u: float,
            v: float,
            ux: float = ux,
            uy: float = uy,
            vx: float = vx,
            vy: float = vy,
            ring: tuple[float, float] = ring,
        ) -> tuple[float, float]:
            return (ring[0] + u * ux + v * vx, ring[1] + u * uy + v * vy)

        tip = length + 42
        blade = [
            at(12, -5.5),
            at(length, -6.5),
            at(tip, 0),
            at(length + 16, 9),
            at(length, 8.5),
            at(12, 5.5),
        ]
        shapes.append((poly_d(blade), "nonzero"))
    shapes.append((circle_d(*pivot, 3.5), "nonzero"))
    return shapes


SYMBOL_PATHS: dict[str, list[tuple[str, str]]] = {
    # Rock: a round stone, drawn as the Rule Card's ring.
    "R": [(circle_d(50, 50, 40) + " " + circle_d(50, 50, 23), "evenodd")],
    # Paper: a sheet with a folded corner (the card's square).
    "P": [
        (
            "M16 9 H62 L86 33 V91 H16 Z M28 21 H54 V41 H74 V79 H28 Z",
            "evenodd",
        )
    ],
    "S": _scissors_paths(),
    # Water: a drop with a highlight.
    "W": [
        (
            "M50 5 C58 21 79 40 79 62 A29 29 0 0 1 50 91 A29 29 0 0 1 21 62 "
            "C21 40 42 21 50 5 Z M31 62 C31 71 36 78 44 81 C39 76 37 70 37 62 Z",
            "evenodd",
        )
    ],
    # Lizard: the Rule Card's star.
    "L": [(poly_d(star_points(50, 54, 47, 20, 5)), "nonzero")],
}


def symbol(suit: str, cx: float, cy: float, size: float, fill: str, angle: float = 0) -> str:
    """The suit symbol scaled to ``size`` (its 100-unit box), centred on (cx, cy)."""
    k = size / 100
    a = math.radians(angle)
    c, s = math.cos(a) * k, math.sin(a) * k
    e = cx - (c * 50 - s * 50)
    f = cy - (s * 50 + c * 50)
    m = f"matrix({n(c)} {n(s)} {n(-s)} {n(c)} {n(e)} {n(f)})"
    body = "".join(
        f'<path d="{d}" fill-rule="{rule}"/>' if rule != "nonzero" else f'<path d="{d}"/>'
        for d, rule in SYMBOL_PATHS[suit]
    )
    return f'<g transform="{m}" fill="{fill}">{body}</g>'


def suit_disc(suit: str, cx: float, cy: float, r: float, angle: float = 0) -> str:
    colour = SUIT_COLOURS[suit]
    return circle(cx, cy, r, fill=colour, stroke=shade(colour, 0.7), stroke_width=n(r / 9)) + (
        symbol(suit, cx, cy, r * 1.45, "#ffffff", angle)
    )


# --------------------------------------------------------------------------- cards

CARD_W, CARD_H = 250, 350
CX, CY = CARD_W / 2, CARD_H / 2


def card_base(fill: str = CARD_BG) -> str:
    # Outer edge of the 2-unit border is exactly the 250 x 350 box with rx 14.
    return rect(1, 1, 248, 348, 13, fill=fill, stroke=CARD_EDGE, stroke_width="2")


#: The ranks whose corner index is underlined.
UNDERLINED = ("6", "9")


def corner_index(font: Font, rank: str, suit: str) -> str:
    colour = JOKER if rank == "Jk" else ink(suit)
    cap = 38
    idx = font.text(rank, 28, 12 + cap, cap, colour, max_w=44)
    if rank in UNDERLINED:
        # As on real decks: upside down, a 6 and a 9 read the same without it.
        width = font.width(rank, cap) * 0.85
        idx += rect(28 - width / 2, 15 + cap, width, 4, 1.5, fill=colour, **{"class": "underline"})
    idx += symbol(suit, 28, 76, 34, SUIT_COLOURS[suit])
    return idx + group(idx, rot180(CX, CY))


PIP_COLS = (82, 125, 168)
PIP_LAYOUTS: dict[str, list[tuple[float, float]]] = {}


def _pip_layouts() -> None:
    left, mid, right = PIP_COLS
    top, bottom = 78.0, 272.0
    rows4 = [top + (bottom - top) * i / 3 for i in range(4)]
    c = CY
    PIP_LAYOUTS.update(
        {
            "2": [(mid, top), (mid, bottom)],
            "3": [(mid, top), (mid, c), (mid, bottom)],
            "4": [(x, y) for y in (top, bottom) for x in (left, right)],
            "5": [(x, y) for y in (top, bottom) for x in (left, right)] + [(mid, c)],
            "6": [(x, y) for y in (top, c, bottom) for x in (left, right)],
            "7": [(x, y) for y in (top, c, bottom) for x in (left, right)] + [(mid, (top + c) / 2)],
            "8": [(x, y) for y in (top, c, bottom) for x in (left, right)]
            + [(mid, (top + c) / 2), (mid, (c + bottom) / 2)],
            "9": [(x, y) for y in rows4 for x in (left, right)] + [(mid, c)],
            "10": [(x, y) for y in rows4 for x in (left, right)]
            + [(mid, (rows4[0] + rows4[1]) / 2), (mid, (rows4[2] + rows4[3]) / 2)],
        }
    )


_pip_layouts()


def card_centre(font: Font, rank: str, suit: str) -> str:
    colour = SUIT_COLOURS[suit]
    if rank == "A":
        return (
            circle(CX, CY, 78, fill=colour, fill_opacity="0.1")
            + circle(CX, CY, 78, fill="none", stroke=colour, stroke_width="2")
            + symbol(suit, CX, CY, 112, colour)
        )
    if rank in PIP_LAYOUTS:
        size = 46 if rank in ("9", "10") else 52
        return "".join(
            symbol(suit, x, y, size, colour, 180 if y > CY + 0.5 else 0)
            for x, y in PIP_LAYOUTS[rank]
        )
    if rank in ("J", "Q", "K"):
        frame = rect(
            52, 46, 146, 258, 12, fill=tint(colour, 0.88), stroke=colour, stroke_width="3"
        ) + rect(59, 53, 132, 244, 8, fill="none", stroke=colour, stroke_width="1")
        half = font.centred(rank, CX, 102, 56, ink(suit))
        half += symbol(suit, 80, 70, 20, colour) + symbol(suit, 170, 70, 20, colour)
        return frame + half + group(half, rot180(CX, CY)) + symbol(suit, CX, CY, 44, colour)
    # Joker
    frame = rect(
        58, 44, 134, 262, 12, fill=tint(JOKER, 0.9), stroke=JOKER, stroke_width="5"
    ) + rect(65, 51, 120, 248, 7, fill="none", stroke=JOKER, stroke_width="1.5")
    diamonds = "".join(
        path(poly_d([(x, y - 7), (x + 5, y), (x, y + 7), (x - 5, y)]), fill=JOKER)
        for x in (75, 175)
        for y in (66, 284)
    )
    word = font.centred("JOKER", CX, 86, 22, JOKER, max_w=104)
    return (
        frame
        + diamonds
        + word
        + group(word, rot180(CX, CY))
        + circle(CX, CY, 52, fill="#ffffff", stroke=JOKER, stroke_width="3")
        + symbol(suit, CX, CY, 72, colour)
    )


def card_svg(font: Font, rank: str, suit: str) -> str:
    body = card_base() + card_centre(font, rank, suit) + corner_index(font, rank, suit)
    return svg_doc(CARD_W, CARD_H, body)


def back_svg() -> str:
    parts = [card_base("#ffffff")]
    parts.append(rect(12, 12, 226, 326, 9, fill=BACK_BG))
    parts.append(rect(18, 18, 214, 314, 6, fill="none", stroke=BACK_LINE, stroke_width="1.5"))
    # Diamond lattice, symmetric about the centre.
    dots = []
    for j in range(-11, 12):
        for i in range(-6, 7):
            if (i + j) % 2:
                continue
            x, y = CX + i * 16, CY + j * 13.5
            if abs(x - CX) > 96 or abs(y - CY) > 146:
                continue
            if math.hypot((x - CX) / 84, (y - CY) / 84) < 1.0:
                continue
            dots.append(poly_d([(x, y - 5), (x + 4, y), (x, y + 5), (x - 4, y)]))
    parts.append(path(" ".join(dots), fill="#2e4573"))
    # Medallion: ten suit discs on a ring, each suit twice and opposite, facing outwards.
    parts.append(circle(CX, CY, 74, fill=BACK_BG, stroke=BACK_LINE, stroke_width="2"))
    parts.append(circle(CX, CY, 68, fill="#fffdf6"))
    for i in range(10):
        a = -90 + 36 * i
        x = CX + 50 * math.cos(math.radians(a))
        y = CY + 50 * math.sin(math.radians(a))
        parts.append(suit_disc(SUITS[i % 5], x, y, 14, a + 90))
    parts.append(path(poly_d(star_points(CX, CY, 26, 8, 4)), fill=JOKER))
    parts.append(circle(CX, CY, 4, fill=BACK_LINE))
    # Corner flourishes (180-degree symmetric pairs).
    for sx, sy in ((-1, -1), (1, 1), (1, -1), (-1, 1)):
        x, y = CX + sx * 92, CY + sy * 142
        parts.append(circle(x, y, 6, fill=BACK_LINE))
    return svg_doc(CARD_W, CARD_H, "".join(parts))


# --------------------------------------------------------------------------- rule card


def rule_card_front(font: Font) -> str:
    parts = [card_base()]
    top, bottom = 60.0, 290.0
    row_h = (bottom - top) / len(RULES)

    def header(title: str, sub: str, colour: str) -> str:
        return font.centred(title, CX, 24, 16, colour, max_w=210) + font.centred(
            sub, CX, 45, 7.5, colour, max_w=220
        )

    parts.append(header("RULE CARD", "This suit beats that suit", INK))
    parts.append(
        group(
            header("JOKER RULES", "When a Joker is played, rules reverse!", JOKER),
            rot180(CX, CY),
        )
    )
    for i, (win, verb, lose) in enumerate(RULES):
        cy = top + row_h * (i + 0.5)
        if i % 2:
            parts.append(rect(10, top + row_h * i, 230, row_h, fill="#f1ecdf"))
        parts.append(suit_disc(win, 25, cy, 9.5))
        parts.append(suit_disc(lose, 225, cy, 9.5, 180))
        cap = 7.2
        parts.append(
            font.runs(
                [
                    (SUIT_NAMES[win] + " ", ink(win)),
                    (verb, INK),
                    (" " + SUIT_NAMES[lose], ink(lose)),
                ],
                CX,
                cy - 2.5,
                cap,
                max_w=164,
            )
        )
        reverse = font.runs(
            [
                (SUIT_NAMES[lose] + " ", ink(lose)),
                ("beats", JOKER),
                (" " + SUIT_NAMES[win], ink(win)),
            ],
            CX,
            cy - 2.5,
            cap,
            max_w=164,
        )
        parts.append(group(reverse, rot180(CX, cy)))
    for line_y in (top, bottom):
        parts.append(path(f"M10 {n(line_y)} H240", stroke="#b8b2a4", stroke_width="1"))
    return svg_doc(CARD_W, CARD_H, "".join(parts))


def rule_card_back(font: Font) -> str:
    parts = [card_base()]
    band = "M1 58 V14 A13 13 0 0 1 14 1 H236 A13 13 0 0 1 249 14 V58 Z"
    parts.append(path(band, fill=JOKER))
    parts.append(font.centred("JOKER RULES", CX, 22, 17, "#ffffff", max_w=210))
    parts.append(
        font.centred("When a Joker is played, rules reverse!", CX, 45, 7.5, "#ffffff", max_w=224)
    )
    # Cycle diagram: Rock at the top, then clockwise in the cycle order.
    dcx, dcy, rad, disc = CX, 124.0, 56.0, 14.0
    pos = {
        s: (
            dcx + rad * math.cos(math.radians(-90 + 72 * i)),
            dcy + rad * math.sin(math.radians(-90 + 72 * i)),
        )
        for i, s in enumerate(SUITS)
    }
    arrows = []
    for win, _verb, lose in RULES:
        # Under Joker rules the loser of the normal rule wins.
        (x1, y1), (x2, y2) = pos[lose], pos[win]
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        sx, sy = x1 + ux * (disc + 3), y1 + uy * (disc + 3)
        ex, ey = x2 - ux * (disc + 2), y2 - uy * (disc + 2)
        adjacent = (SUITS.index(win) - SUITS.index(lose)) % 5 == 1
        colour = JOKER if adjacent else tint(JOKER, 0.35)
        bx, by = ex - ux * 9, ey - uy * 9
        arrows.append(path(f"M{n(sx)} {n(sy)} L{n(bx)} {n(by)}", stroke=colour, stroke_width="2.2"))
        head = [(ex, ey), (bx - uy * 4.5, by + ux * 4.5), (bx + uy * 4.5, by - ux * 4.5)]
        arrows.append(path(poly_d(head), fill=colour))
    parts.extend(arrows)
    for s, (x, y) in pos.items():
        parts.append(suit_disc(s, x, y, disc))
    parts.append(font.centred("arrows point from winner to loser", dcx, 196, 6, JOKER))
    # The ten reversed rules.
    top, row_h = 216.0, 12.8
    for i, (win, _verb, lose) in enumerate(RULES):
        cy = top + row_h * i
        parts.append(suit_disc(lose, 40, cy, 5.6))
        parts.append(suit_disc(win, 210, cy, 5.6))
        parts.append(
            font.runs(
                [
                    (SUIT_NAMES[lose] + " ", ink(lose)),
                    ("beats", JOKER),
                    (" " + SUIT_NAMES[win], ink(win)),
                ],
                CX,
                cy + 3.4,
                6.8,
                max_w=150,
            )
        )
    return svg_doc(CARD_W, CARD_H, "".join(parts))


# --------------------------------------------------------------------------- dice


def pip_die(font: Font, face: str) -> str:
    if face == "Jk":
        body = rect(3, 3, 94, 94, 16, fill=JOKER, stroke=shade(JOKER, 0.7), stroke_width="3")
        body += rect(
            10,
            10,
            80,
            80,
            11,
            fill="none",
            stroke="#ffffff",
            stroke_width="1.5",
            stroke_opacity="0.6",
        )
        body += font.centred("J", 50, 44, 38, "#ffffff")
        body += font.centred("JOKER", 50, 78, 9, "#ffffff", max_w=60)
        return svg_doc(100, 100, body)
    body = rect(3, 3, 94, 94, 16, fill="#ffffff", stroke="#9a9a9a", stroke_width="3")
    body += symbol(face, 50, 50, 66, SUIT_COLOURS[face])
    return svg_doc(100, 100, body)


def rank_die(font: Font, suit: str, face: str) -> str:
    colour = SUIT_COLOURS[suit]
    gid = f"g{suit}"
    defs = linear_gradient(gid, [(0, tint(colour, 0.25)), (1, colour)])
    outer = poly_d(regular_polygon(50, 53, 42, 5))
    inner = poly_d(regular_polygon(50, 53, 35, 5))
    body = path(
        outer,
        fill=shade(colour, 0.72),
        stroke=shade(colour, 0.72),
        stroke_width="9",
        stroke_linejoin="round",
    )
    body += path(
        inner, fill=f"url(#{gid})", stroke=f"url(#{gid})", stroke_width="6", stroke_linejoin="round"
    )
    if face == "pip":
        body += symbol(suit, 50, 55, 44, shade(colour, 0.55))
        body += symbol(suit, 50, 54, 44, "#ffffff")
    else:
        cap = 28 if face == "10" else 30
        outline = shade(colour, 0.5)
        glyph_kw = {"stroke": outline, "stroke_width": "3", "stroke_linejoin": "round"}
        body += font.centred(face, 50, 55, cap, outline, max_w=46, **glyph_kw)
        body += font.centred(face, 50, 55, cap, "#ffffff", max_w=46)
        if face in ("6", "9"):
            bar = rect(40, 74, 20, 3.5, 1.5, fill="#ffffff", stroke=outline, stroke_width="1")
            body += bar
    return svg_doc(100, 100, body, defs)


# --------------------------------------------------------------------------- tokens


def token(colour: str, gid: str, inner: str) -> tuple[str, str]:
    defs = radial_gradient(
        gid, [(0, tint(colour, 0.45)), (0.55, colour), (1, shade(colour, 0.8))], 30, 26, 42
    )
    body = circle(40, 42, 36, fill="#000000", fill_opacity="0.18")
    body += circle(40, 40, 36, fill=shade(colour, 0.62))
    body += circle(40, 40, 30, fill=f"url(#{gid})", stroke=shade(colour, 0.85), stroke_width="1.5")
    body += inner
    body += path(
        "M20 32 A22 22 0 0 1 44 14 A26 26 0 0 0 26 36 Z", fill="#ffffff", fill_opacity="0.45"
    )
    return body, defs


def seat_token(font: Font, seat: int) -> str:
    colour = SEATS[seat - 1]
    label = font.centred(str(seat), 40, 41, 20, shade(colour, 0.5), fill_opacity="0.85")
    body, defs = token(colour, "g", label)
    return svg_doc(80, 80, body, defs)


def suit_token(suit: str) -> str:
    colour = SUIT_COLOURS[suit]
    body, defs = token(colour, "g", symbol(suit, 40, 41, 38, "#ffffff"))
    return svg_doc(80, 80, body, defs)


#: Pieces that are no suit: their colour and their symbol, drawn white on the token.
KING = "#a0782a"
WALL = "#8a6a55"


def king_token() -> str:
    """A crown: five points over a band, a bead on each point."""
    tips = [(22, 31), (31, 38), (40, 24), (49, 38), (58, 31)]
    crown = poly_d([(24, 53), *tips, (56, 53)])
    beads = "".join(circle(x, y, 3.2, fill="#ffffff") for x, y in tips[::2])
    inner = path(crown, fill="#ffffff") + beads + rect(24, 55, 32, 5, 1.5, fill="#ffffff")
    body, defs = token(KING, "g", inner)
    return svg_doc(80, 80, body, defs)


def wall_token() -> str:
    """Bricks in three courses, the middle one offset by half a brick."""
    courses = [
        [(22, 27), (41, 27)],
        [(16, 37), (32, 37), (48, 37)],
        [(22, 47), (41, 47)],
    ]
    widths = {2: 17.0, 3: 14.0}
    inner = "".join(
        rect(x, y, widths[len(course)], 8, 1.2, fill="#ffffff")
        for course in courses
        for x, y in course
    )
    body, defs = token(WALL, "g", inner)
    return svg_doc(80, 80, body, defs)


# --------------------------------------------------------------------------- bag, counter


def bag_svg() -> str:
    defs = linear_gradient("body", [(0, "#b0703c"), (1, "#6e3f1c")], x2=1, y2=0.6)
    defs += linear_gradient("top", [(0, "#c98a52"), (1, "#8d5427")], x2=1, y2=0.4)
    parts = [
        path(
            "M30 150 A50 7 0 0 0 130 150 A50 7 0 0 0 30 150 Z", fill="#000000", fill_opacity="0.22"
        ),
        path(
            "M64 62 C40 72 20 98 22 126 C24 146 48 152 80 152 C112 152 136 146 138 126 "
            "C140 98 120 72 96 62 Z",
            fill="url(#body)",
            stroke="#5a3216",
            stroke_width="2",
        ),
        path(
            "M40 100 C38 118 42 134 56 144",
            fill="none",
            stroke="#ffffff",
            stroke_width="4",
            stroke_opacity="0.18",
            stroke_linecap="round",
        ),
        path(
            "M72 66 C68 92 66 120 70 148 M92 66 C98 96 100 122 96 148",
            fill="none",
            stroke="#4a2810",
            stroke_width="1.5",
            stroke_opacity="0.4",
        ),
        path(
            "M64 62 C54 50 46 36 48 20 C56 26 62 18 70 24 C76 16 84 16 90 24 "
            "C98 18 104 26 112 20 C114 36 106 50 96 62 Z",
            fill="url(#top)",
            stroke="#5a3216",
            stroke_width="2",
        ),
        path(
            "M70 26 C70 40 72 52 74 60 M90 26 C90 40 88 52 86 60",
            fill="none",
            stroke="#4a2810",
            stroke_width="1.3",
            stroke_opacity="0.4",
        ),
        rect(58, 56, 44, 10, 5, fill="#e2bf72", stroke="#8a6a28", stroke_width="1.5"),
        path(
            "M98 64 C106 74 110 84 108 98 M98 64 C114 70 122 80 124 92",
            fill="none",
            stroke="#e2bf72",
            stroke_width="3",
            stroke_linecap="round",
        ),
        circle(108, 100, 4, fill="#e2bf72", stroke="#8a6a28", stroke_width="1"),
        circle(124, 94, 4, fill="#e2bf72", stroke="#8a6a28", stroke_width="1"),
        circle(98, 62, 5, fill="#e2bf72", stroke="#8a6a28", stroke_width="1.2"),
    ]
    return svg_doc(160, 160, "".join(parts), defs)


def counter_svg() -> str:
    parts = [
        rect(4, 6, 114, 72, 6, fill="#000000", fill_opacity="0.2"),
        rect(2, 3, 114, 72, 6, fill="#fffaf0", stroke="#b9b09a", stroke_width="1.2"),
        path("M2 17 V9 A6 6 0 0 1 8 3 H110 A6 6 0 0 1 116 9 V17 Z", fill="#3d4450"),
    ]
    for x in range(14, 112, 12):
        parts.append(circle(x, 10, 2.2, fill="#d8d8d8"))
    for y in (33, 47, 61):
        parts.append(path(f"M6 {y} H112", stroke="#a9c4e0", stroke_width="1"))
    parts.append(path("M20 19 V73", stroke="#e39b9b", stroke_width="1"))
    return svg_doc(120, 80, "".join(parts))


# --------------------------------------------------------------------------- output


def palette() -> dict[str, object]:
    return {
        "suits": dict(SUIT_COLOURS),
        "seats": list(SEATS),
        "joker": JOKER,
        "felt": FELT,
        "rule_card_viewbox": RULE_CARD_VIEWBOX,
    }


LICENSE_TEXT = """\
# Art licence

The art in this folder (cards, card back, Rule Card, dice, tokens, bag, counter and
palette) is original work generated by `tools/make_art.py` (rerun with
`python tools/make_art.py`) and is released under the same licence as the rest of the
project (MIT). The suit symbols are our own simple geometric drawings. All lettering
is outlined to paths from the DejaVu Sans Bold font (Bitstream Vera / DejaVu fonts
licence, which permits this use; the DejaVu changes are in the public domain), so no
font is needed to show the art.
"""


def build() -> dict[str, str]:
    font = Font()
    files: dict[str, str] = {}
    for suit in SUITS:
        for rank in RANKS:
            files[f"cards/{rank}{suit}.svg"] = card_svg(font, rank, suit)
    files["cards/back.svg"] = back_svg()
    files["cards/rule-card-front.svg"] = rule_card_front(font)
    files["cards/rule-card-back.svg"] = rule_card_back(font)
    for face in [*SUITS, "Jk"]:
        files[f"dice/pip-{face}.svg"] = pip_die(font, face)
    for suit in SUITS:
        for face in DIE_FACES:
            files[f"dice/rank-{suit}-{face}.svg"] = rank_die(font, suit, face)
    for seat in range(1, 9):
        files[f"tokens/seat-{seat}.svg"] = seat_token(font, seat)
    for suit in SUITS:
        files[f"tokens/suit-{suit}.svg"] = suit_token(suit)
    files["tokens/piece-K.svg"] = king_token()
    files["tokens/piece-wall.svg"] = wall_token()
    files["bag.svg"] = bag_svg()
    files["counter.svg"] = counter_svg()
    files["palette.json"] = json.dumps(palette(), indent=2) + "\n"
    files["LICENSE-ART.md"] = LICENSE_TEXT
    return files


def main() -> None:
    files = build()
    for rel, content in files.items():
        target = ASSETS / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8", newline="\n")
    print(f"wrote {len(files)} files under {ASSETS}")


if __name__ == "__main__":
    main()
