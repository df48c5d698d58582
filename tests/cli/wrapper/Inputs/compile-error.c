// A C error in a file that the translator accepts: the compiler reports it.
int main(void) {
  int s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < 10; i++)
    s += i;
  return undeclared_variable;
}
