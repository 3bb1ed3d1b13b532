# The same paths as benchmarks/gather_read.py, as sent inline to the 1xH100 machine
# (16-core Intel Xeon, PoCL 5.0 "cpu" device): that machine's working tree was a copy
# without benchmarks/gather_read.py, so the calls were given in the command itself.
# "mapped k thr" is what skmd.runtime.mapped_reads.read does (map READ, copies.copy on
# k threads, unmap); copies.copy there was the same as in this tree.
import time,statistics as S,numpy as np,pyopencl as cl
from skmd.runtime import copies
d=[p for p in cl.get_platforms() if 'Portable' in p.name][0].get_devices()[0]
c=cl.Context([d]);q=cl.CommandQueue(c)
print(d.name,copies.THREADS)
for mib in (64,24,256):
  n=mib<<20;src=np.random.default_rng(1).integers(0,256,n,dtype=np.uint8)
  b=cl.Buffer(c,cl.mem_flags.READ_WRITE,n);cl.enqueue_copy(q,b,src);dst=np.zeros(n,np.uint8);hs=src.copy()
  def rd():cl.enqueue_copy(q,dst,b)
  def mp(k):
    a,_=cl.enqueue_map_buffer(q,b,cl.map_flags.READ,0,(n,),np.uint8);copies.copy(dst,a,k);a.base.release(q).wait()
  P=[('driver read',rd)]+[(f'mapped {k} thr',lambda k=k:mp(k)) for k in (1,4,8,16)]+[(f'host copy {k} thr',lambda k=k:copies.copy(dst,hs,k)) for k in (1,8)]
  T={k:[] for k,_ in P};ok={}
  for k,f in P:
    dst[:]=0;f();ok[k]=dst.tobytes()==src.tobytes()
  for r in range(15):
    for k,f in P:
      t=time.perf_counter();f();T[k].append(time.perf_counter()-t)
  for k,_ in P:
    m=S.median(T[k]);print(f'{mib:4} {k:16} {m*1e3:8.3f} ms {n/m/1e9:6.2f} GB/s min {min(T[k])*1e3:.3f} max {max(T[k])*1e3:.3f} {ok[k]}')
