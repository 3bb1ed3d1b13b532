"""skmd.shim."""
