"""AESEncrypt: AES-128 ECB encryption of an RGB image, one 16-byte block per work-item."""
from __future__ import annotations

from skmd.bench.programs.aes import AESBase
from skmd.bench.programs.base import main_for, register


class AESEncrypt(AESBase):
    name = "AESEncrypt"
    encrypt = True


BENCH = register(AESEncrypt())

if __name__ == "__main__":
    main_for(BENCH)
