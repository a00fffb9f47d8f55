"""Regenerate the golden rule summary and reference card: `python -m codegen.golden`.

Writes `tests/golden/<game>.summary.md` and `<game>.card.md` for every game in
`games/`, through `pirdsl reference` (so the worked examples are run and their
PASS/FAIL shown), with the date fixed by `SOURCE_DATE_EPOCH` so that the files
change only when the rules or the generator do. Review the result as a diff.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
# 2024-01-01, a fixed date for the title block of the golden files.
GOLDEN_EPOCH = "1704067200"


def golden_arguments(game: Path, kind: str, output: Path) -> list[str]:
    """The `pirdsl reference` arguments that produce one golden file."""
    return ["reference", str(game), "--kind", kind, "--format", "md", "-o", str(output)]


def main() -> int:
    from pirdsl.cli import main as pirdsl_main

    os.environ["SOURCE_DATE_EPOCH"] = GOLDEN_EPOCH
    GOLDEN.mkdir(parents=True, exist_ok=True)
    status = 0
    for game in sorted((ROOT / "games").glob("*.pir")):
        for kind in ("summary", "card"):
            status |= pirdsl_main(golden_arguments(game.relative_to(ROOT), kind, GOLDEN / f"{game.stem}.{kind}.md"))
    # The shipped variant files (games/variants/), with the page of what each changes.
    (GOLDEN / "variants").mkdir(exist_ok=True)
    for game in sorted((ROOT / "games" / "variants").glob("*.pir")):
        for kind in VARIANT_KINDS:
            status |= pirdsl_main(golden_arguments(game.relative_to(ROOT), kind,
                                                   GOLDEN / "variants" / f"{game.stem}.{kind}.md"))
    return status


VARIANT_KINDS = ("summary", "card", "changes")


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
