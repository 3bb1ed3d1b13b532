"""``skmd devices``: the physical devices, the virtual device and the measured links."""
from __future__ import annotations

import json
import math

from rich.console import Console
from rich.table import Table


def _gbps(x: float) -> str:
    return "resident" if not math.isfinite(x) else f"{x / 1e9:.2f}"


def devices_main(remeasure: bool = False, as_json: bool = False,
                 console: Console | None = None) -> int:
    from skmd.runtime import links, priors
    from skmd.runtime.core import get_runtime
    console = console or Console()
    try:
        rt = get_runtime()
    except Exception as exc:
        console.print(f"[red]skmd devices: {exc}[/red]")
        return 1
    rows = []
    rt.background.settle()  # its set-up measures the priors, once per device
    for d in rt.devices:
        h2d, d2h = links.link_speed(rt, d, remeasure=remeasure)
        prior = rt.background.priors.get(d.label)
        if prior is None or remeasure:
            prior = priors.measure(d)
            if rt.store is not None:
                rt.store.put_prior(d.fingerprint, prior.flops, prior.bytes_per_s)
        rows.append(dict(index=d.index, label=d.label, name=d.name, platform=d.platform_name,
                         type=d.kind, compute_units=d.compute_units, clock_mhz=d.clock_mhz,
                         global_mem=d.global_mem, max_alloc=d.max_alloc,
                         home=d is rt.home, h2d_bps=h2d, d2h_bps=d2h,
                         zero_copy=d is not rt.home and d.zero_copy,
                         gflops=prior.flops / 1e9, mem_gbps=prior.bytes_per_s / 1e9,
                         fingerprint=d.fingerprint))
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
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
    console.print(t)
    home = rt.home
    total_cu = sum(r["compute_units"] for r in rows)
    console.print(f"Virtual device: 'skmd virtual device ({len(rows)} devices)', "
                  f"{total_cu} compute units, buffers on {home.label} ({home.name}, "
                  f"{home.global_mem / 2**30:.1f} GiB). Links measured with pageable memory "
                  f"(16 MiB copies); GFLOP/s and memory GB/s from a multiply-add and a copy "
                  f"kernel (the speed priors calibration is sized by); re-measure with "
                  f"--remeasure.")
    for x in rt.left_out:
        console.print(f"[yellow]Not used: {x.platform_name} ({x.platform_version}): "
                      f"{', '.join(x.devices)}[/yellow]\n  {x.message()}",
                      markup=True, highlight=False)
    if any(r["zero_copy"] for r in rows):
        console.print("Zero copy: the helpers marked read the inputs they do not write "
                      "straight from skmd's host copy (no transfer).")
    return 0
