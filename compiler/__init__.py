"""cardwright: a compiler from card rules text to Python that plays real encounters."""

from typing import Any


def __getattr__(name: str) -> Any:
    """`__version__`, looked up only when asked for: reading package metadata costs a
    pre-commit hook's start-up time that most runs do not need."""
    if name != "__version__":
        raise AttributeError(name)
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardwright")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0.0.0+source"
