import ctypes, os, sys
libc = ctypes.CDLL(None)
environ = ctypes.POINTER(ctypes.c_void_p).in_dll(libc, "environ")
def snap():
    out = []; i = 0
    while environ[i]:
        out.append(environ[i]); i += 1
    return ctypes.addressof(environ.contents), out
if sys.argv[1] == "preset":
    os.environ["OPENBLAS_MAIN_FREE"] = "1"
before = snap()
import numpy
after = snap()
print(sys.argv[1], "numpy", numpy.__version__, "environ array moved:", before[0] != after[0], "entries changed:", before[1] != after[1], len(before[1]), len(after[1]))
