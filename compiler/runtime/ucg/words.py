"""The keywords of ucg's cards, which the runtime plays by name (combat) and the checker and
the formatter read: a module of its own, so that a check does not import the card
definitions."""

from __future__ import annotations

KEYWORDS = ("Assist", "Cunning", "Expertise", "Overpower", "Swift", "Unstoppable")
