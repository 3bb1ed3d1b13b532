"""AES-128 shared by AESEncrypt and AESDecrypt: tables, key schedule, NumPy reference.

The kernels use the 32-bit T-table formulation (SubBytes, ShiftRows and MixColumns of a
round folded into four lookups per output word); the NumPy reference follows the
byte-level FIPS-197 steps instead, so the two are independent derivations. All tables
are computed here from the field arithmetic, none are transcribed.
"""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs.base import (Arrays, Benchmark, Inputs, empty, read, to_device)


def _xtime(a: int) -> int:
    a <<= 1
    return (a ^ 0x1B) & 0xFF if a & 0x100 else a


def gf_mul(a: int, b: int) -> int:
    """Product in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1."""
    out = 0
    while b:
        if b & 1:
            out ^= a
        a = _xtime(a)
        b >>= 1
    return out


def _make_sbox() -> tuple[np.ndarray, np.ndarray]:
    # 3 generates the multiplicative group: a = 3^i has inverse 3^(255 - i).
    power = [1] * 255
    for i in range(1, 255):
        power[i] = gf_mul(power[i - 1], 3)
    inv = [0] * 256
    for i in range(255):
        inv[power[i]] = power[(255 - i) % 255]
    sbox = np.zeros(256, dtype=np.uint8)
    for x in range(256):
        b = inv[x]
        rot = lambda v, k: ((v << k) | (v >> (8 - k))) & 0xFF  # noqa: E731
        sbox[x] = b ^ rot(b, 1) ^ rot(b, 2) ^ rot(b, 3) ^ rot(b, 4) ^ 0x63
    inv_sbox = np.zeros(256, dtype=np.uint8)
    inv_sbox[sbox] = np.arange(256, dtype=np.uint8)
    return sbox, inv_sbox


SBOX, INV_SBOX = _make_sbox()
MUL = {k: np.array([gf_mul(x, k) for x in range(256)], dtype=np.uint8)
       for k in (2, 3, 9, 11, 13, 14)}


def _word(b0: np.ndarray, b1: np.ndarray, b2: np.ndarray, b3: np.ndarray) -> np.ndarray:
    return ((b0.astype(np.uint32) << 24) | (b1.astype(np.uint32) << 16)
            | (b2.astype(np.uint32) << 8) | b3.astype(np.uint32))


def _rotr(w: np.ndarray, k: int) -> np.ndarray:
    return ((w >> np.uint32(k)) | (w << np.uint32(32 - k))).astype(np.uint32)


def _tables(sbox: np.ndarray, col: tuple[int, int, int, int]) -> np.ndarray:
    """T0..T3 for one MixColumns matrix column, T_r = T0 rotated right by 8r bits."""
    s = sbox.astype(np.uint8)
    m = [s if c == 1 else MUL[c][s] for c in col]
    t0 = _word(*m)
    return np.concatenate([t0, _rotr(t0, 8), _rotr(t0, 16), _rotr(t0, 24)]).astype(np.uint32)


TE = _tables(SBOX, (2, 1, 1, 3))       # MixColumns column 0
TD = _tables(INV_SBOX, (14, 9, 13, 11))  # InvMixColumns column 0


def expand_key(key: np.ndarray) -> np.ndarray:
    """FIPS-197 key expansion: 44 big-endian round-key words."""
    k = [int(x) for x in key]
    w = [(k[4 * i] << 24) | (k[4 * i + 1] << 16) | (k[4 * i + 2] << 8) | k[4 * i + 3]
         for i in range(4)]
    rcon = 1
    for i in range(4, 44):
        t = w[i - 1]
        if i % 4 == 0:
            t = ((t << 8) | (t >> 24)) & 0xFFFFFFFF
            t = int(_word(*(np.array([SBOX[(t >> s) & 0xFF]]) for s in (24, 16, 8, 0)))[0])
            t ^= rcon << 24
            rcon = _xtime(rcon)
        w.append(w[i - 4] ^ t)
    return np.array(w, dtype=np.uint32)


def _inv_mix_word(w: int) -> int:
    b = [(w >> s) & 0xFF for s in (24, 16, 8, 0)]
    rows = ((14, 11, 13, 9), (9, 14, 11, 13), (13, 9, 14, 11), (11, 13, 9, 14))
    out = 0
    for r in range(4):
        v = 0
        for c in range(4):
            v ^= gf_mul(b[c], rows[r][c])
        out = (out << 8) | v
    return out


