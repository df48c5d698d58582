// A unity-build source: the constructs are in the .c file it includes, none in its own text.
#include "parallel-for.c"
