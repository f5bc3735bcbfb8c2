"""The project's cache of work already done: parser tables, the templates and the generated
modules as compiled, and the results of card files whose text has not changed, in
`.cardwright-cache/` at the project's root.

Entries are JSON, never pickles, so that reading one makes data, not code; the exceptions
are the entries of compiled code (marshal, in base64): the templates', Jinja2's code, which
runs as a template renders, and the generated modules' (`code`), which runs as `play`
loads the cards, as the bytecode Python keeps of the compiler's own modules does.  Each
is keyed by a hash of everything that went into it, including the compiler's own source
(`fingerprint`), and sealed with a keyed hash whose key lives outside the project (in the
user's cache folder): an entry this machine did not write (one committed to a
repository, say) or one that was cut short is not trusted but rebuilt, as is a stale
one.  The cache is an optimisation only; anything wrong with it costs time, never a wrong
result.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import importlib.resources
import json
import os
import secrets
import shutil
import sys
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

CACHE_DIR = ".cardwright-cache"
# The kinds of entry this compiler keeps; a folder of any other kind is from an older one.
KINDS = frozenset({"tables", "results", "runs", "records", "templates", "code"})
KEPT = 16  # entries of a kind, unless it asks for fewer
_PACKAGE = Path(__file__).resolve().parent
_SOURCE_SUFFIXES = (".py", ".j2", ".lark")


@cache
def fingerprint(made_by: str = "") -> str:
    """A hash of the compiler's source, templates and grammars, and of the versions of
    Python and Lark: any change to them makes every entry stale.  With `made_by`, a
    subpackage, of its source and the grammars alone, for entries nothing else goes into:
    the parser tables are the grammars' and compiler.syntax's, and a version of cardwright
    that changed neither need not make them again (3 s of a first run for pacg's)."""
    import lark  # only for its version; the parser itself is imported where it is used

    digest = hashlib.sha256(f"{sys.version_info[:2]} lark {lark.__version__}".encode())
    grammars = Path(str(importlib.resources.files("compiler.grammar")))
    for folder in (_PACKAGE / made_by, grammars):
        for path in sorted(_sources_under(folder)):
            with open(path, "rb", buffering=0) as source:
                digest.update(os.path.basename(path).encode())
                digest.update(source.read())
    return digest.hexdigest()


def _sources_under(folder: Path) -> Iterator[str]:
    """The paths of the source files under `folder`, not looking into `__pycache__`, whose
    bytecode rglob listed and every command then passed over."""
    for parent, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if name != "__pycache__"]
        yield from (os.path.join(parent, name) for name in names
                    if name.endswith(_SOURCE_SUFFIXES))


def key_of(*parts: str, made_by: str = "") -> str:
    """The key of an entry made from `parts`, with the fingerprint of the compiler's source
    that makes it (`fingerprint`)."""
    digest = hashlib.sha256(fingerprint(made_by).encode())
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


_disabled = False


def disable() -> None:
    """Make every cache of this process remember nothing (`--no-cache`)."""
    global _disabled
    _disabled = True


def project_cache(kind: str, keep: int = KEPT) -> Cache:
    """The cache of entries of `kind` for the project the command runs in: the nearest folder
    above the working directory with a `.git` or `pyproject.toml`, or the working directory.
    It holds at most `keep` entries (see Cache)."""
    if kind not in KINDS:
        raise ValueError(f"{kind!r} is not a kind of cache entry (KINDS)")
    if _disabled:
        return Cache(None, kind)
    from compiler.files import project_root

    cwd = Path.cwd()
    root = project_root(cwd) or cwd
    _forget_old_kinds(root / CACHE_DIR)
    return Cache(root, kind, keep)


@cache
def _forget_old_kinds(folder: Path) -> None:
    """Remove the folders of kinds of entry no longer kept (an older compiler's), once a
    process: nothing would ever read them again."""
    with contextlib.suppress(OSError), os.scandir(folder) as kinds:
        for kind in kinds:
            if kind.is_dir() and kind.name not in KINDS:
                shutil.rmtree(kind.path, ignore_errors=True)


