"""``skmd explain [RUN]``: the command behind the report, over any :class:`RunLog`.

Argument parsing lives with the ``skmd`` entry point; this function takes the
parsed values so it can be called (and tested) without a command line.
"""
from __future__ import annotations

import datetime as _dt
import sys
from typing import Any, Sequence

from rich.console import Console
from rich.table import Table

from skmd.report.explain import render_text, to_json
from skmd.report.runlog import RunInfo, RunLog, run_fields

#: per-launch rows printed before pointing at ``--by-kernel``
DEFAULT_LIMIT = 200


def _when(created_at: Any) -> str:
    if isinstance(created_at, (int, float)):
        return _dt.datetime.fromtimestamp(created_at).isoformat(sep=" ", timespec="seconds")
    return "" if created_at is None else str(created_at)


def _argv(argv: Any) -> str:
    if isinstance(argv, (list, tuple)):
        return " ".join(str(a) for a in argv)
    return "" if argv is None else str(argv)


def _latest(runs: Sequence[RunInfo]) -> RunInfo:
    """Newest by creation time (first listed wins a tie or unorderable stamps)."""
    try:
        return max(runs, key=lambda r: run_fields(r)[1])
    except TypeError:
        return runs[0]


def resolve_run(runs: Sequence[RunInfo], run: str | None) -> RunInfo | str:
    """The run meant by ``run`` (an id or a unique prefix), or an error message."""
    if not runs:
        return "no runs recorded yet (run a program with `skmd run` first)"
    if run is None:
        return _latest(runs)
    exact = [r for r in runs if run_fields(r)[0] == run]
    if exact:
        return exact[0]
    prefixed = [r for r in runs if run_fields(r)[0].startswith(run)]
    if len(prefixed) == 1:
        return prefixed[0]
    if prefixed:
        ids = ", ".join(run_fields(r)[0] for r in prefixed[:5])
        return f"run id {run!r} is ambiguous: {ids}{' …' if len(prefixed) > 5 else ''}"
    return f"unknown run {run!r} (`skmd explain --list` shows the recorded runs)"


def runs_table(runs: Sequence[RunInfo]) -> Table:
    table = Table(title="recorded runs")
    table.add_column("run")
    table.add_column("created")
    table.add_column("command")
    table.add_column("launches", justify="right")
    for entry in runs:
        run_id, created_at, argv, count = run_fields(entry)
        table.add_row(run_id, _when(created_at), _argv(argv),
                      "" if count is None else str(count))
    return table


def explain_main(log: RunLog, run: str | None = None, as_json: bool = False,
                 png: str | None = None, html: str | None = None,
                 list_runs: bool = False, by_kernel: bool = False,
                 console: Console | None = None,
                 limit: int | None = DEFAULT_LIMIT, replay: bool = False,
                 graphs: str | None = None) -> int:
    """Report on one run (default: the latest). Returns the process exit status."""
    out = console if console is not None else Console()
    err = console if console is not None else Console(stderr=True)

    def fail(msg: str) -> int:
        err.print(f"skmd explain: {msg}", style="red", highlight=False, soft_wrap=True)
        return 1

    try:
        runs = list(log.runs())
    except Exception as e:  # a missing or unreadable store is a user-facing condition
        return fail(f"cannot read the run log: {e}")
    if list_runs:
        if not runs:
            return fail("no runs recorded yet (run a program with `skmd run` first)")
        out.print(runs_table(runs))
        return 0

    chosen = resolve_run(runs, run)
    if isinstance(chosen, str):
        return fail(chosen)
    records: list = []
    if run is None:
        # the log knows best which run is the latest; ask it before trusting stamps
        records = list(log.launches(None))
        if records:
            latest = records[0].run_id
            chosen = next((r for r in runs if run_fields(r)[0] == latest),
                          (latest, None, None))
    run_id, created_at, argv, _ = run_fields(chosen)
    if not records:
        records = list(log.launches(run_id))

    if replay:
        from skmd.report.replay import replay_main
        return replay_main(records, run_id, as_json, graphs, out, fail, console is None)
    if as_json:
        text = to_json(records)
        if console is None:
            sys.stdout.write(text + "\n")
        else:
            console.out(text, highlight=False)
    else:
        out.print(f"run {run_id}  {_when(created_at)}  {_argv(argv)}".rstrip(),
                  highlight=False, soft_wrap=True)
        if not records:
            out.print("this run recorded no kernel launches")
        else:
            render_text(records, out, by_kernel=by_kernel, limit=limit)

    status = 0
    if png or html:
        from skmd.report.timeline import timeline_html, timeline_png
        for path, write in ((png, timeline_png), (html, timeline_html)):
            if not path:
                continue
            try:
                write(records, path)
            except OSError as e:
                status = fail(f"cannot write {path}: {e.strerror or e}")
                continue
            (err if as_json else out).print(f"wrote {path}", highlight=False)
    return status
