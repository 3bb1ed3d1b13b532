"""``skmd devices``: the physical devices, the virtual device and the measured links."""
from __future__ import annotations

import json
import math
from typing import Any

from rich.console import Console
from rich.table import Table

from skmd.words import plural


def _gbps(x: float) -> str:
    return "resident" if not math.isfinite(x) else f"{x / 1e9:.2f}"


#: a terminal narrower than this gets one block per device: the table would cut names
TABLE_MIN_WIDTH = 150


def device_block(r: dict[str, Any]) -> list[str]:
    """One device as short lines that never wrap (for a pipe or a narrow terminal)."""
    head = f"{r['index']}  {r['label']}  {r['name']}" + ("  (home)" if r["home"] else "")
    return [head,
            f"  platform: {r['platform']}  type: {r['type']}  compute units: "
            f"{r['compute_units']}  memory: {r['global_mem'] / 2**30:.1f} GiB",
            f"  link GB/s: host→dev {_gbps(r['h2d_bps'])}, dev→host {_gbps(r['d2h_bps'])}"
            + ("  zero copy" if r["zero_copy"] else ""),
            f"  speed: {r['gflops']:.1f} GFLOP/s, memory {r['mem_gbps']:.1f} GB/s"]


def devices_main(survey: Any, as_json: bool = False, console: Console | None = None,
                 plain: bool | None = None, selected: str | None = None) -> int:
    """Print ``survey`` (a :class:`skmd.runtime.device_survey.DeviceSurvey`): a table
    in a wide terminal, else (``plain``; default: a pipe or a narrow terminal) one
    block of lines per device.  ``selected``: the ``SKMD_DEVICES`` in force."""
    console = console or Console(highlight=False)  # its own styles, no guessed ones
    rows = survey.rows
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    if plain is None:
        plain = not console.is_terminal or console.width < TABLE_MIN_WIDTH
    if plain:
        console.print("Physical devices behind the skmd virtual device", highlight=False)
        for r in rows:
            for line in device_block(r):
                console.print(line, highlight=False, soft_wrap=True)
    else:
        console.print(_table(rows))
    _notes(survey, rows, console, selected)
    return 0


def _table(rows: list[dict[str, Any]]) -> Table:
    t = Table(title="Physical devices behind the skmd virtual device")
    for col in ("#", "label", "name", "platform", "type", "CUs", "memory", "host→dev GB/s",
                "dev→host GB/s", "GFLOP/s", "memory GB/s", "zero copy", ""):
        t.add_column(col, justify="right" if col in ("#", "CUs", "memory") else "left")
    for r in rows:
        t.add_row(str(r["index"]), r["label"], r["name"], r["platform"], r["type"],
                  str(r["compute_units"]), f"{r['global_mem'] / 2**30:.1f} GiB",
                  _gbps(r["h2d_bps"]), _gbps(r["d2h_bps"]), f"{r['gflops']:.1f}",
                  f"{r['mem_gbps']:.1f}",
                  "yes" if r["zero_copy"] else "", "home" if r["home"] else "")
    return t


#: PoCL's platform name: its CPU becomes several devices with ``POCL_DEVICES``
POCL = "Portable Computing Language"


def one_device_note(row: dict[str, Any], selected: str | None) -> str:
    """With one device nothing is split: say so, and how to get more where one can."""
    note = "Only one device: every kernel runs whole on it, nothing is split."
    if selected and selected.replace(",", "").strip():
        return note + f" (SKMD_DEVICES={selected} selects it.)"
    if row["platform"] == POCL:
        note += (' PoCL divides the CPU into more devices: POCL_DEVICES="pthread pthread" '
                 "makes two.")
    return note


def _notes(survey: Any, rows: list[dict[str, Any]], console: Console,
           selected: str | None) -> None:
    label, name, mem = survey.home
    total_cu = sum(r["compute_units"] for r in rows)
    console.print(f"Virtual device: 'skmd virtual device ({plural(len(rows), 'device')})', "
                  f"{total_cu} compute units, buffers on {label} ({name}, "
                  f"{mem / 2**30:.1f} GiB). Links measured with pageable memory "
                  f"(16 MiB copies); GFLOP/s and memory GB/s from a multiply-add and a copy "
                  f"kernel (the speed priors calibration is sized by); re-measure with "
                  f"--remeasure.", highlight=False, soft_wrap=True)
    for platform, version, devices, why in survey.left_out:
        console.print(f"[yellow]Not used: {platform} ({version}): "
                      f"{', '.join(devices)}[/yellow]\n  {why}",
                      markup=True, highlight=False)
    if len(rows) == 1:
        console.print(one_device_note(rows[0], selected),
                      highlight=False, soft_wrap=True)
    if any(r["zero_copy"] for r in rows):
        console.print("Zero copy: the helpers marked read the inputs they do not write "
                      "straight from skmd's host copy (no transfer).", soft_wrap=True)
