"""The program ``skmd run`` runs, run in ``__main__`` as ``python prog.py`` and
``python -m module`` run it, and its end told as python tells it.

``runpy.run_path`` and ``run_module`` run code in a temporary ``__main__`` whose
globals are let go when it returns, before the program's atexit handlers: python
keeps ``__main__`` in ``sys.modules`` until the interpreter shuts down, its globals
alive through those handlers.  Here the program gets a ``__main__`` module of its
own that stays in ``sys.modules`` (the one ``python -m skmd`` ran in is replaced).

An uncaught exception goes to ``sys.excepthook`` as python hands it over, with
skmd's frames taken out of every traceback of its chain: the program sees the
traceback it would see without skmd (pyopencl's frames and the program's).  An
uncaught ``KeyboardInterrupt`` then ends the process by SIGINT, after the normal
exit, as python's does (:func:`end_by_interrupt`).
"""
from __future__ import annotations

import builtins
import os
import sys
import types
from dataclasses import dataclass
from importlib import machinery, util
from typing import Any, Callable, NoReturn

#: skmd's package folder: a frame of code under it is skmd's, unless the program's
#: own (the programs of ``skmd bench --suite unseen`` live there)
SKMD_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


@dataclass
class Ending:
    """How the program ended: the exit status it asked for."""
    code: int = 0
    #: it ended by SystemExit (python then ends at once: nothing more is done to __main__)
    exited: bool = False
    #: the uncaught KeyboardInterrupt that ended it, told already: the process is to
    #: end by SIGINT (:func:`end_by_interrupt`)
    interrupt: KeyboardInterrupt | None = None


def load_file(path: str) -> tuple[types.CodeType, str, Any]:
    """The code of the script at ``path``, its absolute name and the loader python
    gives ``__main__`` for it.  Compiled under the absolute name as python (3.9+)
    compiles a script: ``__file__``, tracebacks and warnings name it so, and stay
    right after the program changes its folder.  Raises SyntaxError (ValueError for
    a null byte before 3.12)."""
    # joined to the current folder as python joins it, ``..`` and ``.`` left in
    full = os.path.join(os.getcwd(), path)
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
    ending = _run(lambda: exec(code, g), g)
    if not ending.exited:
        # python takes these out once a script is over (not after sys.exit, which
        # ends the process there): its atexit handlers do not see them
        g.pop("__file__", None)
        g.pop("__cached__", None)
    return ending


def run_module(name: str, alter_argv: bool = True, told_by: str = "skmd run") -> Ending:
    """Run module ``name`` as ``python -m name`` does: runpy's own ``-m`` entry, in
    the fresh ``__main__`` (``sys.argv[0]`` becomes the module's file; a module not
    found ends as python's does, exit status 1, its message told by ``told_by``
    rather than by the interpreter's path).  ``__main__`` with ``alter_argv`` off is
    how python runs a folder or zip file (:func:`main_holder`)."""
    import runpy

    def run() -> None:
        try:
            runpy._run_module_as_main(name, alter_argv=alter_argv)
        except SystemExit as exc:
            told = _runpy_message(exc)
            if told is None:
                raise
            raise SystemExit(f"{told_by}: {told}") from None

    g = _fresh_main()
    return _run(run, g)


