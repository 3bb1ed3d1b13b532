"""The skmd virtual platform and device: real pyopencl objects over the home device.

A real ``cl.Device`` cannot be faked, but a subclass with no extra slots can be
put over an existing device object.  The virtual device therefore *is* the home
device to OpenCL (contexts, queues and programs built on it are real and live on
the home device, so ``pyopencl.array`` and every generated kernel keep working),
while Python code asking for its properties sees the aggregate of all physical
devices behind it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pyopencl as cl

from skmd.words import plural

if TYPE_CHECKING:
    from skmd.runtime.devices import PhysicalDevice

#: device_info parameters answered from the aggregate instead of the home device.
#: The vendor is the home device's: programs and pyopencl pick workarounds by it
#: (pyopencl.array fills a buffer of 2 GiB or more on NVIDIA by a kernel, since the
#: driver's fill breaks the context; a vendor of "skmd" hid that and broke it)
_AGGREGATED = ("NAME", "MAX_COMPUTE_UNITS", "GLOBAL_MEM_SIZE", "MAX_MEM_ALLOC_SIZE")


def advertised_memory(physical: Any) -> int:
    """The virtual device's memory and largest allocation: what skmd can back (buffers
    too large for a device live in host memory); host-backed buffers are refused past it."""
    from skmd.runtime.host_backed import host_memory
    return max(host_memory(), max((d.global_mem for d in physical), default=0))


class VirtualDevice(cl.Device):
    """The one device an skmd-installed pyopencl program sees."""
    __slots__ = ()

    # set once by :func:`make_virtual`; class attributes because instances have no slots
    _physical: tuple["PhysicalDevice", ...] = ()
    _home: "PhysicalDevice | None" = None

    @property
    def name(self) -> str:  # type: ignore[override]
        labels = ", ".join(d.label for d in self._physical)
        return f"skmd virtual device ({plural(len(self._physical), 'device')}: {labels})"

    @property
    def max_compute_units(self) -> int:  # type: ignore[override]
        return sum(d.compute_units for d in self._physical)

    @property
    def global_mem_size(self) -> int:  # type: ignore[override]
        """What skmd can back: buffers too large for a device live in host memory."""
        return advertised_memory(self._physical)

    @property
    def max_mem_alloc_size(self) -> int:  # type: ignore[override]
        return self.global_mem_size

    @property
    def physical_devices(self) -> tuple["PhysicalDevice", ...]:
        return self._physical

    def get_info(self, param: Any) -> Any:  # type: ignore[override]
        for name in _AGGREGATED:
            if param == getattr(cl.device_info, name):
                return getattr(self, name.lower())
        return super().get_info(param)

    def __repr__(self) -> str:
        return f"<pyopencl.Device {self.name!r} on 'skmd' over {self._home.label if self._home else '?'}>"


class VirtualPlatform(cl.Platform):
    """The one platform an skmd-installed pyopencl program sees: the home device's
    platform, named and made as it is (pyopencl and programs pick workarounds by the
    platform's name and vendor, e.g. ``characterize.get_pocl_version``), whose only
    device is the virtual one."""
    __slots__ = ()
    _device: VirtualDevice | None = None

    def get_devices(self, device_type: int = cl.device_type.ALL) -> list[cl.Device]:  # type: ignore[override]
        dev = self._device
        if dev is None:
            return []
        if device_type == cl.device_type.ALL or device_type & cl.device_type.DEFAULT:
            return [dev]
        if device_type & dev.type:
            return [dev]
        # a type the platform lacks: pyopencl turns the driver's DEVICE_NOT_FOUND into []
        return []

    def __repr__(self) -> str:
        return f"<pyopencl.Platform {self.name!r} under skmd>"


def make_virtual(physical: tuple["PhysicalDevice", ...],
                 home: "PhysicalDevice") -> tuple[VirtualPlatform, VirtualDevice]:
    """Build the virtual platform/device pair over ``home``."""
    dev = cl.Device.from_int_ptr(home.device.int_ptr)
    plat = cl.Platform.from_int_ptr(home.device.platform.int_ptr)
    VirtualDevice._physical = tuple(physical)
    VirtualDevice._home = home
    dev.__class__ = VirtualDevice
    plat.__class__ = VirtualPlatform
    VirtualPlatform._device = dev  # type: ignore[assignment]
    return plat, dev  # type: ignore[return-value]
