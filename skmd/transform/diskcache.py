"""Analyses kept on disk, so the next run of the same program parses nothing.

Keyed by the program's hash and a digest of the transformer's own code, so a new
version of the analysis never reads an old one's results.  Every failure (no
folder, unreadable or foreign file) just means "not cached".  The folder is
handed in (:func:`use_folder`, by the runtime from ``SKMD_PROFILE_DIR``).
"""
from __future__ import annotations

import functools
import os
import pickle
import shlex
import tempfile
from pathlib import Path
from typing import Any, Sequence

from skmd.digest import sha256_hex, sha256_of

_CODE_DIGEST: str | None = None
#: the stored shape: 2 added merge kernels (``merge_source``, ``merge_parts``)
FORMAT = 2


def code_digest() -> str:
    """The analysing code's version: its files' names, sizes and modification times
    (a stat each; reading and hashing them cost every process 1-2 ms at start)."""
    global _CODE_DIGEST
    if _CODE_DIGEST is None:
        h = sha256_of(f"format {FORMAT}")
        with os.scandir(os.path.dirname(os.path.realpath(__file__))) as found:
            files = sorted((e.name, e.stat()) for e in found if e.name.endswith(".py"))
        for name, st in files:  # (pathlib's glob and sort took 3x as long)
            h.update(f"{name} {st.st_size} {st.st_mtime_ns}\n".encode())
        _CODE_DIGEST = h.hexdigest()[:16]
    return _CODE_DIGEST


#: the folder given to :func:`use_folder` (None: the user's cache folder)
_base: str | None = None


def use_folder(base: str | None) -> str | None:
    """Keep analyses under ``base``/analysis from now on; returns the folder before."""
    global _base
    before, _base = _base, base
    return before


def folder() -> Path | None:
    try:
        base = _base
        if not base:  # (pyopencl's first build imports platformdirs in any case)
            import platformdirs
            base = platformdirs.user_cache_dir("skmd")
        return Path(base) / "analysis"
    except Exception:
        return None


def _path(key: str) -> Path | None:
    f = folder()
    return None if f is None else f / f"{key}-{code_digest()}.pickle"


def normalise_options(options: str | Sequence[str]) -> tuple[str, ...]:
    """Build options as separate words, however the program passed them."""
    if isinstance(options, str):
        return _words(options)
    out: list[str] = []
    for o in options:
        out.extend(_words(str(o)))
    return tuple(out)


@functools.lru_cache(maxsize=256)
def _words(text: str) -> tuple[str, ...]:
    """``shlex.split``, kept: a program's builds pass the same options again and again."""
    return tuple(shlex.split(text))


def program_key(source: str, options: str | Sequence[str]) -> str:
    """The key a program's analysis is kept under: its source and its build options."""
    opts = normalise_options(options)
    return sha256_hex(source + "\0" + "\0".join(opts))


def has(key: str) -> bool:
    """Whether an analysis is kept under ``key``: a file test, made on a kernel's
    first launch (which then need not wait before analysing), so without pathlib's
    objects (a fifth of a millisecond each on a GPU host's first use)."""
    f = _folder_text()
    return f is not None and os.path.isfile(f"{f}{os.sep}{key}-{code_digest()}.pickle")


_folder_texts: dict[str | None, str | None] = {}


def warm() -> None:
    """Work out ahead what a kernel's first launch asks of :func:`has`: the folder's
    name (platformdirs) and the code's digest, 0.2 ms of that launch otherwise."""
    _folder_text()
    code_digest()


def _folder_text() -> str | None:
    """:func:`folder` as text, kept per :func:`use_folder` setting."""
    if _base not in _folder_texts:
        f = folder()
        _folder_texts[_base] = None if f is None else str(f)
    return _folder_texts[_base]


def load(key: str) -> Any | None:
    p = _path(key)
    if p is None or not p.is_file():
        return None
    try:
        with open(p, "rb") as fh:
            return pickle.load(fh)
    except Exception:
        return None


def store(key: str, value: Any) -> None:
    p = _path(key)
    if p is None:
        return
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=p.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, p)  # readers see the whole file or none
    except Exception:
        try:
            os.unlink(tmp)  # type: ignore[possibly-undefined]
        except Exception:
            pass
