// No OpenMP here: compiled as it is.
int from_c(void) { return 1; }
