"""The OpenCL drivers' start, begun in a thread while the program's imports run.

A GPU driver takes 0.1-0.2 s to start (the first ``clGetPlatformIDs`` of a
process), which a plain program pays inside ``create_some_context`` and skmd
inside :func:`skmd.install`.  ``skmd run`` knows it will need the drivers before
it has imported pyopencl and its own runtime (0.15 s on a GPU host), so it asks
for the platforms and their devices in a thread first, through the ICD loader
pyopencl itself will use, called with ctypes, which lets go of the interpreter
lock for the call: the drivers start while the imports run, and the platform
query of :func:`skmd.runtime.devices.discover` finds them started.  Nothing is
kept from the thread's calls, and every failure is silent: the query is made
again as usual.  :func:`wait` is called before the first query through pyopencl,
so the two never run at once.

While the thread runs, the process's environment must not gain a variable: a
driver's start reads it (``getenv``) and the C library's ``setenv`` of a new name
moves the array being read, a segmentation fault.  numpy's import adds one
(``OPENBLAS_MAIN_FREE``, removed after), so ``skmd run`` imports numpy first;
pyopencl's import sets ``PYOPENCL_HOME``, which :func:`begin` sets before the
thread starts, so that it is only replaced, in place.
"""
from __future__ import annotations

import glob
import os
import threading

_thread: threading.Thread | None = None


def _package() -> str | None:
    """pyopencl's folder, found without importing it."""
    import importlib.util  # (here: every install() imports this module, few call this)
    try:
        spec = importlib.util.find_spec("pyopencl")
    except (ImportError, ValueError):
        return None
    folders = list(spec.submodule_search_locations or []) if spec else []
    return folders[0] if folders else None


def loader_path() -> tuple[str, str | None] | None:
    """The ICD loader pyopencl loads and pyopencl's folder when it is its wheel's own
    (beside its extension), else the system's loader and None; None when none is found."""
    folder = _package()
    if folder is not None:
        found = sorted(glob.glob(os.path.join(folder, ".libs", "libOpenCL*.so*")))
        if found:
            return found[0], folder
    import ctypes.util
    found = ctypes.util.find_library("OpenCL")
    return None if found is None else (found, None)


def _vendor_files(home: str | None) -> list[str]:
    """The ICD files the loader reads: its vendors folder and pyopencl's own."""
    folders = [os.environ.get("OCL_ICD_VENDORS") or os.environ.get("OPENCL_VENDOR_PATH")
               or "/etc/OpenCL/vendors"]
    if home is not None:
        folders.append(os.path.join(home, ".libs"))
    return [f for d in folders if os.path.isdir(d)
            for f in sorted(glob.glob(os.path.join(d, "*.icd")))]


def shipped_drivers(home: str | None) -> list[str]:
    """Drivers the ICD files name bare that pyopencl's wheel ships beside its loader.

    pyopencl's extension loads the loader with ``$ORIGIN/.libs`` on its search path,
    so the loader finds these there; a loader opened by ctypes would not, and would
    remember the driver as missing for the whole process.  Loading them first by
    their full path makes the loader's own open find them loaded."""
    if home is None:
        return []
    out: list[str] = []
    for icd in _vendor_files(home):
        try:
            with open(icd, encoding="utf-8", errors="replace") as f:
                name = f.readline().strip()
        except OSError:
            continue
        full = os.path.join(home, ".libs", name)
        if name and "/" not in name and os.path.isfile(full) and full not in out:
            out.append(full)
    return out


def _start(path: str, drivers: list[str]) -> None:
    import ctypes
    try:
        for d in drivers:  # a driver that cannot be loaded here stops the warm start:
            ctypes.CDLL(d)  # the loader must not remember it as missing
        cl = ctypes.CDLL(path)
        u32p = ctypes.POINTER(ctypes.c_uint32)
        cl.clGetPlatformIDs.argtypes = [ctypes.c_uint32, ctypes.c_void_p, u32p]
        cl.clGetDeviceIDs.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint32,
                                      ctypes.c_void_p, u32p]
        n = ctypes.c_uint32(0)
        if cl.clGetPlatformIDs(0, None, ctypes.byref(n)) != 0 or n.value == 0:
            return
        platforms = (ctypes.c_void_p * n.value)()
        if cl.clGetPlatformIDs(n.value, platforms, None) != 0:
            return
        for p in platforms:
            count = ctypes.c_uint32(0)
            cl.clGetDeviceIDs(p, 0xFFFFFFFF, 0, None, ctypes.byref(count))  # DEVICE_TYPE_ALL
    except Exception:  # noqa: BLE001 - a warm start is a nicety; discovery asks again
        pass


def begin() -> bool:
    """Start the drivers in a thread (once per process); False when no loader is found."""
    global _thread
    if _thread is not None:
        return True
    found = loader_path()
    if found is None:
        return False
    path, home = found
    folder = home or _package()
    if folder is not None:
        # the wheel's loader finds the drivers shipped with pyopencl through this
        # variable (it fails without it); ``import pyopencl`` sets it to the same
        # folder, which then only replaces it (see above)
        os.environ["PYOPENCL_HOME"] = folder
    _thread = threading.Thread(target=_start, args=(path, shipped_drivers(home)),
                               name="skmd-driver-start",
                               daemon=True)
    _thread.start()
    return True


def wait(timeout: float | None = 30.0) -> None:
    """Until the thread's driver calls are done (before pyopencl's own, and before
    the process may end: a driver must not be mid-start at exit)."""
    t = _thread
    if t is not None:
        t.join(timeout)