def _runpy_message(exc: SystemExit) -> str | None:
    """runpy's own "module not found" message (which it prefixes with the interpreter's
    path), without the path; None for any other exit, the program's included."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    prefix = f"{sys.executable}: "
    if (tb is None or tb.tb_frame.f_code.co_name != "_run_module_as_main"
            or not isinstance(exc.code, str) or not exc.code.startswith(prefix)):
        return None
    return exc.code[len(prefix):]


def main_holder(path: str) -> str | None:
    """For a folder or zip file that python would run by its ``__main__`` module,
    the absolute path python puts first on ``sys.path`` for it; ``""`` where it has no
    ``__main__``; None for anything else (a script, or nothing at all)."""
    full = os.path.abspath(path)
    if os.path.isdir(full):
        finder: Any = machinery.FileFinder(full, (machinery.SourceFileLoader,
                                                  machinery.SOURCE_SUFFIXES),
                                           (machinery.SourcelessFileLoader,
                                            machinery.BYTECODE_SUFFIXES))
    elif os.path.isfile(full):
        import zipimport  # (frozen in the interpreter: no cost)
        try:
            finder = zipimport.zipimporter(full)
        except zipimport.ZipImportError:
            return None
    else:
        return None
    return full if finder.find_spec("__main__") is not None else ""


def _run(body: Callable[[], object], g: dict[str, Any]) -> Ending:
    """Run ``body``, the program in the globals ``g``; how it ended."""
    try:
        body()
    except SystemExit as exc:
        return Ending(exit_status(exc), exited=True)
    except BaseException as exc:
        uncaught = exc
    else:
        return Ending()
    # told outside the handler, as python does: the hook sees no exception being
    # handled, and an exception of its own has none for context
    main_file = g.get("__file__")
    ending = report(uncaught, os.path.dirname(main_file) + os.sep if main_file else None)
    # python ends by SIGINT for exactly this class (not a subclass), unless a hook exited
    if type(uncaught) is KeyboardInterrupt and not ending.exited:
        ending.interrupt = uncaught
    return ending


def end_by_interrupt(exc: KeyboardInterrupt) -> NoReturn:
    """Raise the program's uncaught ``exc`` (told already) out of skmd's entry point.

    python's own main, seeing a KeyboardInterrupt leave the code it ran, finishes
    the normal exit (atexit handlers, skmd's among them; the program's globals let
    go), then restores SIGINT's default action and kills the process with SIGINT
    (``Py_RunMain``): a shell sees status 130, a parent process -SIGINT.  Only it
    can do that after the whole exit.  Its printing of the exception is skipped:
    ``sys.excepthook`` is replaced for that one call by one that puts the hook back
    and the exception's skmd-free traceback with it."""
    tb = exc.__traceback__
    hook = getattr(sys, "excepthook", None)

    def told_already(etype: type[BaseException], value: BaseException,
                     value_tb: types.TracebackType | None) -> None:
        if hook is None:
            del sys.excepthook
        else:
            sys.excepthook = hook
        if value is exc:
            exc.__traceback__ = sys.last_traceback = tb
        elif hook is not None:
            hook(etype, value, value_tb)

    sys.excepthook = told_already
    raise exc


def report(exc: BaseException, program_dir: str | None = None) -> Ending:
    """Tell of the uncaught ``exc`` as python does (``PyErr_Print``): ``sys.last_*``
    set, then ``sys.excepthook`` called (the program may have set its own; python's
    prints the traceback), the hook's own failure told beside the exception; with
    skmd's frames (but not those of code under ``program_dir``) out of every
    traceback of its chain.  Exit status 1, or the one a hook's ``sys.exit`` asks."""
    drop_skmd_frames(exc, program_dir)
    etype, tb = type(exc), exc.__traceback__
    sys.last_type, sys.last_value, sys.last_traceback = etype, exc, tb
    if sys.version_info >= (3, 12):
        sys.last_exc = exc
    try:
        hook = sys.excepthook
    except AttributeError:
        print("sys.excepthook is missing", file=sys.stderr)
        sys.__excepthook__(etype, exc, tb)
        return Ending(1)
    sys.audit("sys.excepthook", hook, etype, exc, tb)
    try:
        hook(etype, exc, tb)
    except SystemExit as hook_exit:
        return Ending(exit_status(hook_exit), exited=True)
    except BaseException as err:  # noqa: BLE001 - told, as python tells it
        drop_skmd_frames(err)
        sys.stdout.flush()
        print("Error in sys.excepthook:", file=sys.stderr)
        sys.__excepthook__(type(err), err, err.__traceback__)
        print("\nOriginal exception was:", file=sys.stderr)
        sys.__excepthook__(etype, exc, tb)
    return Ending(1)


def drop_skmd_frames(exc: BaseException, program_dir: str | None = None) -> None:
    """Take skmd's frames out of the traceback of ``exc`` and of every exception
    chained to it (cause, context, an exception group's members), wherever they are:
    those above the program's (this module's) and those under a call of it (the
    shim's and the runtime's, between the program's or pyopencl's and the driver's
    error)."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    groups = getattr(builtins, "BaseExceptionGroup", ())
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        e.__traceback__ = _without_skmd(e.__traceback__, program_dir)
        todo += [e.__cause__, e.__context__]
        if isinstance(e, groups):
            todo += list(e.exceptions)


def _without_skmd(tb: types.TracebackType | None,
                  program_dir: str | None) -> types.TracebackType | None:
    """A new traceback chain of the entries of ``tb`` whose code is not skmd's."""
    kept = []
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if not name.startswith(SKMD_DIR) or (program_dir and name.startswith(program_dir)):
            kept.append(tb)
        tb = tb.tb_next
    out = None
    for t in reversed(kept):
        out = types.TracebackType(out, t.tb_frame, t.tb_lasti, t.tb_lineno)
    return out


def exit_status(exc: SystemExit) -> int:
    """The status python exits with for an uncaught ``exc``; a code that is no
    number is written to stderr first, as python writes it."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=sys.stderr)
    return 1
