"""A misspelt word's nearest meaning (`nearest`), in a module of its own: the check asks it of
every unknown word, and importing the scenarios' script for it cost every check, a
pre-commit hook's too, that module's import."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def nearest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate nearest to `word`, ignoring case, if one is near enough: a typo's
    meaning, for the runtime's errors and the check's `did you mean` alike.  Near enough is
    seven tenths alike (difflib's ratio): a letter left out, doubled or swapped in a word of
    four letters or more (`Swfit`, 0.8); at difflib's own six tenths, a name no card had was
    given one that shared a few letters with it (`Sorrow`, 'did you mean Marrow?', 0.67)."""
    by_folded = {candidate.casefold(): candidate for candidate in candidates}
    close = difflib.get_close_matches(word.casefold(), list(by_folded), n=1, cutoff=0.7)
    return by_folded[close[0]] if close else None
