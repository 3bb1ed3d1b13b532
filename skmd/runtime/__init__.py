"""skmd.runtime."""
