"""libclang is loaded by a foreign call, so a thread analysing a kernel does not stop
the program's thread while the 80 MB library opens."""
import subprocess
import sys

CHECK = """
import clang.cindex as ci
from skmd.transform import frontend
def loaded():
    with open("/proc/self/maps") as fh:
        return "libclang" in fh.read()
assert not loaded() and not ci.Config.loaded
frontend.preload()
assert loaded() and not ci.Config.loaded  # opened, not yet bound by clang.cindex
ci.conf.lib  # clang.cindex finds it open
print("ok")
"""


def test_preload_opens_libclang_before_clang_cindex_binds_it() -> None:
    r = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_preload_of_a_library_that_is_not_there_is_silent(monkeypatch) -> None:
    import clang.cindex as ci
    from skmd.transform import frontend
    monkeypatch.setattr(ci.conf, "get_filename", lambda: "/nonexistent/libclang.so")
    monkeypatch.setattr(frontend, "_preloaded", False)
    frontend.preload()  # nothing raised: clang.cindex opens it (or says why) as before