def decrypt_key(w: np.ndarray) -> np.ndarray:
    """Round keys of the equivalent inverse cipher: reversed, middle rounds InvMixColumns'd."""
    out = []
    for rnd in range(10, -1, -1):
        words = [int(x) for x in w[4 * rnd:4 * rnd + 4]]
        if 0 < rnd < 10:
            words = [_inv_mix_word(x) for x in words]
        out.extend(words)
    return np.array(out, dtype=np.uint32)


# -- byte-level reference ---------------------------------------------------------------
_SHIFT = np.array([(r + 4 * ((c + r) % 4)) for c in range(4) for r in range(4)])
_INV_SHIFT = np.argsort(_SHIFT)


def _round_key_bytes(w: np.ndarray, rnd: int) -> np.ndarray:
    words = w[4 * rnd:4 * rnd + 4]
    return np.array([(int(words[c]) >> (24 - 8 * r)) & 0xFF
                     for c in range(4) for r in range(4)], dtype=np.uint8)


def _mix(state: np.ndarray, coeffs: tuple[int, int, int, int]) -> np.ndarray:
    cols = state.reshape(-1, 4, 4)  # block, column, row
    out = np.zeros_like(cols)
    for r in range(4):
        for c in range(4):
            k = coeffs[(c - r) % 4]
            term = cols[:, :, c] if k == 1 else MUL[k][cols[:, :, c]]
            out[:, :, r] ^= term
    return out.reshape(-1, 16)


def encrypt_reference(data: np.ndarray, key: np.ndarray) -> np.ndarray:
    w = expand_key(key)
    s = data.reshape(-1, 16) ^ _round_key_bytes(w, 0)
    for rnd in range(1, 11):
        s = SBOX[s][:, _SHIFT]
        if rnd < 10:
            s = _mix(s, (2, 3, 1, 1))
        s = s ^ _round_key_bytes(w, rnd)
    return s.reshape(-1)


def decrypt_reference(data: np.ndarray, key: np.ndarray) -> np.ndarray:
    w = expand_key(key)
    s = data.reshape(-1, 16) ^ _round_key_bytes(w, 10)
    for rnd in range(9, -1, -1):
        s = INV_SBOX[s[:, _INV_SHIFT]] ^ _round_key_bytes(w, rnd)
        if rnd > 0:
            s = _mix(s, (14, 11, 13, 9))
    return s.reshape(-1)


