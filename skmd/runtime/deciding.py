"""Per-launch decisions on the devices this process has: whole, or which shares.

The choices themselves are plain functions in :mod:`skmd.decide`; what is here
gathers what they need from the runtime (the models' curves, the devices that
can take a share, link speeds, priors, whether programs are built yet) and folds
what a split launch measured back into the estimates.
"""
from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any, Callable

import numpy as np
import pyopencl as cl

from skmd import config, decide
from skmd.decide import Decision, locations, policy
from skmd.records import LaunchRecord
from skmd.runtime import placement, planner
from skmd.runtime.devices import PhysicalDevice
from skmd.runtime.kernels import KernelEntry
from skmd.transform import Launch

#: a kernel's launches between two tries at staging its uploads again
RESTAGE_EVERY = 8
#: splits of one launch shape in a row measured slower than its best device alone
#: before it runs whole (gpu77: one of two splits of a vector add ran 2x slower)
LOSSES_TO_STOP = 2


def _splits(d: Decision) -> bool:
    """Whether ``d`` runs its launch on more than one device."""
    return d.shares is not None and sum(1 for g in d.shares.values() if g) > 1


class Decider:
    """The runtime's decisions and what they learn from split launches."""

    def __init__(self, runtime: Any) -> None:
        self.rt = runtime
        #: measured cost of a split beyond its devices' own work (EWMA, seconds)
        self.split_overhead_s = 300e-6
        #: (kernel, device) pairs that ran a split share: the first one pays one-time
        #: costs (the partition-ready build, device buffers), not a split's overhead
        self._shared_before: set[tuple[str, str]] = set()
        #: seconds the home device spent on each kernel in earlier runs (the store's)
        self.spent_before: dict[str, float] = {}
        #: per kernel key: (launches, seconds) spent in this run when last asked
        self.spent_now: dict[str, tuple[int, float]] = {}
        #: kernels with launch shapes kept whole while something got ready, by id
        self._held: dict[int, KernelEntry] = {}

    def readiness_changed(self, entry: KernelEntry | None = None) -> None:
        """Something a decision waited for is ready (set-up, the helpers' probes, or
        ``entry``'s build): the shapes kept whole meanwhile are decided afresh at
        their next launch, not after their span (a shape whose uploads are staged
        again only now and then would otherwise wait that many of its rare launches)."""
        held = [entry] if entry is not None else list(self._held.values())
        for e in held:
            self._held.pop(id(e), None)
            # the guard rail's verdicts were measured, not waited for: they stay
            e.forget_whole_decisions(
                lambda key, e=e: e.decisions.get(("lost",) + key, 0) >= LOSSES_TO_STOP)

    def split_fixed_s(self, s: config.Settings) -> float:
        """The shortest launch a split (or a helper's calibration) may pay on, beside
        ``SKMD_MIN_SPLIT_US`` (0 there: no floor at all, any launch may split)."""
        if s.min_split_us <= 0:
            return 0.0
        return s.tuning.split_fixed_factor * self.split_overhead_s

    def sample(self, entry: KernelEntry, launch: Launch, groups: int) -> Any:
        """What the performance models know a launch by, ``groups`` of it enabled."""
        from skmd.predict.features import Sample
        return Sample(groups_enabled=groups, total_groups=launch.total_groups,
                      global_size=launch.global_size, local_size=launch.local_size,
                      scalars={int(k): float(v) for k, v in launch.scalars.items()},
                      buffer_bytes={int(k): int(v) for k, v in launch.buffer_sizes.items()},
                      cost=float(entry.analysis.cost(launch)))

    def curve(self, entry: KernelEntry, launch: Launch, dev: PhysicalDevice
              ) -> Callable[[np.ndarray], np.ndarray] | None:
        """Seconds for so many work-groups of ``launch`` on ``dev``: the models', else
        the online estimate's; None when nothing is measured about it yet."""
        reg = self.rt.registry
        if reg is not None:
            try:
                curve = reg.run_time(entry.key, dev.fingerprint,
                                     self.sample(entry, launch, launch.total_groups))
            except Exception:
                curve = None
            if curve is not None:
                return curve
        rate = self.rt.estimates.get(entry.key, dev.label)
        if rate is None or rate.samples == 0:
            return None
        return planner.rate_curve(rate, entry.analysis.cost(launch))

    def usable(self, entry: KernelEntry, launch: Launch) -> list[PhysicalDevice]:
        """Devices that may take a share: not failed for this kernel, data fits."""
        need = sum(launch.buffer_sizes.values())
        biggest = max(launch.buffer_sizes.values(), default=0)
        out = []
        for d in self.rt.order:
            if d is not self.rt.home:
                if d.label in entry.excluded:
                    continue
                if biggest > d.max_alloc or need > 0.9 * d.global_mem:
                    continue
            out.append(d)
        return out

    def decide(self, entry: KernelEntry, launch: Launch, s: config.Settings,
               ctx: cl.Context, args: dict | None = None) -> Decision:
        """What ``launch`` does under ``s.policy``, with the devices ready now and its
        buffers ``args`` where they are now (priced from there)."""
        where = placement.where_args(self.rt, args) if args else {}
        order = self.usable(entry, launch)
        total = launch.total_groups
        if len(order) < 2:
            return Decision(reason="only one device" if len(self.rt.devices) < 2 else
                            "no other device can take a share (failed or too small)")
        bg = self.rt.background
        model = s.policy not in ("even", "static")
        t_home = self._home_time(entry, launch) if model else None
        wait_span = policy.waiting_span(t_home, s.tuning.wait_reuse, s.tuning.wait_reuse_s)
        if t_home is not None and not where and s.policy != "single":
            # every buffer on home, nothing to fetch: too short is known before its
            # byte ranges are (no pricing asked for a launch of microseconds)
            peek = placement.fresh_uploads(args, take=False) if args and model else {}
            short = policy.too_short(t_home + self._upload_s(sum(peek.values())),
                                     s.min_split_us, self.split_fixed_s(s))
            if short is not None:
                if peek:  # counted, as a decision past the pricing counts them
                    placement.fresh_uploads(args)
                return Decision(reason=short)
        if t_home is not None and not self._priced(entry, launch):
            # kept a while: made again at each launch it cost each one tens of
            # microseconds for as long as the pricing took (seconds of Python for
            # pyopencl's elementwise loops)
            return Decision(reason="the launch's byte ranges being worked out (off the "
                                   "launch path): whole meanwhile", span=wait_span)
        fetch_s = self._home_fetch_s(entry, launch, where) if t_home is not None else 0.0
        if t_home is not None and fetch_s is not None:
            # a whole run also waits for the uploads home lacks: a launch short on its
            # own may be long with them, and a split sends helpers only their parts
            t_home += fetch_s
        # uploads that went home at once before this launch: it waited for them just
        # the same, and staged they would have gone to each device in parts
        fresh = placement.fresh_uploads(args) if args and model else {}
        fresh_s = self._upload_s(sum(fresh.values()))
        if t_home is not None and fetch_s is not None and s.policy != "single":
            # what the models would conclude anyway once every helper is measured
            # (the best single device is no slower than home): no calibration, no build
            short = policy.too_short(t_home + fresh_s, s.min_split_us, self.split_fixed_s(s))
            if short is not None:
                return Decision(reason=short)
        # a helper takes a share only once its program is built and, for the models,
        # its links and prior are known: a launch never waits for either.  Its build
        # starts once the home device's time says a split could be worth it and the
        # kernel has run long enough to pay for the build (all helpers' builds at
        # once: a kernel too short to split builds none)
        spent, per_launch = (self._spent(entry, t_home + fresh_s) if model and t_home is not None
                             else (0.0, 0.0))
        start = not model or (t_home is not None and policy.worth_building(
            spent, bg.build_s, s.tuning.build_payback))
        waiting, home_ready = bg.readiness(entry, self.rt.home, ctx, order[1:], start, model)
        if start and waiting:
            entry.decisions[("helpers waited",)] = True
        elif start and entry.decisions.pop(("helpers waited",), False):
            # uploads waited for a split in vain meanwhile: staging starts afresh, so
            # that the models price this kernel's launches from host memory
            placement.book(self.rt).ready_again()
        if waiting or not home_ready:
            self._held[id(entry)] = entry
        if waiting:
            order = [d for d in order if d.label not in waiting]
        if not home_ready and (start or len(order) > 1):
            # a split needs home's partition-ready kernel too; timing home alone (the
            # models' first launch) runs the program's own kernel
            return Decision(reason="partition-ready program building (off the launch "
                                   "path): whole meanwhile", span=wait_span)
        labels = [d.label for d in order]
        if len(order) < 2 and not model:
            return Decision(reason="helpers' programs building: whole meanwhile",
                            span=wait_span)
        span = wait_span if waiting else None
        if s.policy == "even":
            return policy.even(total, labels, span)
        if s.policy == "static":
            return policy.static(total, labels, s.static_fractions, self.rt.home.label, span)
        d = self._model_decision(entry, launch, s, order, where)
        if fresh and not _splits(d) and len(order) > 1 and t_home is not None:
            self._stage_again(entry, launch, s, order, where, fresh, d)
            # (its launch shape does not say whether uploads came before it)
            d.span = RESTAGE_EVERY if d.span is None else min(d.span, RESTAGE_EVERY)
        if waiting:
            d.span = span
            if d.shares is None and d.reason is not None and len(order) < 2:
                d.reason = "helpers not ready (set-up or program build under way): whole"
                if not start:  # asked again about when the builds would pay
                    need = s.tuning.build_payback * bg.build_s
                    d.span = policy.launches_until(need - spent, per_launch, span)
                    d.reason = (f"helpers' programs not built: the kernel has kept "
                                f"{self.rt.home.label} busy {spent * 1e3:.0f} ms of the "
                                f"{need * 1e3:.0f} ms that pay for building them: whole")
        return d

    def _priced(self, entry: KernelEntry, launch: Launch) -> bool:
        """Whether the bytes of ``launch``'s shape are worked out; if not, they are
        worked out off the launch path (once), or here without a background thread."""
        if planner.priced(entry, launch):
            return True
        bg = self.rt.background
        if not bg.lazy:  # (a failure shows where the bytes are used)
            with contextlib.suppress(Exception):
                planner.price(entry, launch)
            return True
        asked = ("pricing",) + planner.launch_key(launch)
        if asked not in entry.decisions:
            entry.decisions[asked] = True
            bg.ahead(planner.price, entry, launch)
        return False

    def _spent(self, entry: KernelEntry, each: float) -> tuple[float, float]:
        """Seconds the home device has spent on ``entry`` in earlier runs and this one,
        and per launch now.

        Each launch since the last time asked counts ``each``: this launch's time
        with the uploads it waited for (a memory-bound kernel's time is mostly its
        uploads; a program uploads alike each time)."""
        n, before = self.spent_now.get(entry.key, (0, 0.0))
        now = before + (entry.launches - n) * each
        self.spent_now[entry.key] = (entry.launches, now)
        return self.spent_before.get(entry.key, 0.0) + now, each

    def _upload_s(self, nbytes: int) -> float:
        """Seconds ``nbytes`` of uploads take over the home device's link (0 while
        it is not measured: a launch never waits for the probe)."""
        link = self.rt.links.home_link_known() if nbytes else None
        return nbytes / link[0] if link else 0.0

    def _stage_again(self, entry: KernelEntry, launch: Launch, s: config.Settings,
                     order: list[PhysicalDevice], where: dict[int, str],
                     fresh: dict[int, int], d: Decision) -> None:
        """After staging backed off (launches of this size ran whole), the program's
        uploads go home at once and every launch is priced with its data on home,
        where a split rarely pays: price this one as if its fresh uploads had waited
        in host memory, and when that would split, stage uploads again (at most
        once every :data:`RESTAGE_EVERY` launches of the kernel)."""
        last = entry.decisions.get(("staged again",))
        if last is not None and entry.launches - last < RESTAGE_EVERY:
            return
        staged = dict(where)
        staged.update({i: locations.HOST for i in fresh})
        undecided = entry.undecided
        alt = self._model_decision(entry, launch, s, order, staged)
        entry.undecided = undecided  # (a priced "what if" measures nothing)
        if not _splits(alt):
            return
        entry.decisions[("staged again",)] = entry.launches
        placement.book(self.rt).ready_again()
        d.reason = (f"{d.reason or 'whole'}; its inputs went home at once, and waiting in host "
                    "memory they would split: uploads are staged again")

    def spent_rows(self) -> list[tuple[str, float]]:
        """(kernel key, seconds over all runs) for the kernels this run decided on."""
        return [(k, self.spent_before.get(k, 0.0) + s) for k, (_, s) in self.spent_now.items()]

    def _home_time(self, entry: KernelEntry, launch: Launch) -> float | None:
        """The home device's predicted seconds for ``launch`` (None: not measured yet)."""
        try:
            curve = self.curve(entry, launch, self.rt.home)
            return None if curve is None else float(curve(np.array([launch.total_groups]))[0])
        except Exception:  # a model failing here is handled where the plan is made
            return None

    def _home_fetch_s(self, entry: KernelEntry, launch: Launch, where: dict[int, str]
                      ) -> float | None:
        """Seconds the home device spends receiving what ``launch`` reads from host
        memory before running it whole (0 when its buffers are on home; None while
        its link is not measured yet)."""
        nbytes = planner.home_fetch_bytes(entry, launch, where) if where else 0.0
        if nbytes <= 0:
            return 0.0
        link = self.rt.links.home_link_known()
        return None if link is None else nbytes / link[0]

    def _model_decision(self, entry: KernelEntry, launch: Launch, s: config.Settings,
                        order: list[PhysicalDevice], where: dict[int, str]) -> Decision:
        """hill / linear / single: the partition models, with calibration for helpers
        whose speed on this kernel is unknown (sized by their priors)."""
        total = launch.total_groups
        home = self.rt.home.label
        try:
            home_curve = self.curve(entry, launch, self.rt.home)
            if home_curve is None and s.policy != "single":
                # home is timed first, on the program's own kernel: nothing else is
                # priced yet (a launch's byte ranges are milliseconds of symbolic
                # work on a kernel's first decision, on the launch path)
                entry.undecided += 1
                return policy.unmeasured(total, home, [home], entry.undecided, s.policy)
            fetch_s = self._home_fetch_s(entry, launch, where) or 0.0
            if home_curve is not None and len(order) > 1:
                order, bound = self._hopeful(
                    entry, launch, order, s,
                    float(home_curve(np.array([total]))[0]) + fetch_s, where)
                if bound is not None:  # stable for this shape: kept like any decision
                    return Decision(reason=bound)
            problem, unknown = planner.build_problem(
                entry, launch, order, self.rt.home,
                lambda d: self.curve(entry, launch, d), self.rt.links.link,
                home_link=self.rt.links.home_link() if len(order) > 1 else None,
                where=where)
        except Exception as exc:
            return Decision(reason=f"cost model failed: {exc}")
        if problem is None:
            if s.policy != "single":
                entry.undecided += 1
            first = policy.unmeasured(total, home, unknown, entry.undecided, s.policy)
            return first or self._calibration(entry, launch, order, unknown, home_curve,
                                              s.tuning.gain_margin, where, fetch_s)
        if len(order) < 2:
            return Decision(reason="no helper can pay or take a share yet")
        problem = replace(problem, launch_overhead_s=self.split_overhead_s)
        return policy.modelled(problem, s.policy, s.min_split_us, home, self.split_fixed_s(s))

    def _hopeful(self, entry: KernelEntry, launch: Launch, order: list[PhysicalDevice],
                 s: config.Settings, t_home: float, where: dict[int, str]
                 ) -> tuple[list[PhysicalDevice], str | None]:
        """``order`` without the unmeasured helpers whose priors say they cannot pay here
        (they are not calibrated, and the models plan without them), or why no helper
        could pay even infinitely fast (the transfers bound it)."""
        unknown = [d for d in order[1:] if self.curve(entry, launch, d) is None]
        if not unknown or s.policy == "single":
            return order, None
        links = self.rt.links.helper_links(order, self._wheres(launch, where))
        bytes_ = planner.launch_bytes(entry, launch)
        bound = decide.transfer_bound(t_home, launch.total_groups, bytes_,
                                      list(links.values()), s.tuning.gain_margin)
        if bound is not None:
            return order, bound
        hopeless = set()
        for d in unknown:
            speed = self._prior_speed(d.label)
            if speed is None or decide.never_pays(t_home, launch.total_groups, bytes_,
                                                  links[d.label], speed,
                                                  s.tuning.gain_margin):
                hopeless.add(d.label)
        return [d for d in order if d.label not in hopeless], None

    @staticmethod
    def _wheres(launch: Launch, where: dict[int, str]) -> list[str]:
        """Where each buffer argument of ``launch`` is (home unless ``where`` says)."""
        return [where.get(i, "home") for i in launch.buffer_sizes]

    def _prior_speed(self, label: str) -> float | None:
        """A helper's speed prior as a multiple of the home device's (None: unknown)."""
        hp = self.rt.background.priors
        return decide.helper_speed(hp.get(self.rt.home.label), hp.get(label))

    def _calibration(self, entry: KernelEntry, launch: Launch, order: list[PhysicalDevice],
                     unknown: list[str], home_curve: Callable, gain_margin: float,
                     where: dict[int, str], fetch_s: float = 0.0) -> Decision:
        """Slices that measure the unknown helpers, each sized by its prior to finish
        within the home device's share (its uploads, ``fetch_s``, included); none
        when no slice fits."""
        total = launch.total_groups
        t_home = float(home_curve(np.array([total]))[0]) + fetch_s
        bytes_ = planner.launch_bytes(entry, launch)
        links = self.rt.links.helper_links(order, self._wheres(launch, where))
        speeds = {lb: self._prior_speed(lb) for lb in unknown}
        slices, dropped = decide.calibration_plan(
            total, t_home, bytes_, {lb: (speeds[lb], links[lb]) for lb in unknown},
            gain_margin)
        if not slices:
            why = "; ".join(f"{lb}: {w}" for lb, w in dropped.items())
            return Decision(reason=f"helpers not calibrated ({why}): whole")
        shares = {d.label: slices.get(d.label, 0) for d in order}
        shares[self.rt.home.label] = total - sum(slices.values())
        return Decision(shares, keep=False,
                        note=decide.slice_note(slices, speeds))  # type: ignore[arg-type]

    def check_gain(self, entry: KernelEntry, key: tuple | None, launch: Launch,
                   rec: LaunchRecord, s: config.Settings) -> None:
        """Guard rail (:func:`skmd.decide.gain_lost`): a split measured slower than
        the predicted single device runs whole until the decision is next re-made."""
        if key is None or s.policy not in ("hill", "linear"):
            return
        alone = (entry.decisions.get(("alone",) + key) or (None, None))[0]
        why = decide.gain_lost(rec.wall_s, alone, s.tuning.gain_margin)
        lost = entry.decisions.get(("lost",) + key, 0) + 1 if why is not None else 0
        entry.decisions[("lost",) + key] = lost
        if why is None:
            return
        if lost < LOSSES_TO_STOP:  # one stall (memory shared with a busy CPU) is no verdict
            rec.notes.append(why + "; once more and it runs whole")
            return
        rec.notes.append(why + "; running whole from now on")
        entry.decisions[key] = [launch, None, why, s.tuning.max_reuse, s.tuning.max_reuse]

    def learn_overhead(self, rec: LaunchRecord) -> None:
        """What a split costs beyond the busiest device's transfers and run, per extra
        device (:func:`skmd.decide.overhead_step`); a kernel's first split on a
        device pays one-time costs and is not counted."""
        used = [lb for lb, g in rec.shares.items() if g]
        if len(used) < 2:
            return
        first = [lb for lb in used if (rec.kernel, lb) not in self._shared_before]
        self._shared_before.update((rec.kernel, lb) for lb in used)
        if first:
            return
        busy = {lb: 0.0 for lb in used}
        for p in rec.pieces:
            if p.device in busy and p.kind in ("h2d", "d2h", "kernel"):
                busy[p.device] += p.end - p.start
        self.split_overhead_s = decide.overhead_step(
            self.split_overhead_s, rec.wall_s, max(busy.values()), rec.merge_s, len(used) - 1)

    def learn(self, entry: KernelEntry, launch: Launch, rec: LaunchRecord) -> None:
        """Fold a split launch's measured sub-kernel times into the estimates."""
        cost_f = float(entry.analysis.cost(launch))
        reg = self.rt.registry
        for label, secs in rec.measured.items():
            groups = rec.shares.get(label, 0)
            self.rt.estimates.observe(entry.key, label, secs, groups * max(cost_f, 1e-12))
            if reg is not None:
                try:
                    reg.observe(entry.key, self.rt.by_label[label].fingerprint,
                                self.sample(entry, launch, groups), secs)
                except Exception:
                    pass

