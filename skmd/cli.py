"""The ``skmd`` command: run, profile, devices, explain, bench."""
from __future__ import annotations

import errno
import os
import sys
import traceback
from types import SimpleNamespace
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    import argparse

USAGE_EPILOG = """\
environment: SKMD_DEVICES, SKMD_HOME, SKMD_POLICY (hill|linear|single|even|static),
SKMD_MODE (skmd|mkmd|coarse|inorder), SKMD_PROFILE_DIR, SKMD_ONLINE, SKMD_VERIFY, SKMD_FAULTS
(see README.md)."""


def version() -> str:
    """The installed distribution's version, else the package's own."""
    try:
        from importlib.metadata import PackageNotFoundError, version as dist_version
        return dist_version("skmd")
    except (ImportError, PackageNotFoundError):
        import skmd
        return skmd.__version__


def _sub(sub: argparse._SubParsersAction, name: str, text: str) -> argparse.ArgumentParser:
    """A subcommand whose ``--help`` starts with what it does."""
    return sub.add_parser(name, help=text, description=text[0].upper() + text[1:] + ".")


def _parse(argv: list[str]) -> argparse.Namespace:
    """The command line read; a word no subcommand takes is told with that
    subcommand's usage (argparse tells it with the top-level one)."""
    p = _parser()
    ns, extra = p.parse_known_args(argv)
    if extra:
        subs = next(a for a in p._actions if a.dest == "command").choices
        subs[ns.command].error(f"unrecognized arguments: {' '.join(extra)}")
    return ns


def _parser() -> argparse.ArgumentParser:
    """The full command line (``skmd run FILE ...`` is read without it: building it
    and importing argparse cost every run milliseconds)."""
    import argparse

    class _Version(argparse.Action):
        """``--version``, looked up only when asked for (the installed distribution's
        metadata takes milliseconds to read)."""

        def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                     **kw: object) -> None:
            super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                             help="show program's version number and exit")

        def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
            print(f"skmd {version()}")
            parser.exit()

    p = argparse.ArgumentParser(
        prog="skmd", epilog=USAGE_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="All the OpenCL devices of this machine as one device for pyopencl programs.")
    p.add_argument("--version", action=_Version)
    sub = p.add_subparsers(dest="command", required=True)

    for name, helptext, more in (
            ("run", "run a pyopencl program with its kernels split over all devices",
             "; everything after the program is its own arguments"),
            ("profile", "run a program and profile every kernel on every device "
                        "(trains the performance model)",
             "; slower than run: each kernel is also timed on every device with ever more "
             "work-groups, and the profiles are kept in the profile store")):
        r = sub.add_parser(name, help=helptext,
                           description=helptext[0].upper() + helptext[1:] + more + ".")
        r.add_argument("-m", dest="module", metavar="MODULE",
                       help="run a module as a script, like python -m")
        r.add_argument("target", nargs="?", help="the program (a .py file, or a folder or zip file with a __main__.py)")
        r.add_argument("args", nargs=argparse.REMAINDER, help="its arguments")

    d = _sub(sub, "devices", "list the physical devices, the virtual device and links")
    d.add_argument("--remeasure", action="store_true", help="measure the links again")
    d.add_argument("--json", action="store_true", help="machine-readable output")

    e = _sub(sub, "explain", "what a run split where, predicted vs measured, why")
    e.add_argument("run", nargs="?", default=None, help="run id, or any part of one that only it has "
                   "(default: the latest)")
    e.add_argument("--json", action="store_true", help="JSON instead of text: the run's wall, breakdown and launches (with "
                        "--by-kernel: its kernels; with --list: an array of the runs)")
    e.add_argument("--png", metavar="FILE", help="write a timeline picture")
    e.add_argument("--html", metavar="FILE", help="write a self-contained timeline page")
    e.add_argument("--list", action="store_true", help="list the recorded runs")
    e.add_argument("--all", action="store_true", help="skmd bench's runs too (with --list, or for the latest run)")
    e.add_argument("--by-kernel", action="store_true", help="one row per kernel instead of per launch")
    e.add_argument("--replay", action="store_true",
                   help="each graph batch: measured, its schedule replayed, optimal, in order")
    e.add_argument("--graphs", metavar="FILE",
                   help="with --replay: traced batch graphs for runs that recorded none")

    b = _sub(sub, "bench", "run the benchmark suites under every policy, side by side")
    b.add_argument("--suite", choices=("skmd", "mkmd", "all", "unseen"), default="skmd",
                   help="unseen: user-style programs, each a process, plain python "
                        "vs skmd run")
    b.add_argument("--size", default="ci",
                   help="ci (small), paper (the thesis sizes) or another size a program defines")
    b.add_argument("--policy", action="append", default=None,
                   help="policies to compare (repeatable; default: all)")
    b.add_argument("--only", action="append", default=None, help="benchmark names to run")
    b.add_argument("--repeat", type=int, default=3, help="timed repetitions per policy")
    b.add_argument("--json", metavar="FILE", help="write the results as JSON")
    b.add_argument("--plot", metavar="FILE", help="write speedup and distribution plots (PNG)")
    b.add_argument("--from-json", metavar="FILE", dest="from_json",
                   help="run nothing: show and plot the results saved by --json")
    b.add_argument("--oracle-steps", type=int, default=10,
                   help="grid steps per device for the oracle sweep")
    b.add_argument("--max-seconds", type=float, default=None,
                   help="skip a static split (and larger shares of its devices) once a "
                        "run of it takes longer than this, or before its first run when "
                        "smaller shares predict it will")
    b.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                   help="start no round that would end past this many seconds from the "
                        "start; results keep the rounds run (and say how many)")
    b.add_argument("--variant", action="append", default=None,
                   metavar="NAME:SETTING=VALUE[,...]",
                   help="also run skmd (mkmd in the MKMD suite) with these settings "
                        "changed, in the same rounds, and report what the defaults gain "
                        "over it round by round, e.g. offline:online=0 or "
                        "noahead:send_ahead=0 (repeatable)")

    st = _sub(sub, "store", "where the profile store is, check it, prune old runs")
    st.add_argument("action", choices=("path", "check", "prune"),
                    help="path: print where it is (makes nothing); check: whether it is "
                         "sound; prune: drop old runs from the run log, keeping the profiles")
    st.add_argument("--older-than", type=float, default=30.0, metavar="DAYS",
                    help="prune: drop runs recorded more than DAYS ago (default 30)")
    return p


