import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.algorithm as algo
from pyopencl.bitonic_sort import BitonicSort
from pyopencl.tools import VectorArg

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
rng = np.random.default_rng(505)
# bitonic sort: power-of-two sizes, keys only and with index
bs = BitonicSort(ctx)
for m in [1024, 65536]:
    k = cla.to_device(q, rng.integers(0, 1 << 30, m).astype(np.int32))
    sk, ev = bs(k, axis=0)
    res[f"bitonic_{m}"] = sk.get()
kf = cla.to_device(q, rng.standard_normal(16384).astype(np.float32))
idx = cla.arange(q, 16384, dtype=np.int32)
sk, ev = bs(kf, idx=idx, axis=0)
ev.wait()
res["bitonic_f"] = sk.get(); res["bitonic_idx"] = idx.get()
# radix sort with two payload arrays, 32 key bits
n = 100003
keys = cla.to_device(q, rng.integers(0, 1 << 31, n).astype(np.uint32))
vals = cla.to_device(q, rng.standard_normal(n).astype(np.float64))
rs = algo.RadixSort(ctx, "unsigned int *keys, double *vals", key_expr="keys[i]", sort_arg_names=["keys", "vals"], key_dtype=np.uint32)
(sk, sv), ev = rs(keys, vals, key_bits=32)
res["radix_k"] = sk.get(); res["radix_v"] = sv.get()
# key from expression (sort by low 8 bits, stable)
rs2 = algo.RadixSort(ctx, "int *a", key_expr="a[i] & 255", sort_arg_names=["a"])
a = cla.to_device(q, rng.integers(0, 1 << 20, 50001).astype(np.int32))
(sa,), _ = rs2(a, key_bits=8)
res["radix_low8"] = sa.get()
# list of lists: each i emits (i % 7) items
lb = algo.ListOfListsBuilder(ctx, [("mylist", np.int32)], """//CL//
    void generate(LIST_ARG_DECL USER_ARG_DECL index_type i)
    {
        for (int j = 0; j < i % 7; ++j)
            APPEND_mylist(i * 10 + j);
    }""", arg_decls=[])
result, evt = lb(q, 20011)
lst = result["mylist"]
res["lol_starts"] = lst.starts.get(); res["lol_items"] = lst.lists.get(); res["lol_count"] = np.array(lst.count)
# with an input array and eliminate_empty_output_lists
lb2 = algo.ListOfListsBuilder(ctx, [("evens", np.int32), ("odds", np.float32)], """//CL//
    void generate(LIST_ARG_DECL USER_ARG_DECL index_type i)
    {
        int v = data[i];
        if (v % 2 == 0) { APPEND_evens(v); } else { APPEND_odds(v * 0.5f); APPEND_odds(v * 0.25f); }
    }""", arg_decls=[VectorArg(np.int32, "data")], eliminate_empty_output_lists=["evens"])
d = cla.to_device(q, rng.integers(0, 1000, 30007).astype(np.int32))
r2, _ = lb2(q, 30007, d)
for nm in ["evens", "odds"]:
    res[f"lol2_{nm}_items"] = r2[nm].lists.get(); res[f"lol2_{nm}_starts"] = r2[nm].starts.get()
    if r2[nm].nonempty_indices is not None:
        res[f"lol2_{nm}_nonempty"] = r2[nm].nonempty_indices.get()
# unique on strings of sorted ints; partition of floats
u, cu, _ = algo.unique(cla.to_device(q, np.repeat(np.arange(5000, dtype=np.int64), rng.integers(1, 4, 5000))))
res["unique64"] = u[:cu.get()].get()
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
