int main(void) {
  int s = 0;
#pragma omp parallel for schedule(fac3) reduction(+:s)
  for (int i = 0; i < 10; i++)
    s += i;
  return s != 45;
}
