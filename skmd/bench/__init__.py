"""skmd.bench."""
