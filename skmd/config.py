"""Settings read from the environment, overridable in-process.

Every switch a user or a benchmark flips lives here, so that the runtime asks one
place and ``skmd bench`` can compare policies side by side in one process with
:func:`override` instead of restarting.

=====================  =========================================================
variable               meaning
=====================  =========================================================
``SKMD_DEVICES``       which physical devices back the virtual device, e.g.
                       ``0,2`` (indices as ``skmd devices`` lists them), a
                       kind (``gpu``: every GPU), a label (``cpu0``) or a name
                       fragment per item (``nvidia,cpu``). Default: all.
``SKMD_HOME``          which physical device holds the application's buffers
                       (index or name fragment). Default: the fastest one.
``SKMD_POLICY``        how a launch is split: ``hill`` (default), ``linear``,
                       ``single``, ``even``, ``static``.
``SKMD_MODE``          ``skmd`` (default: every launch split on its own),
                       ``mkmd`` (kernels deferred to a sync point, DAG
                       scheduled), ``coarse`` (DAG, whole kernels only),
                       ``inorder`` (everything whole on the home device).
``SKMD_PROFILE_DIR``   folder of the profile store (``profiles.sqlite``).
``SKMD_ONLINE``        ``1`` (default): measured times refine later splits (and
                       graph mode's choices: phase, guard rail, launches at once).
``SKMD_VERIFY``        ``1``: every split launch is re-run whole and compared.
``SKMD_MIN_SPLIT_US``  launches predicted shorter than this run whole (default
                       200 microseconds); graph mode's fine phase keeps a split
                       only when it brings its kernel forward by this much.
``SKMD_FAULTS``        fault injection for tests, see :mod:`skmd.runtime.faults`;
                       ``SKMD_FAULTS_SEED`` seeds its random failures (0).
``SKMD_LOG``           ``0`` turns the run log off.
``SKMD_MERGE``         how discontiguous outputs are merged: ``kernel``
                       (default: the kernel's generated merge kernel where
                       it has one, else byte differences) or ``diff`` (byte
                       differences against a pre-launch snapshot, always).
``SKMD_PINNED_COPIES`` ``auto`` (default): a blocking write or read of 4 MiB or
                       more between the program's memory and a GPU home
                       device moves through page-locked chunks, copied by
                       several threads while the device takes the previous
                       ones; ``never``: the driver's pageable path;
                       ``always``: chunks on any home device.
``SKMD_BACKGROUND``    ``1`` (default): device set-up (speed priors, link
                       probes, learned speeds, the model and front-end
                       imports) and partition-ready program builds run in a
                       background thread; until they are done, launches run
                       whole on the home device. ``0``: they run when first
                       needed, on the launch path (reproducible decisions).
``SKMD_REMEMBER``      ``1`` (default): kernel speeds measured while a program
                       runs are stored at exit (per kernel and device
                       fingerprint) and the next run starts from them, without
                       calibrating; ``0``: each run starts from the offline
                       profiles alone.
``SKMD_HOST_BACKED_MIN`` buffers of at least this many bytes are kept in host
                       memory and their launches run in chunks (VAST), even
                       when the device could hold them; ``0`` (default): only
                       buffers larger than the home device's largest allocation.
=====================  =========================================================

Benchmark switches are settings with no variable: each turns one of skmd's own
mechanisms off, to measure what it gains, with ``skmd bench --variant
NAME:SETTING=0`` (see :data:`BENCH_SWITCHES`); setting its old variable is an
error that says so.

Only the entry points read them (:func:`skmd.install`, the ``skmd`` command,
``skmd bench``'s runner): everything below is handed a :class:`Settings` and
takes what it needs from it as arguments.  The entry point that installs skmd
subscribes the runtime to :func:`override`, so that a new :class:`Settings`
reaches it when a benchmark switches configurations in-process.

Switches take ``1/0``, ``true/false``, ``yes/no`` or ``on/off`` (any case); any
other value, or a number that does not read as one, is a ValueError that names
the variable (the ``skmd`` command turns it into exit status 2).
"""
from __future__ import annotations

import contextlib
import os
import threading
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Callable, Iterator

from skmd import modes
from skmd.tuning import Tuning

#: run values (:attr:`Settings.run_values`) -> their key, for this process
_run_keys: dict[tuple, int] = {}
_run_keys_lock = threading.Lock()

POLICIES = ("hill", "linear", "single", "even", "static")
MODES = tuple(modes.MODES)
MERGES = ("kernel", "diff")
#: settings that only A/B one of skmd's own mechanisms in benchmarks: no variable
#: sets them, ``skmd bench --variant NAME:SETTING=0`` does
BENCH_SWITCHES = ("stage_uploads", "send_ahead", "learn_links", "chain_home", "chain_helpers")
PINNED_COPIES = ("auto", "always", "never")


