# Device fission sized from the device's own max_compute_units (two halves).
import pyopencl as cl
d = cl.create_some_context(interactive=False).devices[0]
cu = d.max_compute_units
try:
    subs = d.create_sub_devices([cl.device_partition_property.BY_COUNTS, cu // 2, cu - cu // 2,
                                 cl.device_partition_property.BY_COUNTS_LIST_END])
    print("cu", cu, "sub-devices", [s.max_compute_units for s in subs])
except cl.Error as e:
    print("cu", cu, type(e).__name__, str(e)[:120])
