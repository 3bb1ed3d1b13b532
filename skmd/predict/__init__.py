"""skmd.predict."""
