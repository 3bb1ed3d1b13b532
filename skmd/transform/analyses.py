"""Program analyses kept in memory and on disk (:mod:`.diskcache`).

A program is built once and launched many times, and run again and again: its
analysis is looked up here first, and only a miss loads the front end
(:mod:`.analyze`: libclang and the analysis modules, tens of milliseconds of
imports beside the program's own thread).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Sequence

from . import diskcache
from .kernel_analysis import ProgramAnalysis

_CACHE: "OrderedDict[str, ProgramAnalysis]" = OrderedDict()
_CACHE_MAX = 256
_LOCK = threading.Lock()


def analyze_program(source: str, options: str | Sequence[str] = ()) -> ProgramAnalysis:
    """Analyse an OpenCL C program; never raises for bad or unsupported source.

    Results are kept by the hash of the source and normalised build options."""
    key = diskcache.program_key(source, options)
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    result = diskcache.load(key)
    if not isinstance(result, ProgramAnalysis):
        from . import analyze
        result = analyze._analyze(source, diskcache.normalise_options(options))
        diskcache.store(key, result)
    with _LOCK:
        _CACHE[key] = result
        while len(_CACHE) > _CACHE_MAX:
            _CACHE.popitem(last=False)
    return result
