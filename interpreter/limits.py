"""How far the rules may run between two decisions before they are stopped as a runaway."""

from __future__ import annotations

STEP_LIMIT = 2_000_000
# Steps without a decision between two looks at what the rules keep (interpreter/growth.py);
# the rules are stopped at the first look past STEP_LIMIT steps.
CHECK_EVERY = 1_000
