/* A system header (found through -isystem): its pragmas are the system's, never translated. */
static inline void sys_fill(int n, int *a)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
}