# -- kernels ----------------------------------------------------------------------------
SOURCE = r"""
#define B0(w) ((w) >> 24)
#define B1(w) (((w) >> 16) & 0xffu)
#define B2(w) (((w) >> 8) & 0xffu)
#define B3(w) ((w) & 0xffu)

inline uint load_word(__global const uchar *p)
{
    return ((uint)p[0] << 24) | ((uint)p[1] << 16) | ((uint)p[2] << 8) | (uint)p[3];
}

inline void store_word(__global uchar *p, uint w)
{
    p[0] = (uchar)B0(w); p[1] = (uchar)B1(w); p[2] = (uchar)B2(w); p[3] = (uchar)B3(w);
}

/* One 16-byte block per work-item. T holds T0..T3 (256 words each); S the S-box;
   rk 44 round-key words. enc selects the ShiftRows direction. */
inline void aes_block(__global const uchar *in, __global uchar *out,
                      __constant uint *T, __constant uint *S, __constant uint *rk,
                      int enc)
{
    size_t b = get_global_id(0) * 16;
    uint s0 = load_word(in + b) ^ rk[0], s1 = load_word(in + b + 4) ^ rk[1];
    uint s2 = load_word(in + b + 8) ^ rk[2], s3 = load_word(in + b + 12) ^ rk[3];
    uint t0, t1, t2, t3;
    __constant uint *T1 = T + 256, *T2 = T + 512, *T3 = T + 768;
    for (int r = 1; r < 10; ++r) {
        __constant uint *k = rk + 4 * r;
        if (enc) {
            t0 = T[B0(s0)] ^ T1[B1(s1)] ^ T2[B2(s2)] ^ T3[B3(s3)] ^ k[0];
            t1 = T[B0(s1)] ^ T1[B1(s2)] ^ T2[B2(s3)] ^ T3[B3(s0)] ^ k[1];
            t2 = T[B0(s2)] ^ T1[B1(s3)] ^ T2[B2(s0)] ^ T3[B3(s1)] ^ k[2];
            t3 = T[B0(s3)] ^ T1[B1(s0)] ^ T2[B2(s1)] ^ T3[B3(s2)] ^ k[3];
        } else {
            t0 = T[B0(s0)] ^ T1[B1(s3)] ^ T2[B2(s2)] ^ T3[B3(s1)] ^ k[0];
            t1 = T[B0(s1)] ^ T1[B1(s0)] ^ T2[B2(s3)] ^ T3[B3(s2)] ^ k[1];
            t2 = T[B0(s2)] ^ T1[B1(s1)] ^ T2[B2(s0)] ^ T3[B3(s3)] ^ k[2];
            t3 = T[B0(s3)] ^ T1[B1(s2)] ^ T2[B2(s1)] ^ T3[B3(s0)] ^ k[3];
        }
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    /* last round: no MixColumns, bytes straight from the S-box */
    uint a = enc ? s1 : s3, c = enc ? s3 : s1;
    t0 = (S[B0(s0)] << 24) | (S[B1(a)] << 16) | (S[B2(s2)] << 8) | S[B3(c)];
    a = enc ? s2 : s0; c = enc ? s0 : s2;
    t1 = (S[B0(s1)] << 24) | (S[B1(a)] << 16) | (S[B2(s3)] << 8) | S[B3(c)];
    a = enc ? s3 : s1; c = enc ? s1 : s3;
    t2 = (S[B0(s2)] << 24) | (S[B1(a)] << 16) | (S[B2(s0)] << 8) | S[B3(c)];
    a = enc ? s0 : s2; c = enc ? s2 : s0;
    t3 = (S[B0(s3)] << 24) | (S[B1(a)] << 16) | (S[B2(s1)] << 8) | S[B3(c)];
    store_word(out + b, t0 ^ rk[40]);
    store_word(out + b + 4, t1 ^ rk[41]);
    store_word(out + b + 8, t2 ^ rk[42]);
    store_word(out + b + 12, t3 ^ rk[43]);
}

__kernel void aes_encrypt(__global const uchar *in, __global uchar *out,
                          __constant uint *T, __constant uint *S, __constant uint *rk)
{
    aes_block(in, out, T, S, rk, 1);
}

__kernel void aes_decrypt(__global const uchar *in, __global uchar *out,
                          __constant uint *T, __constant uint *S, __constant uint *rk)
{
    aes_block(in, out, T, S, rk, 0);
}
"""


class AESBase(Benchmark):
    """ECB over a 24-bit RGB image (3 bytes per pixel), one block per work-item."""

    contiguous = False
    source = SOURCE
    # Table 3.2: 4,096 x 4,096 BMP image (48 MB).
    sizes = {
        "ci": {"width": 64, "height": 64},
        "profile1": {"width": 1024, "height": 1024},
        "profile2": {"width": 2048, "height": 2048},
        "paper": {"width": 4096, "height": 4096},
    }
    local = 256
    encrypt = True

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        p = self.params(size)
        rng = np.random.default_rng(seed)
        nbytes = p["width"] * p["height"] * 3
        return {"data": rng.integers(0, 256, nbytes, dtype=np.uint8),
                "key": rng.integers(0, 256, 16, dtype=np.uint8)}

    def reference(self, inputs: Inputs) -> Arrays:
        fn = encrypt_reference if self.encrypt else decrypt_reference
        return {"out": fn(inputs["data"], inputs["key"])}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        data = inputs["data"]
        w = expand_key(inputs["key"])
        if self.encrypt:
            tables, sbox, rk = TE, SBOX, w
        else:
            tables, sbox, rk = TD, INV_SBOX, decrypt_key(w)
        din = to_device(queue, data)
        dT = to_device(queue, tables)
        dS = to_device(queue, sbox.astype(np.uint32))
        dk = to_device(queue, rk)
        dout = empty(ctx, data.size, np.uint8)
        kernel = self.kernel(ctx, "aes_encrypt" if self.encrypt else "aes_decrypt")
        kernel(queue, (data.size // 16,), (self.local,), din, dout, dT, dS, dk)
        out = read(queue, dout, data.size, np.uint8)
        queue.finish()
        return {"out": out}
