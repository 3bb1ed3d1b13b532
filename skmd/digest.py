"""SHA-256 hex digests for the keys skmd keeps between runs (programs, devices,
analyses).

CPython's own SHA-256 module gives the same digests as :mod:`hashlib` without
loading OpenSSL, which costs every process a few milliseconds at start-up; where
it is missing, :mod:`hashlib` serves.
"""
from __future__ import annotations

try:  # Python 3.12+
    from _sha2 import sha256 as _sha256
except ImportError:  # pragma: no cover - older Pythons, or a build without it
    try:
        from _sha256 import sha256 as _sha256  # type: ignore[no-redef]
    except ImportError:
        from hashlib import sha256 as _sha256  # type: ignore[no-redef]


def sha256_hex(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8) as 64 hex digits."""
    return _sha256(text.encode()).hexdigest()


def sha256_of(text: str):  # noqa: ANN201 - a hashlib-style object, to update further
    """A SHA-256 object over ``text`` (UTF-8), to ``update`` further."""
    return _sha256(text.encode())