class Cache:
    """Entries of one kind (`tables`, `results`, ...) under a project's cache folder.

    Every edit, every compiler change and every new set of paths makes entries under new
    keys, and the old ones are never asked for again; so a kind holds at most `keep`
    entries, and writing one more removes those written longest ago."""

    def __init__(self, root: Path | None, kind: str, keep: int = KEPT) -> None:
        """`root` None makes a cache that remembers nothing (`--no-cache`)."""
        self.folder = None if root is None else root / CACHE_DIR / kind
        self.keep = keep

    def get(self, key: str) -> Any | None:
        """The value stored under `key`, or None when there is none that can be trusted."""
        text = self.get_text(key)
        if text is None:
            return None
        try:
            return json.loads(text)
        except ValueError:
            return None

    def get_text(self, key: str) -> str | None:
        """The text stored under `key`, or None when there is none that can be trusted."""
        if self.folder is None:
            return None
        try:
            raw = (self.folder / f"{key}.json").read_bytes()
            seal, _, body = raw.partition(b"\n")
            if not hmac.compare_digest(seal.decode("ascii"), _seal(key, body)):
                return None
            return body.decode("utf-8")
        except (OSError, ValueError, UnicodeDecodeError):
            return None

    def put(self, key: str, value: Any) -> None:
        """Store `value` (plain JSON data) under `key`."""
        self.put_text(key, compact_json(value))

    def put_text(self, key: str, text: str) -> None:
        """Store `text` under `key`; a cache that cannot be written is simply not written."""
        if self.folder is None:
            return
        body = text.encode("utf-8")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            _ignore_in_git(self.folder.parent)
            handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            with os.fdopen(handle, "wb") as out:
                out.write(_seal(key, body).encode("ascii") + b"\n" + body)
            path = self.folder / f"{key}.json"
            os.replace(temporary, path)
            _forget_oldest(self.folder, self.keep, path.name)
        except OSError:
            return


def compact_json(data: Any) -> str:
    """`data` as JSON without spaces: what the cache's entries hold."""
    return _COMPACT_JSON.encode(data)


# The entries are made by to_data methods, which never make a cycle: not looking for one
# takes a fifth off the time of writing them.
_COMPACT_JSON = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def _forget_oldest(folder: Path, keep: int, newest: str) -> None:
    """Remove all but the `keep` entries of `folder` written last, `newest` among them (file
    times may be too coarse to tell it from the others)."""
    written = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.endswith(".json") and entry.name != newest:
                with contextlib.suppress(OSError):  # removed by another process meanwhile
                    written.append((entry.stat().st_mtime_ns, entry.path))
    for _, path in sorted(written)[:max(len(written) - keep + 1, 0)]:
        with contextlib.suppress(OSError):
            os.unlink(path)


def _seal(key: str, body: bytes) -> str:
    return hmac.new(_secret(), key.encode() + b"\n" + body, hashlib.sha256).hexdigest()


@cache
def _secret() -> bytes:
    """This machine's key for sealing entries, kept in the user's cache folder; where that
    cannot be read or written, a key for this process only (entries then last one run)."""
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cardwright"
    path = home / "cache-key"
    for _ in range(2):
        try:
            return bytes.fromhex(path.read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            pass
        key = secrets.token_bytes(32)
        try:
            home.mkdir(parents=True, exist_ok=True)
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue  # another process wrote it first: read theirs
        except OSError:
            break
        with os.fdopen(handle, "w", encoding="ascii") as out:
            out.write(key.hex())
        return key
    return secrets.token_bytes(32)


def _ignore_in_git(folder: Path) -> None:
    """A `.gitignore` inside the cache folder, so a project that does not list it in its own
    never commits it."""
    marker = folder / ".gitignore"
    if not marker.exists():
        marker.write_text("*\n", encoding="ascii")
