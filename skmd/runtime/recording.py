"""The run log as it is written: one record per launch, in launch order.

A launch that ran whole is kept as a cheap tuple (it must not pay for a record
on the launch path) and turned into a :class:`LaunchRecord` only when the
records are read; a split launch's record is made while it runs.  At exit the
runtime writes them to the profile store, where a loop's whole launches of one
kind past the first ``Tuning.log_whole_per_kind`` become one record that stands
for all of them (:func:`skmd.records.summary_row`).
"""
from __future__ import annotations

import threading
import time
from typing import Any

from skmd import config, modes
from skmd.records import (LaunchRecord, event_seconds, record_json, settle_records,
                           summary_row, whole_parts, whole_record, whole_row)
from skmd.runtime import raw

#: launches kept in memory per run; later whole ones are folded into the run log's
#: summary records by kind (:func:`_fold`), later split ones only counted
MAX_RECORDS = 100_000
#: modes whose many whole launches of one kind the run log may write as one record:
#: not the graph modes, whose replay finds a batch's launches by sequence number
_SUMMED_MODES = frozenset(name for name, m in modes.MODES.items() if not m.defers_to_graph)


class Recorder:
    """This process's launch records and their sequence numbers."""

    def __init__(self, run_id: str, t0: float, home_label: str, log: bool,
                 settings: config.Settings | None = None) -> None:
        self.run_id = run_id
        #: the settings in force: each record names their policy and mode (the
        #: runtime hands in new ones when they change)
        self.settings = settings or config.Settings()
        #: ``perf_counter`` at start: records' times are seconds after it
        self.t0 = t0
        self.home_label = home_label
        self.log = log
        self._records: list[LaunchRecord] = []
        #: launches that ran whole, :data:`_LIGHT` fields each, flat (a tuple per
        #: launch kept would be one more object for the garbage collector to trace:
        #: a plain program makes none that outlive a launch), turned into records
        #: when read
        self._light: list[Any] = []
        self.unrecorded = 0
        #: whole launches past :data:`MAX_RECORDS`, folded by kind as :func:`_fold` does
        self._past: dict[tuple, list] = {}
        self.seq = 0
        self.seq_lock = threading.Lock()

    def next_seq(self) -> int:
        """A new launch's sequence number."""
        with self.seq_lock:
            self.seq += 1
            return self.seq

    def note_whole(self, entry: Any, gsize: Any, lsize: Any, reason: str,
                   evt: Any = None, t_call: float | None = None, queue: Any = None) -> None:
        """Record a launch that ran whole on the home device (cheaply: a tuple).

        ``t_call`` is when the call began (``perf_counter``); the event of a
        profiling ``queue`` is kept as it is and its profiling info read only when
        the records are (a launch must not wait on its own kernel); other events
        are not kept (about 1 KiB each in the driver, and they tell nothing).
        """
        if self.log:
            t_end = time.perf_counter()
            if evt is not None:
                hit = getattr(queue, "_skmd_profiles", None)  # (kept on the queue)
                if not (raw.profiles(queue) if hit is None else hit):
                    evt = None
            with self.seq_lock:
                self.seq += 1
                c = self.settings
                t_call = t_end if t_call is None else t_call
                if len(self._light) // _LIGHT + len(self._records) < MAX_RECORDS:
                    self._light.extend((self.seq, entry.key, gsize, lsize, reason,
                                        c.policy, c.mode, evt, t_call, t_end))
                elif c.mode in _SUMMED_MODES:  # past the cap: counted in the log's summary
                    self._fold_latest(entry.key, gsize, lsize, reason, c.policy, c.mode,
                                      t_call - self.t0, t_end - self.t0)
                else:
                    self.unrecorded += 1

    def _fold_latest(self, key: str, gsize: Any, lsize: Any, reason: str, policy: str,
                     mode: str, start: float, end: float) -> None:
        """:func:`_fold` of the newest launch (under the lock): a program's millions of
        whole launches past the cap each come here, so a kind seen before is counted
        in place (its sequence numbers only grow; it has no device time)."""
        kind = ((key, gsize, lsize, reason, policy, mode)
                if type(gsize) is tuple and (lsize is None or type(lsize) is tuple)
                else _kind(key, gsize, lsize, reason, policy, mode))
        acc = self._past.get(kind)
        if acc is None:
            _fold(self._past, kind, self.seq, start, end, None)
            return
        acc[1], acc[2] = self.seq, acc[2] + 1
        if end > acc[4]:  # (another thread's launch may have ended later)
            acc[4] = end
        acc[5] += end - start
        acc[6] = None

    @property
    def records(self) -> list[LaunchRecord]:
        """Every launch recorded so far, in launch order."""
        if self._light:
            with self.seq_lock:
                light, self._light = self._light, []
            self._records.extend(self._from_light(t) for t in _each(light))
            self._records.sort(key=lambda r: r.seq)
        return self._records

    @records.setter
    def records(self, value: list[LaunchRecord]) -> None:
        self._records = list(value)
        self._light = []

    def log_rows(self) -> list[tuple[str, int, str]]:
        """Every launch recorded so far as the run log's rows (run id, sequence number,
        JSON), taking them out of the recorder: launches run whole are encoded
        straight from their tuples, the others as their records' compact form."""
        with self.seq_lock:
            light, self._light = self._light, []
            full, self._records = self._records, []
            rest, self._past = self._past, {}  # by kind, as _fold leaves them
        settle_records(full)
        rows = [(r.run_id, int(r.seq), record_json(r)) for r in full]
        parts: dict[tuple, tuple[str, str]] = {}  # what a loop's launches share
        seen: dict[tuple, int] = {}
        keep = self.settings.tuning.log_whole_per_kind
        home, t0 = self.home_label, self.t0
        for seq, key, gsize, lsize, reason, pol, mode, evt, t_call, t_end in _each(light):
            same = _kind(key, gsize, lsize, reason, pol, mode)
            shared = parts.get(same) or self._parts(parts, same)
            n = seen[same] = seen.get(same, 0) + 1
            if n <= keep or mode not in _SUMMED_MODES:
                rows.append((self.run_id, seq,
                             whole_row(shared, seq, home, evt, t_call - t0, t_end - t0)))
            else:
                _fold(rest, same, seq, t_call - t0, t_end - t0,
                      None if evt is None else event_seconds(evt))
        for same, (first, last, n, start, end, host, dev) in rest.items():
            shared = parts.get(same) or self._parts(parts, same)
            rows.append((self.run_id, first,
                         summary_row(shared, first, last, n, home, start, end, host, dev)))
        return rows

    def _parts(self, parts: dict[tuple, tuple[str, str]], kind: tuple) -> tuple[str, str]:
        """The JSON text the launches of ``kind`` share, made once (:func:`whole_parts`)."""
        key, gsize, lsize, reason, pol, mode = kind
        name, program = _name_and_program(key)
        parts[kind] = whole_parts(self.run_id, name, program, gsize, lsize, pol, mode,
                                  self.home_label, reason)
        return parts[kind]

    def _from_light(self, t: tuple) -> LaunchRecord:
        seq, key, gsize, lsize, reason, pol, mode, evt, t_call, t_end = t
        name, program = _name_and_program(key)
        return whole_record(
            LaunchRecord(run_id=self.run_id, seq=seq, kernel=name, program=program,
                         total_groups=0, global_size=tuple(int(x) for x in gsize),
                         local_size=None if lsize is None else tuple(int(x) for x in lsize),
                         policy=pol, mode=mode, shares={self.home_label: 0}, reason=reason),
            evt, t_call - self.t0, t_end - self.t0)

    def last_record(self, after: int) -> LaunchRecord | None:
        """The latest launch recorded after sequence number ``after``, as a full
        record (one that takes notes), or None; without sorting every record, as
        :attr:`records` does, since graph batches ask for it every time."""
        with self.seq_lock:
            full = self._records[-1] if self._records else None
            light = self._light[-_LIGHT] if self._light else None  # its sequence number
            if light is not None and light > after and (full is None or light > full.seq):
                full = self._from_light(tuple(self._light[-_LIGHT:]))
                del self._light[-_LIGHT:]
                self._records.append(full)
        return full if full is not None and full.seq > after else None

    def keep_record(self, rec: LaunchRecord) -> None:
        """Keep a full record (a split launch's, or a graph node's)."""
        if not self.log:
            return
        with self.seq_lock:
            if len(self._records) + len(self._light) // _LIGHT < MAX_RECORDS:
                self._records.append(rec)
            else:
                self.unrecorded += 1


