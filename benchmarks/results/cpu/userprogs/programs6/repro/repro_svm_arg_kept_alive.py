# An SVM pointer passed to a kernel is kept alive by skmd's decision cache:
# after the program deletes its arrays, the SVM pool still counts them active;
# they are freed only at interpreter shutdown, where PoCL/pyopencl then crash (SIGSEGV).
# plain: "active 0 held 2" / "active 0 held 0", rc 0
# SKMD_POLICY=even SKMD_BACKGROUND=0 python -m skmd run: "active 2 held 0" twice, rc 139 (most runs)
import gc
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as clt

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
svmpool = clt.SVMPool(clt.SVMAllocator(ctx, alignment=0, queue=q))
xs = cla.to_device(q, np.arange(300000, dtype=np.float32), allocator=svmpool)
ys = xs * 3
print(ys.get()[:4])
del xs, ys
gc.collect()
print("active", svmpool.active_blocks, "held", svmpool.held_blocks)
svmpool.free_held()
print("active", svmpool.active_blocks, "held", svmpool.held_blocks)
