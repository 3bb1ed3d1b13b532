"""skmd's keys kept between runs hash exactly as hashlib's SHA-256 does: a store
written by one Python (or one skmd) is found again by another."""
import hashlib

from skmd.digest import sha256_hex, sha256_of


def test_digests_match_hashlib():
    for text in ("", "abc", "__kernel void f() {}\0-cl-fast-relaxed-math", "é" * 1000):
        assert sha256_hex(text) == hashlib.sha256(text.encode()).hexdigest()
        h = sha256_of(text)
        h.update(b"more")
        assert h.hexdigest() == hashlib.sha256(text.encode() + b"more").hexdigest()
