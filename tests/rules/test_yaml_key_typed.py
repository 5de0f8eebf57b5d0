"""A key typed without its colon yet (a half-written step in the studio) is reported at
the line where it is typed, not at the next line, where YAML noticed."""

from __future__ import annotations

from vtt.rules.loader import check_pack_text

PACK = """\
id: tiny
name: Tiny
players: {min: 2, max: 2}
setup:
  - shuffle: pool
  if
  - shuffle: pool
"""


def test_a_key_without_its_colon_is_reported_on_its_own_line() -> None:
    (problem,) = check_pack_text(PACK).diagnostics
    assert (problem.line, problem.column) == (6, 3)
    assert "could not find expected ':'" in problem.message
