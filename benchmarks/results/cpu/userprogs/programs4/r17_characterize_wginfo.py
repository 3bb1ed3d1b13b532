import sys
import numpy as np
import pyopencl as cl
import pyopencl.characterize as chz
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
dev = ctx.devices[0]
mf = cl.mem_flags
res = {}
info = {}
for nm in ("has_double_support", "has_amd_double_support", "get_simd_group_size", "usable_local_mem_size",
           "local_memory_bank_count", "local_memory_access_granularity", "nv_compute_capability",
           "has_struct_arg_count_bug", "has_src_build_cache", "get_pocl_version"):
    f = getattr(chz, nm, None)
    if f is None: continue
    try:
        v = f(dev) if nm not in ("get_simd_group_size",) else f(dev, np.float32)
        info[nm] = repr(v)
    except Exception as e:
        info[nm] = "E:" + type(e).__name__
try:
    info["bankconf"] = repr(chz.why_not_local_access_conflict_free(dev, 4, (16, 16), 16))
except Exception as e:
    info["bankconf"] = "E:" + type(e).__name__
res["chz_keys"] = np.array(sorted(info))
res["dbl"] = np.array(info.get("has_double_support"))
prg = cl.Program(ctx, """
__kernel __attribute__((reqd_work_group_size(16, 1, 1))) void r16(__global int *o) { o[get_global_id(0)] = get_local_id(0) * 3 + get_group_id(0); }
__kernel void plain(__global int *o, __local int *t) { t[get_local_id(0)] = 1; barrier(CLK_LOCAL_MEM_FENCE); o[get_global_id(0)] = t[0] + get_local_size(0); }
__kernel __attribute__((work_group_size_hint(32, 1, 1))) void hint(__global int *o) { o[get_global_id(0)] = get_local_size(0); }
""").build()
wgi = cl.kernel_work_group_info
k = cl.Kernel(prg, "r16")
res["reqd"] = np.array(k.get_work_group_info(wgi.COMPILE_WORK_GROUP_SIZE, dev))
res["k_nargs"] = np.array([k.num_args, len(k.function_name)])
res["attrs"] = np.array(k.attributes)
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * 4096)
h = np.empty(4096, np.int32)
try:
    k(q, (4096,), None, o); cl.enqueue_copy(q, h, o); res["r16_none"] = h
except cl.Error as e:
    res["r16_none_e"] = np.array(f"{type(e).__name__}:{e.code}")
k(q, (4096,), (16,), o)
cl.enqueue_copy(q, h, o); res["r16_16"] = h
try:
    k(q, (4096,), (32,), o); q.finish(); res["r16_32"] = np.array("ok")
except cl.Error as e:
    res["r16_32"] = np.array(f"{type(e).__name__}:{e.code}")
kp = cl.Kernel(prg, "plain")
pref = kp.get_work_group_info(wgi.PREFERRED_WORK_GROUP_SIZE_MULTIPLE, dev)
wgs = kp.get_work_group_info(wgi.WORK_GROUP_SIZE, dev)
ls = int(min(wgs, 64))
kp(q, (4096,), (ls,), o, cl.LocalMemory(4 * ls))
cl.enqueue_copy(q, h, o); res["plain"] = h
kh = cl.Kernel(prg, "hint"); kh(q, (4096,), None, o)
cl.enqueue_copy(q, h, o); res["hint_none_uniform"] = np.array(len(set(h.tolist())) == 1)
res["pm_wgs"] = np.array([pref, wgs])
res["pv"] = np.array([dev.max_work_group_size, dev.local_mem_size, dev.max_work_item_dimensions] + list(dev.max_work_item_sizes))
np.savez(sys.argv[1], **res)
print("done", sorted(info.items()))
