// A region in a header whose body names a by-reference variable through a macro's definition:
// the invocation is in the header, which omp2numa does not write out (macro-body-capture.c).
#define BUMP_TOTAL() (total += 1)

static inline int bump_total(void) {
  int total = 0;
#pragma omp parallel
  BUMP_TOTAL();
  return total;
}
