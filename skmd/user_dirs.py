"""Where skmd keeps what it learns when no folder is named: analyses in the user's
cache folder, the profile store in the user's data folder.

On Linux both are XDG base directories: an environment variable when it holds an
absolute path, else a default under the home folder. Every program under skmd asks
at ``install()``, and importing platformdirs for it cost a process 9-14 ms (its
modules and the ``tempfile`` machinery behind them; CI machine), more than the
rest of skmd's own start-up work there. So on Linux, with an absolute ``HOME``,
the rule is applied here (tests hold it to platformdirs' answer); everywhere else,
and for any other case, platformdirs answers.
"""
from __future__ import annotations

import os
import sys

APP = "skmd"


def _xdg(var: str, default: str) -> str | None:
    """The XDG folder ``var`` names for skmd, or None where platformdirs must say."""
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel"):
        return None
    path = os.environ.get(var, "")
    if not os.path.isabs(path):  # an empty or relative value is ignored
        home = os.environ.get("HOME", "")
        if not os.path.isabs(home):
            return None
        path = os.path.join(home, default)
    return os.path.join(path, APP)


def cache_dir() -> str:
    """The user's cache folder for skmd (analyses kept between runs)."""
    found = _xdg("XDG_CACHE_HOME", ".cache")
    if found is None:
        import platformdirs
        found = platformdirs.user_cache_dir(APP)
    return found


def data_dir() -> str:
    """The user's data folder for skmd (the profile store)."""
    found = _xdg("XDG_DATA_HOME", os.path.join(".local", "share"))
    if found is None:
        import platformdirs
        found = platformdirs.user_data_dir(APP)
    return found
