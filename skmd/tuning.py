"""The runtime's tuning constants in one documented place.

These are not user settings (no ``SKMD_*`` variable reads them): they are the
thresholds, spans and counts the decisions were tuned with, each with the
reason for its value.  They travel with the :class:`skmd.config.Settings` in
force (``settings.tuning``), so that a test or a benchmark variant can change
one in-process (``config.override(tuning=replace(Tuning(), at_once_after=1))``)
and what the runtime learned under other values is kept apart (the settings'
run key holds them).  Plain data, no OpenCL.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tuning:
    # -- one launch (skmd.runtime.deciding, skmd.runtime.core) ----------------------
    #: launches that reuse one decision before it is made again with newer estimates
    decision_reuse: int = 32
    #: a split (or a graph batch) must not be measured slower than this times the
    #: best single device's prediction (or program order)
    gain_margin: float = 1.05
    #: a decision that keeps coming out the same is re-made less and less often, up to
    #: this many launches apart; also the longest hold of the graph guard rail
    max_reuse: int = 4096
    #: a kernel whose launches bring new keys (changing scalars), this many in a row
    #: decided whole, is decided again once every ``churn_every`` launches only
    #: (:mod:`skmd.decide.churn`)
    churn_after: int = 32
    churn_every: int = 256
    #: launches that reuse a decision made while builds or set-up were under way
    wait_reuse: int = 16
    #: ... but no more than add up to about this much of the home device's time: a
    #: long kernel asks again at its next launch whether what it waited for has ended
    #: (an ask costs tens of microseconds; 16 of Nbody's launches on two H100s are 3 s)
    wait_reuse_s: float = 0.01
    #: a kernel's analysis (libclang and the symbolic walk: tens of milliseconds of
    #: Python per program, beside the program's own thread) starts once the run has
    #: lasted this long, or at once when an earlier run left it on disk: a program
    #: done sooner never gains from a split, and paid it (the unseen suite's
    #: pyopencl.array programs, every run: their analyses never ended before exit)
    analyse_after_s: float = 1.0
    #: a launch is split, or helpers calibrated on it, only when the home device takes
    #: at least this many times a split's measured fixed cost (host hand-offs, waits;
    #: 300 us until measured): shorter ones lose to their own overhead whatever the
    #: helpers' speed (a 0.2 ms stencil on an H100 split with the CPU ran 3-5 ms)
    split_fixed_factor: float = 4.0
    #: helpers' programs for a kernel (and the helpers' probes) are built once the home
    #: device has spent this many times a build's time on it: a build still under way
    #: when the program ends is waited for (a compiler must not be stopped mid-build),
    #: which then costs at most this fraction's inverse of what the kernel took (ski
    #: rental)
    build_payback: float = 4.0
    #: what a helper's program build is taken to cost until one is measured, seconds (a
    #: CPU device's compiler on a machine's first run)
    first_build_s: float = 0.25
    #: how long set-up waits for the program's own context on the home device before
    #: it makes one for its probes (a second context on a GPU costs 0.1 s and holds up
    #: the program's calls while the driver makes it), seconds
    home_context_wait_s: float = 30.0

    # -- graph mode (skmd.runtime.graph_mode, skmd.decide.graph_guard) --------------
    #: batches predicted to run shorter than this on the home device run in program
    #: order: a schedule costs more than such a batch can gain
    graph_min_us: float = 2000.0
    #: a batch's plan spread over devices is kept only where it promises to end this
    #: fraction sooner than program order on the home device: the engine's waits and
    #: hand-overs between devices cost what the models do not hold (on an H200 + CPU,
    #: plans that put a kernel or two of a graph on the CPU, promising to end a little
    #: sooner, measured 2-3 % slower than program order)
    graph_min_gain: float = 0.05
    #: a batch to run on skmd's own queues and the helpers' first waits this long for
    #: what the program enqueued before it on its queues; still running then (a long
    #: kernel launched at once, or a queue the program holds on an event of its own),
    #: the batch runs in program order behind it instead, without waiting
    graph_drain_wait_s: float = 0.05
    #: a launch shape in this many batches in a row that ran whole on the home device
    #: in program order (too short to schedule, or, with slow helpers only, scheduled
    #: there whole or held there by the guard rail) is launched at once for the next
    #: ``at_once_launches`` launches, then deferred once to look again: there deferring
    #: gives nothing back for what it costs (recording each launch, keeping the device
    #: idle while the host records the batch, making or finding a schedule)
    at_once_after: int = 3
    at_once_launches: int = 64
    #: each look that finds the shape still so doubles its span of launches at once, up
    #: to this: a loop of tiny kernels with no sync point between looks would otherwise
    #: defer everything after a look until its batch is full
    at_once_max: int = 4096
    #: helpers at most this fraction of the home device's speed (the prior of
    #: ``PhysicalDevice.speed_score``: a CPU beside a GPU) are slow: only then do
    #: batches scheduled whole on home, or held there by the guard rail, count towards
    #: launching at once.  With a peer helper (a second GPU) the models may yet find
    #: the graph worth spreading, and only batches too short to schedule count
    slow_helper: float = 1 / 8
    #: once this many whole uploads were staged in page-locked memory for helpers since
    #: the latest graph batch that used one, and the batches since ran whole on the
    #: home device, uploads go home at once instead (staging waits for the queue and
    #: copies the bytes once more) until a batch uses a helper again; counted in
    #: uploads, not batches, since kernels launched at once make no batches at all
    stage_idle_after: int = 8
    #: a batch is scheduled once it holds this many kernels, sync point or not: the
    #: devices would otherwise idle while the host records a long loop, and what a
    #: schedule costs grows with the batch while what it can gain does not
    max_batch: int = 256
    #: batches of one shape that run with a schedule before it is made again from
    #: what the models have learned since (the schedule costs milliseconds)
    schedule_reuse: int = 8

    # -- transfers (skmd.runtime.transfers) -----------------------------------------
    #: whole-buffer uploads smaller than this go to home at once in the graph modes
    #: (staging pays from about 1 MiB)
    stage_min_bytes: int = 1 << 20
    #: blocking transfers at least this large go through page-locked chunks
    pipeline_min_bytes: int = 4 << 20
    #: page-locked memory (chunked copies, uploads staged for helpers) is taken only
    #: once the program has moved this many bytes through the driver's pageable path:
    #: pinning costs about 0.7 ms per MiB up front and saves 0.04-0.09 ms per MiB
    #: moved (:mod:`skmd.decide.pinning`), so a program that moves little never pays it
    pin_after_bytes: int = 1 << 30

    # -- the run log (skmd.predict.launch_log) ---------------------------------------
    #: runs the store's run log keeps (``skmd explain`` reads them): once it holds half
    #: as many again, the oldest go at a run's exit.  A run with thousands of launches
    #: adds up to about 1 MB (split launches and graph modes' launches are kept one by
    #: one): a log kept forever fills the disk, and ``skmd explain``
    #: checks the records whole before it reads them (an opening of the store does not:
    #: :mod:`skmd.predict.store_schema`)
    log_keep_runs: int = 32
    #: whole launches of one kind (kernel, sizes, reason, policy, mode) the run log keeps
    #: one by one per run; the rest of them become one record, times summed: a loop of
    #: 20 000 launches spent 0.3 s of its exit writing them on the CI machine
    log_whole_per_kind: int = 100

    # -- buffers larger than the device (skmd.runtime.host_bytes, skmd.runtime.chunked) --
    #: page-locked host memory for them, as a share of the home device's memory: on an
    #: 80 GB H100 under NVIDIA's OpenCL, with 82 GB of mapped ``ALLOC_HOST_PTR`` pieces
    #: the device refused chunk buffers of a few GB, and mapping 90 GB was refused;
    #: streaming 3 x 30 GB ran at 59-63 / 70 / 76 / 68 / 59 % of the link with 45 / 55
    #: / 65 / 75 / 85 % (fewer bytes through the slots, until page-locking slows them)
    vast_pinned_share: float = 0.65
    #: how often a launch's chunks are halved after a device refused their memory
    vast_max_halvings: int = 6
    #: the pageable pieces of such buffers move to and from a device that is not host
    #: memory through page-locked slots of this many bytes (the chunked copies of
    #: ``skmd.runtime.copies``: a host copy fills one slot while the device takes the
    #: one before), not through the driver's pageable path (on the H100, 6.4 GB/s up and
    #: 2 GB/s down against 53 GB/s page-locked); 0 leaves them to the driver
    vast_bounce_chunk: int = 8 << 20
    #: slots per direction per device (at least 2): half of them are filled or emptied
    #: at once by the copy threads, the other half travel meanwhile
    vast_bounce_slots: int = 16
    #: host copies at once per direction (at most half the slots), on the copy threads
    #: of ``skmd.runtime.copies``, which both directions share (as many as the most
    #: any transfer asks for); 0: ``copies.THREADS`` (half the cores, up to 8: one
    #: thread moves about 8 GB/s)
    vast_bounce_threads: int = 0

    @property
    def vast_bounce_ring(self) -> int:
        """Page-locked bytes one device's slots take, both directions (counted in
        ``vast_pinned_share``)."""
        return 2 * self.vast_bounce_slots * self.vast_bounce_chunk if self.vast_bounce_chunk \
            else 0
