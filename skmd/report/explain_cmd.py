"""``skmd explain [RUN]``: the command behind the report, over any :class:`RunLog`.

Argument parsing lives with the ``skmd`` entry point; this function takes the
parsed values so it can be called (and tested) without a command line.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import sys
from typing import Any, Sequence

from rich.console import Console
from rich.table import Table

from skmd.report.explain import render_text, run_dict
from skmd.words import plural
from skmd.report.runlog import RunInfo, RunLog, run_fields
from skmd.report.stats import launch_count

#: per-launch rows printed before pointing at ``--by-kernel``
DEFAULT_LIMIT = 200
#: a terminal narrower than this gets blocks: the tables would squeeze names
TABLE_MIN_WIDTH = 140


def _when(created_at: Any) -> str:
    if isinstance(created_at, (int, float)):
        return _dt.datetime.fromtimestamp(created_at).isoformat(sep=" ", timespec="seconds")
    return "" if created_at is None else str(created_at)


def _argv(argv: Any) -> str:
    """The program's command line, without skmd's own ``skmd run`` in front."""
    if isinstance(argv, (list, tuple)):
        words = [str(a) for a in argv]
        if (len(words) > 2 and words[1] in ("run", "profile")
                and os.path.basename(words[0]) in ("skmd", "__main__.py", "cli.py")):
            words = words[2:]
        return " ".join(words)
    return "" if argv is None else str(argv)


def _latest(runs: Sequence[RunInfo]) -> RunInfo:
    """Newest by creation time (first listed wins a tie or unorderable stamps)."""
    try:
        return max(runs, key=lambda r: run_fields(r)[1])
    except TypeError:
        return runs[0]


def resolve_run(runs: Sequence[RunInfo], run: str | None,
                all_runs: bool = False) -> RunInfo | str:
    """The run meant by ``run`` (an id or a unique part of one), or an error message;
    without one the latest, of those ``--list`` lists (``all_runs``: bench's too)."""
    if not runs:
        return "no runs recorded yet (run a program with `skmd run` first)"
    if run is None:
        shown = listed(runs, all_runs)
        if not shown:
            return ("only `skmd bench`'s runs are recorded (`--all` takes the latest of "
                    "them; run a program with `skmd run` for one of your own)")
        return _latest(shown)
    exact = [r for r in runs if run_fields(r)[0] == run]
    if exact:
        return exact[0]
    # a prefix (the date) or any other part, such as the random tail
    found = [r for r in runs if run in run_fields(r)[0]]
    if len(found) == 1:
        return found[0]
    if found:
        ids = ", ".join(run_fields(r)[0] for r in found[:5])
        return f"run id {run!r} is ambiguous: {ids}{' …' if len(found) > 5 else ''}"
    return f"unknown run {run!r} (`skmd explain --list` shows the recorded runs)"


def is_bench(argv: Any) -> bool:
    """Whether a run was one of ``skmd bench``'s (its command line says so)."""
    words = [str(a) for a in argv] if isinstance(argv, (list, tuple)) else []
    return "bench" in words[:2]


def listed(runs: Sequence[RunInfo], all_runs: bool) -> list[RunInfo]:
    """The runs ``--list`` shows and the latest is picked from: ``skmd bench``'s only
    with ``all_runs``."""
    return [r for r in runs if all_runs or not is_bench(run_fields(r)[2])]


def run_info(log: RunLog, entry: RunInfo) -> dict[str, Any]:
    """One run as ``--list`` tells it: program, modes, policies, devices, launches, wall."""
    from skmd.report.breakdown import breakdown
    from skmd.report.stats import run_devices
    run_id, created_at, argv, count = run_fields(entry)
    records = list(log.launches(run_id))
    words = [str(a) for a in argv] if isinstance(argv, (list, tuple)) else []
    program = "skmd " + " ".join(words[1:3]) if is_bench(argv) else _argv(argv)
    return {"run_id": run_id, "created": _when(created_at), "created_at": created_at,
            "program": program, "bench": is_bench(argv),
            "modes": sorted({r.mode for r in records}),
            "policies": sorted({r.policy for r in records}),
            "devices": run_devices(records),
            "launches": launch_count(records) if count is None else count,
            "wall_s": breakdown(records).wall_s if records else None}


def run_row(log: RunLog, entry: RunInfo) -> list[str]:
    """program, mode, policy, devices, launches and wall of one run, as cells."""
    from skmd.report.fmt import human_time
    i = run_info(log, entry)
    return [i["run_id"], i["created"], i["program"], ",".join(i["modes"]),
            ",".join(i["policies"]), ",".join(i["devices"]), str(i["launches"]),
            "—" if i["wall_s"] is None else human_time(i["wall_s"])]


def option_clash(run: str | None, png: str | None, html: str | None,
                 list_runs: bool, by_kernel: bool, all_runs: bool, replay: bool,
                 graphs: str | None) -> str | None:
    """Why these options do not go together (each would be ignored), or None."""
    given = {"RUN": run is not None, "--png": bool(png), "--html": bool(html),
             "--by-kernel": by_kernel, "--replay": replay, "--graphs": bool(graphs)}
    if list_runs:
        with_list = [k for k, v in given.items() if v]
        if with_list:
            return f"--list lists the runs; it does not take {', '.join(with_list)}"
    if all_runs and run is not None:
        return "--all is for --list or the latest run; it does not go with RUN"
    if graphs and not replay:
        return "--graphs goes with --replay"
    if replay:
        with_replay = [k for k in ("--png", "--html", "--by-kernel") if given[k]]
        if with_replay:
            return f"--replay shows the graph batches; it does not take {', '.join(with_replay)}"
    if by_kernel and (png or html):
        return "--by-kernel is a view of the report; --png and --html draw every launch"
    return None


LIST_COLUMNS = ("run", "created", "program", "mode", "policy", "devices", "launches", "wall")


#: a longer program name pushes its own row's later cells, not every row's
PROGRAM_ALIGN_MAX = 24


def runs_lines(rows: Sequence[list[str]]) -> list[str]:
    """The list as plain lines under a header of column names, the columns aligned
    (a pipe or a narrow terminal: nothing wraps, and each column says what it is).
    The created column is left out: the run id starts with the same date and time,
    and without it a line of a short program name fits 80 columns."""
    keep = [i for i, c in enumerate(LIST_COLUMNS) if c != "created"]
    table = [[LIST_COLUMNS[i] for i in keep]] + [[r[i] for i in keep] for r in rows]
    names = table[0]
    widths = [max(len(r[i]) for r in table) for i in range(len(names))]
    at = names.index("program")
    widths[at] = min(widths[at], PROGRAM_ALIGN_MAX)
    return ["  ".join(c.rjust(w) if names[i] in ("launches", "wall") else c.ljust(w)
                      for i, (c, w) in enumerate(zip(r, widths))).rstrip() for r in table]


def runs_table(rows: Sequence[list[str]]) -> Table:
    table = Table(title="recorded runs")
    for name in LIST_COLUMNS:
        table.add_column(name, justify="right" if name in ("launches", "wall") else "left",
                         overflow="fold")
    for row in rows:
        table.add_row(*row)
    return table


def explain_main(log: RunLog, run: str | None = None, as_json: bool = False,
                 png: str | None = None, html: str | None = None,
                 list_runs: bool = False, by_kernel: bool = False,
                 console: Console | None = None,
                 limit: int | None = DEFAULT_LIMIT, plain: bool | None = None,
                 all_runs: bool = False, replay: bool = False,
                 graphs: str | None = None) -> int:
    """Report on one run (default: the latest). Returns the process exit status.

    ``plain`` (default: when the output is not a terminal) prints one block per
    launch instead of a table, so nothing is cut or wrapped in a pipe or a file;
    ``all_runs`` lists ``skmd bench``'s runs too.
    """
    out = console if console is not None else Console(highlight=False)
    err = console if console is not None else Console(stderr=True, highlight=False)
    if plain is None:  # tables only where they fit; blocks never wrap
        plain = console is None and (not out.is_terminal or out.width < TABLE_MIN_WIDTH)

    def write(line: str) -> None:
        if console is None:
            sys.stdout.write(line + "\n")
        else:
            console.out(line, highlight=False)

    def fail(msg: str) -> int:
        err.print(f"skmd explain: {msg}", style="red", highlight=False, soft_wrap=True)
        return 1

    clash = option_clash(run, png, html, list_runs, by_kernel, all_runs, replay,
                         graphs)
    if clash:
        fail(clash)
        return 2
    for option, path, suffixes, what in (("--png", png, (".png",), "a PNG picture"),
                                         ("--html", html, (".html", ".htm"), "an HTML page")):
        if path and not str(path).lower().endswith(suffixes):
            return fail(f"cannot write {path}: {option} writes {what}, to a file whose "
                        f"name ends in {' or '.join(suffixes)}")
    try:
        runs = list(log.runs())
    except Exception as e:  # a missing or unreadable store is a user-facing condition
        return fail(f"cannot read the run log: {e}")
    if list_runs:
        if not runs:
            return fail("no runs recorded yet (run a program with `skmd run` first)")
        shown = listed(runs, all_runs)
        if as_json:  # in the text list's order, bench runs left out unless --all
            infos = [run_info(log, r) for r in shown]
            write(json.dumps(infos, indent=2, ensure_ascii=False, default=str))
            return 0
        rows = [run_row(log, r) for r in shown]
        if plain:
            for line in runs_lines(rows):
                write(line)
        else:
            out.print(runs_table(rows))
        if len(shown) < len(runs):
            write(f"{plural(len(runs) - len(shown), 'run')} of `skmd bench` not shown "
                  "(--all lists them)")
        return 0

    chosen = resolve_run(runs, run, all_runs)
    if isinstance(chosen, str):
        return fail(chosen)
    run_id, created_at, argv, _ = run_fields(chosen)
    records = list(log.launches(run_id))

    if replay:
        from skmd.report.batch_replay import replay_main
        return replay_main(records, run_id, as_json, graphs, out, fail, console is None)
    if as_json and by_kernel:
        from dataclasses import asdict

        from skmd.report.stats import kernel_stats
        write(json.dumps({"run_id": run_id, "kernels": [asdict(k) for k in
                                                         kernel_stats(records)]},
                         indent=2, ensure_ascii=False))
    elif as_json:
        write(json.dumps(run_dict(records), indent=2, ensure_ascii=False))
    elif png or html:
        pass  # the picture is the answer; one line says where it went
    elif plain:
        from skmd.report.blocks import render_blocks
        write(f"run {run_id}  {_when(created_at)}  {_argv(argv)}".rstrip())
        if not records:
            write("this run recorded no kernel launches")
        else:
            render_blocks(records, write, by_kernel=by_kernel, limit=limit)
    else:
        out.print(f"run {run_id}  {_when(created_at)}  {_argv(argv)}".rstrip(),
                  highlight=False, soft_wrap=True)
        if not records:
            out.print("this run recorded no kernel launches")
        else:  # named once, above the table
            render_text(records, out, by_kernel=by_kernel, limit=limit, run_titles=False)

    status = 0
    if png or html:
        from skmd.report.timeline_pictures import timeline_html, timeline_png
        for path, write in ((png, timeline_png), (html, timeline_html)):
            if not path:
                continue
            try:
                write(records, path)
            except OSError as e:
                status = fail(f"cannot write {path}: {e.strerror or e}")
                continue
            (err if as_json else out).print(
                f"wrote {path} (run {run_id}, {plural(launch_count(records), 'launch')})",
                highlight=False, soft_wrap=True)
    return status
