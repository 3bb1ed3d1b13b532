"""skmd.transform."""
