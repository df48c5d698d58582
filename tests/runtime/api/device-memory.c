// The device memory routines on a host-only runtime, with libgomp's answers on a machine without
// offload devices: the host (device omp_get_initial_device()) allocates, frees and copies plain
// host memory, every host pointer is present and accessible there and maps to itself; any other
// device number fails (NULL, 0, EINVAL); host pointers cannot be associated.  Rectangular copies
// of 1 to 3 dimensions with offsets, and the query of the supported dimensions.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t 2>&1 | FileCheck %s --allow-empty --implicit-check-not=omp2numa: --implicit-check-not=failed
#include "../Inputs/check.h"

#include <errno.h>
#include <limits.h>
#include <omp.h>
#include <string.h>

int main(void)
{
  const int host = omp_get_initial_device();
  const int nodev = omp_get_num_devices() + 1;

  // Allocation.
  int *a = omp_target_alloc(100 * sizeof *a, host);
  CHECK(a != NULL, "host allocation");
  CHECK(omp_target_alloc(16, nodev) == NULL && omp_target_alloc(16, -1) == NULL,
        "allocation on a device that does not exist");
  for (int i = 0; i < 100; i++)
    a[i] = i;

  // Presence, accessibility, mapping.
  CHECK(omp_target_is_present(a, host) == 1 && omp_target_is_present(NULL, nodev) == 1,
        "present on the host");
  CHECK(omp_target_is_present(a, nodev) == 0, "present on device %d", nodev);
  CHECK(omp_target_is_accessible(a, 100 * sizeof *a, host) == 1, "accessible on the host");
  CHECK(omp_target_is_accessible(a, 4, nodev) == 0, "accessible on device %d", nodev);
  CHECK(omp_get_mapped_ptr(a, host) == a && omp_get_mapped_ptr(a, nodev) == NULL, "mapped ptr");

  // Linear copies.
  int b[100] = {0};
  CHECK(omp_target_memcpy(b, a, 10 * sizeof *a, 5 * sizeof *b, 20 * sizeof *a, host, host) == 0,
        "copy");
  for (int i = 0; i < 100; i++)
    CHECK(b[i] == (i >= 5 && i < 15 ? i + 15 : 0), "b[%d] = %d", i, b[i]);
  CHECK(omp_target_memcpy(b, a, 4, 0, 0, nodev, host) == EINVAL &&
            omp_target_memcpy(b, a, 4, 0, 0, host, -1) == EINVAL,
        "copy from or to a device that does not exist");

  // Rectangular copies: the block [1..2] x [2..4] of a 4x5 array into a 3x6 array at (0, 1).
  int src[4][5], dst[3][6];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      src[i][j] = 10 * i + j;
  memset(dst, 0, sizeof dst);
  const size_t volume[2] = {2, 3}, dst_off[2] = {0, 1}, src_off[2] = {1, 2};
  const size_t dst_dims[2] = {3, 6}, src_dims[2] = {4, 5};
  CHECK(omp_target_memcpy_rect(dst, src, sizeof(int), 2, volume, dst_off, src_off, dst_dims,
                               src_dims, host, host) == 0,
        "2-d copy");
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 6; j++) {
      int want = i < 2 && j >= 1 && j < 4 ? 10 * (i + 1) + (j - 1 + 2) : 0;
      CHECK(dst[i][j] == want, "dst[%d][%d] = %d, expected %d", i, j, dst[i][j], want);
    }
  // 3 dimensions: a 2x2x2 cube out of a 3x3x3 one.
  int cube[3][3][3], small[2][2][2];
  for (int i = 0; i < 27; i++)
    (&cube[0][0][0])[i] = i;
  const size_t v3[3] = {2, 2, 2}, zero3[3] = {0, 0, 0}, one3[3] = {1, 1, 1};
  const size_t d3[3] = {2, 2, 2}, s3[3] = {3, 3, 3};
  CHECK(omp_target_memcpy_rect(small, cube, sizeof(int), 3, v3, zero3, one3, d3, s3, host,
                               host) == 0,
        "3-d copy");
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      for (int k = 0; k < 2; k++)
        CHECK(small[i][j][k] == cube[i + 1][j + 1][k + 1], "small[%d][%d][%d]", i, j, k);
  // 1 dimension.
  int line[4] = {0};
  const size_t v1[1] = {2}, o1[1] = {1}, o1s[1] = {50}, d1[1] = {4}, s1[1] = {100};
  CHECK(omp_target_memcpy_rect(line, a, sizeof(int), 1, v1, o1, o1s, d1, s1, host, host) == 0 &&
            line[0] == 0 && line[1] == 50 && line[2] == 51 && line[3] == 0,
        "1-d copy");
  CHECK(omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, host, host) ==
            INT_MAX,
        "supported dimensions");
  CHECK(omp_target_memcpy_rect(line, a, sizeof(int), 1, v1, o1, o1s, d1, s1, nodev, host) ==
            EINVAL,
        "rectangular copy to a device that does not exist");
  const size_t huge[1] = {(size_t)-1 / 2};
  CHECK(omp_target_memcpy_rect(line, a, sizeof(int), 1, huge, o1, o1s, d1, s1, host, host) ==
            EINVAL,
        "overflowing rectangular copy");

  // Associations: none on the host.
  CHECK(omp_target_associate_ptr(b, a, 16, 0, host) == EINVAL, "associate on the host");
  CHECK(omp_target_disassociate_ptr(b, host) == EINVAL, "disassociate on the host");

  omp_target_free(a, nodev); // frees nothing
  omp_target_free(a, host);
  omp_target_free(NULL, host);
  return atomic_load(&num_failed);
}
