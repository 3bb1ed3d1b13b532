/* grid helpers shared by the kernels of v39_included_header.py */
#ifndef V39_GRID_H
#define V39_GRID_H
inline int gx(void) { return (int)get_global_id(0); }
inline int gy(void) { return (int)get_global_id(1); }
inline int flat(int x, int y, int w) { return y * w + x; }
inline float smooth(float a, float b) { return 0.5f * (a + b); }
inline void bump(__global int *c) { atomic_inc(c); }
#endif
