"""Writes clcount.c: an LD_PRELOAD library counting the OpenCL calls a process makes
(each forwarded to the ICD loader pyopencl loaded), with clEnqueueNDRangeKernel's
sizes and wait lists logged while its LOGND flag is set.  ``python clcount_gen.py
&& gcc -O2 -shared -fPIC -o libclcount.so clcount.c -ldl``."""
names = """clEnqueueNDRangeKernel clEnqueueReadBuffer clEnqueueWriteBuffer clEnqueueCopyBuffer
clEnqueueFillBuffer clEnqueueMapBuffer clEnqueueUnmapMemObject clEnqueueMarker clEnqueueMarkerWithWaitList
clEnqueueBarrierWithWaitList clEnqueueWaitForEvents clFinish clFlush clWaitForEvents clGetEventInfo
clGetEventProfilingInfo clCreateBuffer clReleaseMemObject clRetainMemObject clSetKernelArg clCreateKernel
clReleaseKernel clRetainKernel clReleaseEvent clRetainEvent clCreateUserEvent clSetUserEventStatus
clSetEventCallback clGetMemObjectInfo clGetKernelInfo clGetDeviceInfo clGetCommandQueueInfo clGetContextInfo
clGetKernelWorkGroupInfo clGetProgramInfo clCreateSubBuffer clEnqueueReadBufferRect clEnqueueCopyBufferRect
clEnqueueWriteBufferRect clEnqueueMigrateMemObjects clSVMAlloc clCloneKernel""".split()
out = ['#define _GNU_SOURCE', '#include <dlfcn.h>', '#include <stdint.h>', '#include <stdio.h>', '#include <link.h>', '#include <string.h>',
       'static void *H;',
       'static int cb(struct dl_phdr_info *info, size_t sz, void *d){ if(strstr(info->dlpi_name,"libOpenCL")){ *(void**)d = dlopen(info->dlpi_name, RTLD_NOLOAD|RTLD_LAZY); return 1;} return 0; }',
       'static void *sym(const char *n){ if(!H) dl_iterate_phdr(cb,&H); return H ? dlsym(H,n) : 0; }',
       'typedef uintptr_t U;', 'typedef U (*F)(U,U,U,U,U,U,U,U,U,U);',
       f'static const char *NAMES[{len(names)}] = {{' + ','.join(f'"{n}"' for n in names) + '};',
       f'static unsigned long COUNTS[{len(names)}];', f'static F REAL[{len(names)}];']
out.append('int LOGND;')
for i, n in enumerate(names):
    if n == 'clEnqueueNDRangeKernel':
        out.append(f'U {n}(U a,U b,U c,U d,U e,U f,U g,U h,U i,U j){{ if(!REAL[{i}]) REAL[{i}]=(F)sym("{n}"); '
                   f'__atomic_add_fetch(&COUNTS[{i}],1,__ATOMIC_RELAXED); if(LOGND){{ size_t *gs=(size_t*)e, *ls=(size_t*)f, *off=(size_t*)d; fprintf(stderr,"ND kern=%lx dim=%lu off=%lu g=%lu l=%lu nwait=%lu evt=%d\\n",(unsigned long)b,(unsigned long)c, off?off[0]:0, gs?gs[0]:0, ls?ls[0]:0,(unsigned long)g,(int)(i!=0)); }} return REAL[{i}](a,b,c,d,e,f,g,h,i,j); }}')
        continue
    out.append(f'U {n}(U a,U b,U c,U d,U e,U f,U g,U h,U i,U j){{ if(!REAL[{i}]) REAL[{i}]=(F)sym("{n}"); '
               f'__atomic_add_fetch(&COUNTS[{i}],1,__ATOMIC_RELAXED); return REAL[{i}](a,b,c,d,e,f,g,h,i,j); }}')
out.append(f'int clcount_n(void){{return {len(names)};}}')
out.append('const char *clcount_name(int k){return NAMES[k];}')
out.append('unsigned long clcount_get(int k){return COUNTS[k];}')
open('clcount.c', 'w').write('\n'.join(out) + '\n')
