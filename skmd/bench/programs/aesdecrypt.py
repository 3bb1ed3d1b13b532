"""AESDecrypt: AES-128 ECB decryption (equivalent inverse cipher), one block per item."""
from __future__ import annotations

from skmd.bench.programs.aes import AESBase
from skmd.bench.programs.base import main_for, register


class AESDecrypt(AESBase):
    name = "AESDecrypt"
    encrypt = False


BENCH = register(AESDecrypt())

if __name__ == "__main__":
    main_for(BENCH)
