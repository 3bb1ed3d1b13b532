"""Execution-time prediction: the profile store, the per-(kernel, device) model and
the registry that fits models lazily and corrects them online (thesis §3.2.3, §5.3).
"""
from skmd.predict.features import Sample
from skmd.predict.model import KernelTimeModel, held_out_errors
from skmd.predict.registry import ModelRegistry, calibration_groups
from skmd.predict.store import (DeviceInfo, Link, Profile, ProfileStore, ProfileStoreWarning,
                                RunInfo, default_path)

__all__ = ["Sample", "KernelTimeModel", "held_out_errors", "ModelRegistry", "calibration_groups",
           "ProfileStore", "ProfileStoreWarning", "Profile", "Link", "DeviceInfo", "RunInfo",
           "default_path"]
