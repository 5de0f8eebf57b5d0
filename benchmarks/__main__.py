"""Run every benchmark module and write docs/performance.md."""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import sys
import time
from pathlib import Path

from benchmarks import Result

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
BEGIN = "<!-- figures: begin (written by make bench) -->"
END = "<!-- figures: end -->"


def discover(only: list[str]) -> list[str]:
    """Names of the benchmark modules, optionally filtered by substring."""
    names = sorted(p.stem for p in (ROOT / "benchmarks").glob("bench_*.py"))
    return [n for n in names if not only or any(word in n for word in only)]


def table(results: list[Result]) -> str:
    """The figures as Markdown, one section per group."""
    lines: list[str] = []
    groups: dict[str, list[Result]] = {}
    for result in results:
        groups.setdefault(result.group, []).append(result)
    for group, rows in groups.items():
        lines += [
            f"### {group}",
            "",
            "| measure | figure | goal | met | note |",
            "|---|---:|---|---|---|",
        ]
        for r in rows:
            met = "" if r.met is None else ("yes" if r.met else "**no**")
            lines.append(f"| {r.name} | {r.value:,.3g} {r.unit} | {r.goal} | {met} | {r.note} |")
        lines.append("")
    return "\n".join(lines)


def write_doc(body: str) -> None:
    """Replace the generated section of docs/performance.md, keeping the prose around it."""
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else f"# Performance\n\n{BEGIN}\n{END}\n"
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    stamp = (
        f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, "
        f"by `make bench`.\n"
    )
    DOC.write_text(f"{head}{BEGIN}\n{stamp}\n{body}\n{END}{tail}", encoding="utf-8")


def main() -> int:
    """Entry point of ``python -m benchmarks [NAME ...] [--no-write]``."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("only", nargs="*", help="run only modules whose name contains this")
    parser.add_argument("--no-write", action="store_true", help="print, do not update docs")
    args = parser.parse_args()
    results: list[Result] = []
    for name in discover(args.only):
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"== {name}", flush=True)
        for result in module.run():
            print(f"   {result.name}: {result.value:,.3g} {result.unit} {result.goal}", flush=True)
            results.append(result)
    if not args.no_write and not args.only:
        write_doc(table(results))
        print(f"wrote {DOC.relative_to(ROOT)}")
    failed = [r for r in results if r.met is False]
    for r in failed:
        print(f"goal missed: {r.group}: {r.name}: {r.value:,.3g} {r.unit}, goal {r.goal}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
