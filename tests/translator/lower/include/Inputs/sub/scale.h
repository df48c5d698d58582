/* Found through helpers.h's own directory: no construct, so it is not copied. */
#define SCALE 3
