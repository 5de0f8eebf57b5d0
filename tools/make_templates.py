"""Write the New game templates' files again from ``vtt.studio.newgame.compose``.

Each template in ``vtt/studio/templates/<name>/`` is what ``compose`` writes for its own
answers: the heading comments of ``pack.yaml``, its ``README.md`` and its
``records/first.yaml`` (a seeded random game). Run ``python tools/make_templates.py``
from the repository's root after changing the questions' words, a template's rules, or
anything that changes what a seed deals (``tests/studio/test_newgame.py`` says when).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vtt.studio.newgame import TEMPLATES, answers_for, compose, templates_dir, write_pack


def main() -> None:
    for name in TEMPLATES:
        paths = write_pack(templates_dir() / name, compose(answers_for(name), name), True)
        print("\n".join(str(path) for path in paths))


if __name__ == "__main__":
    main()
