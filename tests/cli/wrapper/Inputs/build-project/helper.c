#include "helper.h"

long square(long x) { return x * x; }
