// A file with no OpenMP construct is written back byte for byte: no header, no #line, nothing
// added.  Text that looks like a construct but is not one stays too: pragmas in comments, in
// strings, in #if 0, other pragmas; so do odd spacing, tabs, trailing spaces and a last line
// without a newline.
//
// RUN: %omp2numa %s -o %t.c
// RUN: diff %s %t.c
// RUN: %omp2numa %s -o - | diff %s -
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#include <string.h>

/* #pragma omp parallel for */
// #pragma omp parallel
static const char *text = "#pragma omp parallel for";

#if 0
#pragma omp parallel for schedule(fac3)
#pragma omp task
#endif

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

int     spaced  (  int   x  )	{ return x ; }   

#pragma GCC diagnostic pop

#define OMP_TEXT "omp parallel"

size_t length(void)
{
#ifdef NOT_DEFINED
  _Pragma("omp parallel")
#endif
  return strlen(text) + strlen(OMP_TEXT) + (size_t)spaced(0);
}
/* no newline at the end of the file */