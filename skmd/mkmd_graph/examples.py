"""Workloads and machines shaped like the thesis's MKMD evaluation.

Plain command lists with a simple analytic speed model, for tests and for
measuring the schedulers without OpenCL.  Figures are in seconds and bytes.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .graph import Command
from .plan import Platform

GB = 1e9


@dataclass(frozen=True)
class Workload:
    commands: list[Command]
    buffer_bytes: dict[int, int]
    flops: dict[int, float]        # per command, whole launch
    traffic: dict[int, float]      # device-memory bytes per command


def thesis_platform(wl: Workload, *, launch: float = 20e-6) -> Platform:
    """CPU (sharing host memory) + two discrete GPUs on their own PCIe links,
    after thesis Table 5.2 (i7-3770, GTX 760, GTX 750 Ti)."""
    gflops = {"cpu": 100 * GB, "gpu0": 1200 * GB, "gpu1": 700 * GB}
    mem = {"cpu": 12 * GB, "gpu0": 150 * GB, "gpu1": 70 * GB}
    return machine(wl, gflops, mem, pcie={"gpu0": 7.88 * GB, "gpu1": 7.88 * GB},
                   host_device="cpu", launch=launch)


def machine(wl: Workload, gflops: dict[str, float], mem: dict[str, float], *,
            pcie: dict[str, float], host_device: str | None = None,
            launch: float = 20e-6, links: dict[str, str] | None = None) -> Platform:
    """A roofline-ish model: max(compute, memory) x share of work-groups."""
    total = {c.id: c.total_groups for c in wl.commands}

    def exec_time(v: int, d: str, g: int) -> float:
        work = max(wl.flops.get(v, 0.0) / gflops[d], wl.traffic.get(v, 0.0) / mem[d])
        return launch + work * g / total[v]

    bps = dict(pcie)
    if host_device is not None:
        bps[host_device] = float("inf")
    return Platform(devices=tuple(gflops), exec_time=exec_time, h2d_bps=bps,
                    d2h_bps=dict(bps), links=links or {}, home=None)


class _Builder:
    def __init__(self) -> None:
        self.commands: list[Command] = []
        self.bytes: dict[int, int] = {}
        self.flops: dict[int, float] = {}
        self.traffic: dict[int, float] = {}

    def buffer(self, nbytes: int) -> int:
        b = len(self.bytes)
        self.bytes[b] = nbytes
        return b

    def add(self, kind: str, name: str, reads=(), writes=(), *, flops=0.0,
            groups=1, contiguous=False, splittable=None) -> int:
        i = len(self.commands)
        reads, writes = frozenset(reads), frozenset(writes)
        split = kind == "kernel" if splittable is None else splittable
        self.commands.append(Command(i, kind, name, reads, writes, groups, split,
                                     overwrites=writes - reads, contiguous=contiguous))
        self.flops[i] = flops
        self.traffic[i] = float(sum(self.bytes[b] for b in reads | writes))
        return i

    def done(self) -> Workload:
        return Workload(self.commands, self.bytes, self.flops, self.traffic)


def commutator(n: int = 4096) -> Workload:
    """Triple commutator ABC+BCA+CAB-BAC-ACB-CBA: 12 matmuls and a sum."""
    w = _Builder()
    mat = 4 * n * n
    A, B, C = (w.buffer(mat) for _ in range(3))
    for x in (A, B, C):
        w.add("write", "upload", writes=[x])
    pairs = {}
    for x, y in ((A, B), (B, C), (C, A), (B, A), (A, C), (C, B)):
        pairs[x, y] = w.buffer(mat)
        w.add("kernel", "matmul", [x, y], [pairs[x, y]], flops=2.0 * n ** 3,
              groups=(n // 16) ** 2)
    terms = []
    for (x, y), z in (((A, B), C), ((B, C), A), ((C, A), B), ((B, A), C),
                      ((A, C), B), ((C, B), A)):
        t = w.buffer(mat)
        terms.append(t)
        w.add("kernel", "matmul", [pairs[x, y], z], [t], flops=2.0 * n ** 3,
              groups=(n // 16) ** 2)
    out = w.buffer(mat)
    w.add("kernel", "combine6", terms, [out], flops=6.0 * n * n,
          groups=n * n // 256, contiguous=True)
    w.add("read", "download", [out])
    return w.done()


def bicgstab(n: int = 4096) -> Workload:
    """One BiCGSTAB iteration: 2 mat-vec products and 9 vector ops."""
    w = _Builder()
    vec, mat = 4 * n, 4 * n * n
    Am = w.buffer(mat)
    r, r0, p, v, s, t, x = (w.buffer(vec) for _ in range(7))
    scal = [w.buffer(4) for _ in range(4)]
    for b in (Am, r, r0, p, x):
        w.add("write", "upload", writes=[b])
    g = n // 256
    mv = dict(flops=2.0 * n * n, groups=n // 16, contiguous=True)
    vo = dict(flops=2.0 * n, groups=g, contiguous=True)
    red = dict(flops=2.0 * n, groups=g, splittable=False)
    w.add("kernel", "dot", [r0, r], [scal[0]], **red)
    w.add("kernel", "matvec", [Am, p], [v], **mv)
    w.add("kernel", "dot", [r0, v], [scal[1]], **red)
    w.add("kernel", "axpy", [r, v, scal[0], scal[1]], [s], **vo)
    w.add("kernel", "matvec", [Am, s], [t], **mv)
    w.add("kernel", "dot", [t, s], [scal[2]], **red)
    w.add("kernel", "dot", [t, t], [scal[3]], **red)
    w.add("kernel", "axpy2", [x, p, s, scal[0], scal[1], scal[2], scal[3]], [x], **vo)
    w.add("kernel", "axpy", [s, t, scal[2], scal[3]], [r], **vo)
    w.add("kernel", "dot", [r0, r], [scal[0]], **red)
    w.add("kernel", "update_p", [r, p, v, scal[0], scal[2]], [p], **vo)
    w.add("read", "download", [x])
    return w.done()


def random_workload(n_kernels: int, seed: int = 0, *, n_buffers: int | None = None,
                    width: int = 6) -> Workload:
    """Layered random kernel DAG: each kernel reads up to 3 recent buffers
    and writes a fresh one (sizes 1-64 MB, costs spread over 3 decades)."""
    rng = random.Random(seed)
    w = _Builder()
    live = []
    for _ in range(min(width, n_kernels)):
        b = w.buffer(rng.choice([1, 4, 16, 64]) * 2 ** 20)
        w.add("write", "upload", writes=[b])
        live.append(b)
    for k in range(n_kernels):
        reads = rng.sample(live[-3 * width:], k=min(len(live), rng.randint(1, 3)))
        out = w.buffer(rng.choice([1, 4, 16, 64]) * 2 ** 20)
        w.add("kernel", f"k{k}", reads, [out], flops=10 ** rng.uniform(8, 11),
              groups=rng.choice([64, 256, 1024, 4096]),
              contiguous=rng.random() < 0.5)
        live.append(out)
    w.add("read", "download", [live[-1]])
    return w.done()