@dataclass(frozen=True)
class Settings:
    devices: str | None = None
    home: str | None = None
    policy: str = "hill"
    mode: str = modes.DEFAULT
    profile_dir: str | None = None
    online: bool = True
    verify: bool = False
    min_split_us: float = 200.0
    faults: str | None = None
    #: seed of the fault injection's random failures
    faults_seed: int = 0
    log: bool = True
    merge: str = "kernel"
    #: graph modes: whole uploads of 1 MiB or more wait in page-locked host memory
    #: for the devices that need them (a benchmark switch)
    stage_uploads: bool = True
    #: graph modes: staged uploads leave for their readers as a batch starts (a
    #: benchmark switch)
    send_ahead: bool = True
    pinned_copies: str = "auto"
    #: links taken at the speed transfers measured in place (a benchmark switch)
    learn_links: bool = True
    #: graph modes: a kernel whole on home (on a helper: ``chain_helpers``) is queued
    #: behind its predecessors there at once (benchmark switches)
    chain_home: bool = True
    background: bool = True
    remember: bool = True
    chain_helpers: bool = True
    host_backed_min: int = 0
    #: device label -> fraction of the work-groups, for ``policy="static"``
    static_fractions: dict[str, float] = field(default_factory=dict)
    #: the decisions' thresholds, spans and counts (no variable: see :mod:`skmd.tuning`)
    tuning: Tuning = field(default_factory=Tuning)

    @cached_property
    def run_values(self) -> tuple:
        """The settings that change how a launch or a graph batch runs."""
        return (self.policy, self.mode, self.online, self.verify, self.faults,
                self.min_split_us, self.merge, self.stage_uploads, self.send_ahead,
                self.pinned_copies, self.learn_links, self.chain_home, self.chain_helpers,
                tuple(sorted(self.static_fractions.items())), self.tuning)

    @cached_property
    def run_key(self) -> int:
        """:attr:`run_values` as a small number, the same for equal values.

        What the runtime learns (decisions, the graph tuner, the guard rail) is
        kept per key, so that settings switched in one process (``skmd bench``'s
        configurations and variants) never use what another one learned.  Every
        launch's key holds it: a number hashes at once, where the values would
        hash the whole :class:`Tuning` each time.
        """
        with _run_keys_lock:
            return _run_keys.setdefault(self.run_values, len(_run_keys))

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise ValueError(
                f"SKMD_POLICY={self.policy!r} is not one of {', '.join(POLICIES)}")
        modes.mode_named(self.mode)  # a ValueError that names SKMD_MODE and the choices
        if self.merge not in MERGES:
            raise ValueError(
                f"SKMD_MERGE={self.merge!r} is not one of {', '.join(MERGES)}")
        if self.pinned_copies not in PINNED_COPIES:
            raise ValueError(f"SKMD_PINNED_COPIES={self.pinned_copies!r} is not one of "
                             f"{', '.join(PINNED_COPIES)}")
        for name in ("min_split_us", "host_backed_min"):  # (set in-process too)
            if getattr(self, name) < 0:
                raise ValueError(f"SKMD_{name.upper()}={getattr(self, name)!r} is negative; "
                                 "it takes 0 or more")


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _flag(value: str | None, default: bool, name: str = "a switch") -> bool:
    """``1/0 true/false yes/no on/off`` (any case); anything else names ``name``."""
    if value is None or value.strip() == "":
        return default
    v = value.strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise ValueError(f"{name}={value!r} is not one of {'/'.join(_TRUE)} or "
                     f"{'/'.join(_FALSE)}")


def _number(value: str | None, default: float | None, name: str,
            at_least: float | None = None, whole: bool = False, unit: str = "") -> float:
    """A finite float (``at_least`` or more; ``whole``: a whole number, ``1e3`` too),
    or a ValueError that names the variable, its value and what it takes (``unit``:
    how the number is read, said when it is not one)."""
    if (value is None or value.strip() == "") and default is not None:
        return default
    try:
        x = float(value or "")
    except ValueError:
        raise ValueError(f"{name}={value!r} is not a number"
                         + (f" ({unit})" if unit else "")) from None
    if x != x or x in (float("inf"), float("-inf")):
        raise ValueError(f"{name}={value!r} is not a finite number")
    if whole and x != int(x):
        raise ValueError(f"{name}={value!r} is not a whole number")
    if at_least is not None and x < at_least:
        raise ValueError(f"{name}={value!r} is negative; it takes {at_least:g} or more")
    return x


