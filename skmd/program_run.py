"""The program ``skmd run`` runs, run in ``__main__`` as ``python prog.py`` and
``python -m module`` run it, and its end told as python tells it.

``runpy.run_path`` and ``run_module`` run code in a temporary ``__main__`` whose
globals are let go when it returns, before the program's atexit handlers: python
keeps ``__main__`` in ``sys.modules`` until the interpreter shuts down, its globals
alive through those handlers.  Here the program gets a ``__main__`` module of its
own that stays in ``sys.modules`` (the one ``python -m skmd`` ran in is replaced).
"""
from __future__ import annotations

import builtins
import os
import sys
import traceback
import types
from dataclasses import dataclass
from importlib import machinery, util
from typing import Any, Callable

#: frames of skmd's own above the program's in a traceback (runpy's are frozen in 3.11+)
_OWN_FRAMES = (__file__, "<frozen runpy>")


@dataclass
class Ending:
    """How the program ended: the exit status it asked for."""
    code: int = 0
    #: it ended by SystemExit (python then ends at once: nothing more is done to __main__)
    exited: bool = False


def load_file(path: str) -> tuple[types.CodeType, str, Any]:
    """The code of the script at ``path``, its absolute name and the loader python
    gives ``__main__`` for it.  Compiled under the absolute name as python (3.9+)
    compiles a script: ``__file__``, tracebacks and warnings name it so, and stay
    right after the program changes its folder.  Raises SyntaxError (ValueError for
    a null byte before 3.12)."""
    full = os.path.abspath(path)
    with open(full, "rb") as fh:
        data = fh.read()
    if data[:4] == util.MAGIC_NUMBER:  # a compiled script, which python runs too
        import marshal
        return marshal.loads(data[16:]), full, machinery.SourcelessFileLoader("__main__", full)
    # dont_inherit: the program is not compiled under this module's __future__ imports
    code = compile(data, full, "exec", dont_inherit=True)
    return code, full, machinery.SourceFileLoader("__main__", full)


def _fresh_main() -> dict[str, Any]:
    """A ``__main__`` module as python makes one, put in ``sys.modules`` for the rest
    of the process (pickle and multiprocessing look the program's names up there,
    and its globals outlive the atexit handlers); its globals."""
    mod = types.ModuleType("__main__")
    mod.__dict__.update(__annotations__={}, __builtins__=builtins)
    sys.modules["__main__"] = mod
    return mod.__dict__


def run_file(code: types.CodeType, full: str, loader: Any) -> Ending:
    """Run a script's code (from :func:`load_file`) as ``python FILE`` does."""
    g = _fresh_main()
    g.update(__file__=full, __cached__=None)
    g["__loader__"] = loader
    ending = _run(lambda: exec(code, g))
    if not ending.exited:
        # python takes these out once a script is over (not after sys.exit, which
        # ends the process there): its atexit handlers do not see them
        g.pop("__file__", None)
        g.pop("__cached__", None)
    return ending


def run_module(name: str) -> Ending:
    """Run module ``name`` as ``python -m name`` does: runpy's own ``-m`` entry, in
    the fresh ``__main__`` (``sys.argv[0]`` becomes the module's file; a module not
    found ends as python's does: its message and exit status 1)."""
    import runpy
    _fresh_main()
    return _run(lambda: runpy._run_module_as_main(name, alter_argv=True))


def _run(body: Callable[[], object]) -> Ending:
    try:
        body()
    except SystemExit as exc:
        return Ending(exit_status(exc), exited=True)
    except KeyboardInterrupt:
        print("KeyboardInterrupt", file=sys.stderr)
        return Ending(130)
    except BaseException:
        # like python: the program's own traceback, without skmd's frames on top
        etype, value, tb = sys.exc_info()
        while tb is not None and tb.tb_frame.f_code.co_filename in _OWN_FRAMES:
            tb = tb.tb_next
        traceback.print_exception(etype, value, tb)
        return Ending(1)
    return Ending()


def exit_status(exc: SystemExit) -> int:
    """The status python exits with for an uncaught ``exc``; a code that is no
    number is written to stderr first, as python writes it."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=sys.stderr)
    return 1
