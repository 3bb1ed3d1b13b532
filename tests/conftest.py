"""Test-wide set-up: several PoCL devices and a private profile store.

Both must be in place before pyopencl loads its platforms, hence module level.
"""
import os
import tempfile

os.environ.setdefault("POCL_DEVICES", "pthread pthread pthread")
os.environ.setdefault("SKMD_PROFILE_DIR", tempfile.mkdtemp(prefix="skmd-test-profiles-"))
os.environ.setdefault("PYOPENCL_NO_CACHE", "1")
# decisions that do not depend on how fast a background thread is, nor on what
# earlier tests' runs stored in the shared store
os.environ.setdefault("SKMD_BACKGROUND", "0")
os.environ.setdefault("SKMD_REMEMBER", "0")

# analyses made without a runtime (which hands the folder in) are kept there too
from skmd.transform import diskcache  # noqa: E402

diskcache.use_folder(os.environ["SKMD_PROFILE_DIR"])

# CI runs the same examples every time: a failure there is reproducible, not luck.
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
