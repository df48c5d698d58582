/* The header of the stand-in MPI wrappers (fake-mpi/mpicc): only they put its directory on the
   include path, so a translation that finds it got the wrapper's flags. */
#ifndef FAKE_MPI_H
#define FAKE_MPI_H
#ifndef FAKE_MPI
#error "FAKE_MPI is defined by the wrapper's flags"
#endif
static inline int fake_mpi_weight(int i)
{
  return i * FAKE_MPI;
}
#endif
