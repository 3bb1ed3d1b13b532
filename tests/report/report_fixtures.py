"""Hand-built launch records: three devices, split and unsplit launches, reasons."""
from __future__ import annotations

from skmd.records import LaunchRecord, Piece

MiB = 1024 * 1024


def vadd(run_id: str = "r1", seq: int = 0, t0: float = 0.0) -> LaunchRecord:
    """Split three ways, with transfers and a host merge."""
    return LaunchRecord(
        run_id=run_id, seq=seq, kernel="vadd", total_groups=1000,
        global_size=(256000,), local_size=(256,), policy="hill",
        shares={"gpu0": 450, "gpu1": 450, "cpu": 100},
        ranges={"gpu0": (0, 450), "gpu1": (450, 900), "cpu": (900, 1000)},
        predicted={"gpu0": 1.2e-3, "gpu1": 1.2e-3, "cpu": 1.0e-3},
        measured={"gpu0": 1.25e-3, "gpu1": 1.0e-3, "cpu": 1.1e-3},
        bytes_moved={"host->gpu0": 4 * MiB, "host->gpu1": 4 * MiB,
                     "gpu0->host": 2 * MiB},
        merge_s=0.3e-3, wall_s=1.6e-3,
        fastest_single="gpu0", fastest_single_s=2.4e-3,
        pieces=[
            Piece("gpu0", "h2d", t0, t0 + 0.2e-3, "a", 4 * MiB),
            Piece("gpu0", "kernel", t0 + 0.2e-3, t0 + 1.45e-3, "vadd"),
            Piece("gpu0", "d2h", t0 + 1.45e-3, t0 + 1.55e-3, "c", 2 * MiB),
            Piece("gpu1", "h2d", t0, t0 + 0.25e-3, "a", 4 * MiB),
            Piece("gpu1", "kernel", t0 + 0.25e-3, t0 + 1.25e-3, "vadd"),
            Piece("cpu", "kernel", t0, t0 + 1.1e-3, "vadd"),
            Piece("host", "merge", t0 + 1.3e-3, t0 + 1.6e-3, "vadd"),
        ],
    )


def reduce_whole(run_id: str = "r1", seq: int = 1, t0: float = 1.7e-3) -> LaunchRecord:
    """Not split: global atomics."""
    return LaunchRecord(
        run_id=run_id, seq=seq, kernel="reduce", total_groups=64,
        global_size=(16384,), local_size=(256,), policy="hill",
        shares={"gpu0": 64}, ranges={"gpu0": (0, 64)},
        predicted={"gpu0": 0.5e-3}, measured={"gpu0": 0.4e-3},
        wall_s=0.45e-3, fastest_single="gpu0", fastest_single_s=0.5e-3,
        reason="global atomics: runs whole on the fastest device",
        pieces=[Piece("gpu0", "kernel", t0, t0 + 0.4e-3, "reduce")],
    )


def matmul(run_id: str = "r1", seq: int = 2, t0: float = 2.2e-3) -> LaunchRecord:
    """Split two ways, discontiguous output merged on the device."""
    return LaunchRecord(
        run_id=run_id, seq=seq, kernel="matmul", total_groups=256,
        global_size=(512, 512), local_size=(16, 16), policy="hill",
        shares={"gpu0": 192, "gpu1": 64}, ranges={"gpu0": (0, 192), "gpu1": (192, 256)},
        predicted={"gpu0": 3.0e-3, "gpu1": 3.1e-3},
        measured={"gpu0": 3.3e-3, "gpu1": 3.0e-3},
        bytes_moved={"gpu1->gpu0": 256 * 1024},
        merge_s=0.2e-3, wall_s=3.6e-3, fastest_single="gpu0", fastest_single_s=4.1e-3,
        notes=["merge kernel used for discontiguous output c"],
        pieces=[
            Piece("gpu0", "kernel", t0, t0 + 3.3e-3, "matmul"),
            Piece("gpu1", "kernel", t0, t0 + 3.0e-3, "matmul"),
            Piece("gpu1", "d2d", t0 + 3.0e-3, t0 + 3.2e-3, "c", 256 * 1024),
            Piece("gpu0", "merge", t0 + 3.3e-3, t0 + 3.5e-3, "matmul"),
        ],
    )
