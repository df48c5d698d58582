int main() {
#pragma omp parallel
  {}
  return 0;
}