#: fields a whole launch keeps in the recorder's flat list
_LIGHT = 10


def _each(light: list[Any]) -> Any:
    """The whole launches of a flat list, a tuple each."""
    it = iter(light)
    return zip(*[it] * _LIGHT)


def _kind(key: str, gsize: Any, lsize: Any, reason: Any, policy: str, mode: str) -> tuple:
    """What whole launches of one kind share: the run log may write them as one."""
    return (key, tuple(gsize), None if lsize is None else tuple(lsize), reason, policy, mode)


def _fold(into: dict[tuple, list], kind: tuple, seq: int, start: float, end: float,
          dev: float | None) -> None:
    """Count a whole launch into ``into[kind]``: [first and last sequence numbers,
    launches, first start, last end, summed host seconds, summed device seconds (None
    once one of them has no device time)]."""
    acc = into.get(kind)
    if acc is None:
        into[kind] = [seq, seq, 1, start, end, end - start, dev]
        return
    acc[0], acc[1], acc[2] = min(acc[0], seq), max(acc[1], seq), acc[2] + 1
    acc[3], acc[4], acc[5] = min(acc[3], start), max(acc[4], end), acc[5] + end - start
    acc[6] = None if dev is None or acc[6] is None else acc[6] + dev


def _name_and_program(key: str) -> tuple[str, str]:
    """A kernel key's name and its program's short hash (as records carry them)."""
    program, _, name = key.rpartition(":")
    return name, program[:8]
