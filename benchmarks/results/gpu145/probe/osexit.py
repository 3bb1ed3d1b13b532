"""Runs a program (plain, or under `skmd run` with --skmd) and ends the process with
os._exit once every atexit handler has run: the interpreter's finalization and the
drivers' teardown are skipped (a probe of what they cost, never a way to run)."""
import atexit, os, sys


def _end() -> None:  # registered first: runs after every other handler
    sys.stdout.flush(); sys.stderr.flush()
    os._exit(0)


atexit.register(_end)
args = sys.argv[1:]
if args[0] == "--skmd":
    from skmd.cli import main
    sys.argv = ["skmd", "run", *args[1:]]
    code = main(sys.argv[1:])
    if code:
        sys.exit(code)
else:
    import runpy
    sys.argv = args
    sys.path.insert(0, os.path.dirname(os.path.abspath(args[0])))
    runpy.run_path(args[0], run_name="__main__")
