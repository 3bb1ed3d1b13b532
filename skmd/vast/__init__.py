"""VAST (thesis ch. IV): the plain decisions behind kernels larger than a device.

* :mod:`.chunks` cuts a launch's work-group rows into chunks whose byte windows
  fit a device (double-buffered), from the access analysis's ranges;
* :mod:`.pages` turns the pages an inspector saw a chunk touch into a look-ahead
  page table and the runs of pages packed into its frames.

Nothing here touches OpenCL; the runtime (:mod:`skmd.runtime.chunked`) moves the
bytes and launches the kernels.
"""
