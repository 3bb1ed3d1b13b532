"""skmd.bench.programs."""
