"""skmd.mkmd_graph."""