def from_environ(environ: os._Environ[str] | dict[str, str] | None = None) -> Settings:
    env = os.environ if environ is None else environ
    for name in BENCH_SWITCHES:
        var = "SKMD_" + name.upper()
        if env.get(var):
            raise ValueError(f"{var} is a benchmark switch, not a setting: "
                             f"skmd bench --variant NAME:{name}={env[var]}")
    return Settings(
        devices=env.get("SKMD_DEVICES") or None,
        home=env.get("SKMD_HOME") or None,
        policy=(env.get("SKMD_POLICY") or "hill").strip().lower(),
        mode=(env.get("SKMD_MODE") or modes.DEFAULT).strip().lower(),
        profile_dir=env.get("SKMD_PROFILE_DIR") or None,
        online=_flag(env.get("SKMD_ONLINE"), True, "SKMD_ONLINE"),
        verify=_flag(env.get("SKMD_VERIFY"), False, "SKMD_VERIFY"),
        min_split_us=_number(env.get("SKMD_MIN_SPLIT_US"), 200.0, "SKMD_MIN_SPLIT_US", 0,
                             unit="microseconds, e.g. 200"),
        faults=env.get("SKMD_FAULTS") or None,
        faults_seed=int(_number(env.get("SKMD_FAULTS_SEED"), 0, "SKMD_FAULTS_SEED",
                                whole=True)),
        log=_flag(env.get("SKMD_LOG"), True, "SKMD_LOG"),
        merge=(env.get("SKMD_MERGE") or "kernel").strip().lower(),
        pinned_copies=(env.get("SKMD_PINNED_COPIES") or "auto").strip().lower(),
        background=_flag(env.get("SKMD_BACKGROUND"), True, "SKMD_BACKGROUND"),
        remember=_flag(env.get("SKMD_REMEMBER"), True, "SKMD_REMEMBER"),
        host_backed_min=int(_number(env.get("SKMD_HOST_BACKED_MIN"), 0,
                                    "SKMD_HOST_BACKED_MIN", 0, whole=True,
                                    unit="bytes, e.g. 4194304 for 4 MiB")),
    )


_current: Settings | None = None
#: told of every new Settings (:func:`override`, :func:`reload`): the installed runtime
_listeners: list[Callable[[Settings], None]] = []


def subscribe(listener: Callable[[Settings], None]) -> None:
    """Hand ``listener`` every Settings put in force from now on (once per listener)."""
    if listener not in _listeners:
        _listeners.append(listener)


def unsubscribe(listener: Callable[[Settings], None]) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def _put(settings: Settings) -> Settings:
    global _current
    _current = settings
    for listener in list(_listeners):
        listener(settings)
    return settings


def get() -> Settings:
    """The settings in force: the environment's, unless overridden."""
    global _current
    if _current is None:
        _current = from_environ()
    return _current


def reload() -> Settings:
    """Forget overrides and read the environment again."""
    return _put(from_environ())


@contextlib.contextmanager
def override(**changes: object) -> Iterator[Settings]:
    """Temporarily change settings, e.g. ``with override(policy="linear"):``."""
    known = {f.name for f in fields(Settings)}
    unknown = set(changes) - known
    if unknown:
        raise TypeError(f"unknown setting(s): {', '.join(sorted(unknown))}")
    before = get()
    now = _put(replace(before, **changes))  # type: ignore[arg-type]
    try:
        yield now
    finally:
        _put(before)


#: settings fixed for a process: a variant cannot change them
_PER_PROCESS = ("devices", "home", "profile_dir", "log", "static_fractions", "background",
                "remember", "faults_seed", "tuning")


def parse_changes(text: str) -> dict[str, object]:
    """``"online=0,send_ahead=off"`` -> ``{"online": False, "send_ahead": False}``.

    Names are :class:`Settings` fields (as the ``SKMD_*`` variables, lower case,
    without the prefix), values as those variables take them, or ``tuning.NAME``
    for one of :class:`~skmd.tuning.Tuning`'s values (the others at their
    defaults); a ValueError says what is wrong.
    """
    types = {f.name: f.type for f in fields(Settings) if f.name not in _PER_PROCESS}
    tunables = {f.name: str(f.type) for f in fields(Tuning)}
    changes: dict[str, object] = {}
    tuned: dict[str, object] = {}
    for item in filter(None, (x.strip() for x in text.split(","))):
        name, eq, value = item.partition("=")
        name = name.strip().lower().removeprefix("skmd_")
        if name.startswith("tuning."):  # one of skmd.tuning's values (a benchmark's)
            field_name = name.removeprefix("tuning.")
            if not eq or field_name not in tunables:
                raise ValueError(f"{item!r}: tuning.NAME=VALUE with NAME one of "
                                 f"{', '.join(sorted(tunables))}")
            kind = tunables[field_name]
            if "bool" in kind:
                tuned[field_name] = _flag(value, True, name)
            else:
                number = _number(value, None, name, whole=kind == "int")
                tuned[field_name] = int(number) if kind == "int" else number
            continue
        if not eq or name not in types:
            raise ValueError(f"{item!r} is not SETTING=VALUE with SETTING one of "
                             f"{', '.join(sorted(types))}")
        kind = str(types[name])
        if "bool" in kind:
            changes[name] = _flag(value, True, name)
        elif "float" in kind:
            changes[name] = _number(value, None, name, 0)
        elif kind == "int":
            changes[name] = int(_number(value, None, name, 0, whole=True))
        elif name in ("policy", "mode", "merge", "pinned_copies"):
            changes[name] = value.strip().lower()
        else:
            changes[name] = value.strip() or None
    if tuned:
        changes["tuning"] = replace(Tuning(), **tuned)  # type: ignore[arg-type]
    if not changes:
        raise ValueError(f"{text!r} changes no setting")
    replace(Settings(), **changes)  # type: ignore[arg-type]  # a bad value raises here
    return changes
