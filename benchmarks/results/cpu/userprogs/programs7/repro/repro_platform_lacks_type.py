# Probing a platform for GPUs.  pyopencl turns the driver's DEVICE_NOT_FOUND into an
# empty list; skmd's virtual platform raised cl.RuntimeError (with no code).
# plain: "gpus: 0"
# python -m skmd run ...: RuntimeError ... AttributeError: 'str' object has no attribute 'code'
import pyopencl as cl

p = cl.get_platforms()[0]
try:
    print("gpus:", len(p.get_devices(cl.device_type.GPU)))
except cl.Error as e:
    print("error", e.code)
