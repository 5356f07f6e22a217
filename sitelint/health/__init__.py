"""The instrument watching itself: each rule's state (did it run, does it still tell pages apart) and the rules that
fire together (one instrument counted twice)."""

from __future__ import annotations

from sitelint.health.redundancy import against_build, co_firing, fired_pages
from sitelint.health.states import STATES, rule_states

__all__ = ["STATES", "against_build", "co_firing", "fired_pages", "rule_states"]