def _run_program(ns: argparse.Namespace | SimpleNamespace, profile: bool) -> int:
    import skmd
    if ns.module is None and ns.target is None:
        print(f"skmd {ns.command}: give a program to run (a .py file or -m MODULE)",
              file=sys.stderr)
        return 2
    from skmd import program_run
    main_of = None  # a folder or zip file whose __main__ python runs
    if ns.module is None:
        main_of = program_run.main_holder(ns.target)
        if main_of is None and not os.path.isfile(ns.target):
            print(f"skmd {ns.command}: can't open file {ns.target!r}: no such file",
                  file=sys.stderr)
            return 2
        if main_of == "":
            print(f"skmd {ns.command}: can't find '__main__' module in "
                  f"{os.path.abspath(ns.target)!r}", file=sys.stderr)
            return 1
    if ns.module is None and main_of is None:
        try:
            script = program_run.load_file(ns.target)
        except (SyntaxError, ValueError):
            traceback.print_exc(limit=0)
            print(f"skmd {ns.command}: {ns.target} has a syntax error", file=sys.stderr)
            return 1
    import pyopencl as cl
    try:
        skmd.install()
    except (ValueError, RuntimeError, cl.Error) as exc:  # bad SKMD_* settings, no device
        print(f"skmd {ns.command}: {str(exc).removeprefix('skmd: ')}", file=sys.stderr)
        return 2
    if profile:
        from skmd.runtime import profiler
        from skmd.runtime.core import get_runtime
        rt = get_runtime()
        profiler.start(rt)
        if rt.store is None or rt.store.mode != "file":
            print("skmd profile: the profile store cannot be used: the program is "
                  "profiled, but nothing will be kept", file=sys.stderr)
    if ns.module is not None:
        sys.argv = [ns.module, *ns.args]
        sys.path.insert(0, os.getcwd())  # as python -m does
        runner = lambda: program_run.run_module(ns.module, told_by=f"skmd {ns.command}")
    elif main_of is not None:
        sys.argv = [ns.target, *ns.args]
        sys.path.insert(0, main_of)  # as python does: its __main__ is found there
        runner = lambda: program_run.run_module("__main__", alter_argv=False,
                                                told_by=f"skmd {ns.command}")
    else:
        sys.argv = [ns.target, *ns.args]  # as typed, as python keeps it
        # as python does: the folder of the script, its links followed
        sys.path.insert(0, os.path.dirname(os.path.realpath(ns.target)))
        runner = lambda: program_run.run_file(*script)
    code, ending = 1, None
    try:
        ending = runner()
        code = ending.code
    finally:
        from skmd.runtime.core import get_runtime
        rt = get_runtime()
        if profile:
            from skmd.runtime import profiler
            profiler.finish(rt)
        rt.flush(keep_empty=True)
        store = rt.store
        if profile and store is not None and store.mode != "file" and code == 0:
            print(f"skmd profile: nothing was kept: the profile store {store.path} is not "
                  f"usable ({store.problem})", file=sys.stderr)
            code = 1
    if ending is not None and ending.interrupt is not None:
        program_run.end_by_interrupt(ending.interrupt)  # raises it: python ends by SIGINT
    return code


