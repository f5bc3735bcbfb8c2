"""The words of ucg's cards that the checker and the runtime both know: a module of its own, so
that a check, which reads them, does not import the card definitions."""

from __future__ import annotations

KEYWORDS = ("Assist", "Cunning", "Expertise", "Overpower", "Swift", "Unstoppable")
