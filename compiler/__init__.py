"""cardwright: a compiler from card rules text to Python that plays real encounters."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("cardwright")
except PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0.0.0+source"