def _bad_settings() -> str | None:
    """What is wrong with the SKMD_* settings in the environment, or None."""
    from skmd import config
    try:
        config.reload()
    except ValueError as exc:
        return str(exc)
    return None


#: the status of a command whose reader went away (a pipe into ``head``): as for a
#: tool ended by SIGPIPE
EXIT_BROKEN_PIPE = 141


def _stdout_gone() -> None:
    """Point stdout at devnull: python's last flush then has nowhere to fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """The exit status of the command; ``run`` and ``profile`` raise the program's
    uncaught KeyboardInterrupt instead (told already), for python to end the
    process by SIGINT as it ends an interrupted ``python prog.py``.

    skmd's own output cut short (its reader closed the pipe, the disk is full) ends
    the command quietly or with one line, not a traceback."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv[0] if argv and not argv[0].startswith("-") else None
    try:
        code = _main(argv)
        if command not in ("run", "profile"):  # the program's output is the program's
            sys.stdout.flush()
        return code
    except BrokenPipeError:
        _stdout_gone()
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO):
            raise
        _stdout_gone()
        print(f"skmd{' ' + command if command else ''}: cannot write the output: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return 1


def _main(argv: list[str]) -> int:
    """:func:`main` without the guard for its output."""
    if len(argv) >= 2 and argv[0] in ("run", "profile") and (
            argv[1].startswith("-m") or not argv[1].startswith("-")):
        # like python: everything after the program's file or module is the program's
        if argv[1].startswith("-m"):
            module = argv[1][2:] or (argv[2] if len(argv) > 2 else None)
            rest = argv[2:] if argv[1][2:] else argv[3:]
            if module is None:
                _parse(argv)  # prints the usage error
            target = None
        else:
            module, target, rest = None, argv[1], argv[2:]
        ns = SimpleNamespace(command=argv[0], module=module, target=target, args=rest)
        bad = _bad_settings()
        if bad:
            print(f"skmd {argv[0]}: {bad}", file=sys.stderr)
            return 2
        # numpy first: its import adds a variable to the process's environment, which
        # may move the array a driver starting in another thread reads (a crash)
        import numpy  # noqa: F401
        from skmd.runtime import warm_start
        warm_start.begin()  # the drivers start while pyopencl and skmd are imported
        try:
            return _run_program(ns, profile=argv[0] == "profile")
        finally:
            warm_start.wait()
    ns = _parse(argv)
    if ns.command != "bench":  # bench reads its settings per configuration
        bad = _bad_settings()
        if bad:
            print(f"skmd {ns.command}: {bad}", file=sys.stderr)
            return 2
    if ns.command in ("run", "profile"):
        return _run_program(ns, profile=ns.command == "profile")
    if ns.command == "devices":
        from skmd import config
        from skmd.report.devices_table import devices_main
        from skmd.runtime import core, device_survey
        import pyopencl as cl
        settings = config.get()
        try:
            found = device_survey.survey(core.start(settings), remeasure=ns.remeasure)
        except (ValueError, RuntimeError, cl.Error) as exc:  # bad SKMD_* settings, no device
            print(f"skmd devices: {str(exc).removeprefix('skmd: ')}", file=sys.stderr)
            return 2
        except Exception as exc:
            print(f"skmd devices: {str(exc).removeprefix('skmd: ')}", file=sys.stderr)
            return 1
        return devices_main(found, as_json=ns.json, selected=settings.devices)
    if ns.command == "explain":
        from skmd.report.explain_cmd import explain_main
        from skmd import config
        from skmd.predict.store import ProfileStore, StoreCorrupt, default_path
        from skmd.predict.store_cli import unusable_folder
        from skmd.predict.store_schema import LOG_TABLE
        path = default_path(config.get().profile_dir)
        why = None if path.exists() else unusable_folder(path.parent)
        if why:
            print(f"skmd explain: no runs can be recorded in {path}: {why} (set "
                  "SKMD_PROFILE_DIR to a folder skmd may write)", file=sys.stderr)
            return 1
        try:
            log = ProfileStore(path, strict=True)
            log.vouched(LOG_TABLE)  # the run log's records: checked by their reader
        except StoreCorrupt as exc:
            print(f"skmd explain: {str(exc).removeprefix('skmd: ')}", file=sys.stderr)
            return 1
        return explain_main(log.run_log, run=ns.run, as_json=ns.json, png=ns.png,
                            html=ns.html, list_runs=ns.list, by_kernel=ns.by_kernel,
                            all_runs=ns.all, replay=ns.replay, graphs=ns.graphs)
    if ns.command == "store":
        from skmd.predict.store_cli import store_main
        from skmd import config
        return store_main(ns.action, ns.older_than, folder=config.get().profile_dir)
    if ns.command == "bench":
        from skmd.bench.runner import bench_main
        return bench_main(ns)
    return 2


if __name__ == "__main__":
    sys.exit(main())
