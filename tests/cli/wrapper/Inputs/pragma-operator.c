#define PARALLEL_SUM_N _Pragma("omp parallel reduction(+:n)")

int main(void) {
  int n = 0;
  PARALLEL_SUM_N
  n += 1;
  return n < 1;
}
