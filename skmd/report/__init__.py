"""skmd.report."""
