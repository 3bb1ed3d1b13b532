"""The CPU + one GPU machine of the scheduling benchmark."""
from skmd.mkmd_graph.examples import GB, machine


def two_device_platform(wl):
    return machine(wl, {"cpu": 100 * GB, "gpu0": 1200 * GB},
                   {"cpu": 12 * GB, "gpu0": 150 * GB},
                   pcie={"gpu0": 7.88 * GB}, host_device="cpu")
