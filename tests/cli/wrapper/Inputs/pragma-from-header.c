#include "pragma-macro.h"

int main(void) {
  PARALLEL
  { }
  return 0;
}
