"""skmd.partition."""
