/* Found only through -I .../Inputs/include. */
#define HEADER_CHUNK 7
