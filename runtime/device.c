/*
 * device.c -- the host as the only device: device numbers, default-device-var, and the device
 * memory routines (omp_target_*), which work on the host's memory with the host's device number,
 * as GCC's libgomp does on a machine without offload devices.
 *
 * The host is numbered omp_get_num_devices(), that is 0.  Another number names no device: the
 * routines fail as OpenMP says they fail for it (NULL, 0, EINVAL), without a warning, because a
 * program may ask on purpose.
 */
#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------- */
/* Device numbers                                                                              */
/* ------------------------------------------------------------------------------------------- */

O2N_API int omp_get_num_devices(void)
{
  return 0;
}

O2N_API int omp_get_initial_device(void)
{
  return omp_get_num_devices();
}

O2N_API int omp_get_device_num(void)
{
  return omp_get_initial_device();
}

O2N_API int omp_is_initial_device(void)
{
  return 1;
}

O2N_API void omp_set_default_device(int device_num)
{
  struct o2n_thread *self = o2n_self();
  if (device_num < 0) {
    o2n_warn("omp_set_default_device(%d): the device number must not be negative; keeping %d",
             device_num, self->icv.default_device);
    return;
  }
  o2n_icv_will_change(self);
  self->icv.default_device = device_num;
}

O2N_API int omp_get_default_device(void)
{
  return o2n_self()->icv.default_device;
}

/* ------------------------------------------------------------------------------------------- */
/* Device memory                                                                               */
/* ------------------------------------------------------------------------------------------- */

static bool is_host(int device_num)
{
  return device_num == omp_get_initial_device();
}

O2N_API void *omp_target_alloc(size_t size, int device_num)
{
  return is_host(device_num) ? malloc(size) : NULL;
}

O2N_API void omp_target_free(void *device_ptr, int device_num)
{
  if (is_host(device_num))
    free(device_ptr);
}

O2N_API int omp_target_is_present(const void *ptr, int device_num)
{
  return ptr == NULL || is_host(device_num);
}

O2N_API int omp_target_is_accessible(const void *ptr, size_t size, int device_num)
{
  (void)ptr, (void)size;
  return is_host(device_num);
}

O2N_API void *omp_get_mapped_ptr(const void *ptr, int device_num)
{
  return is_host(device_num) ? (void *)ptr : NULL;
}

O2N_API int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                              size_t src_offset, int dst_device_num, int src_device_num)
{
  if (!is_host(dst_device_num) || !is_host(src_device_num))
    return EINVAL;
  memmove((char *)dst + dst_offset, (const char *)src + src_offset, length);
  return 0;
}

/* Copies a num_dims-dimensional block of volume[0] x ... elements between arrays of the given
   dimensions, starting at the given offsets (in elements, per dimension).  Returns 0, or EINVAL
   when a size overflows. */
static int copy_rect(char *dst, const char *src, size_t element_size, int num_dims,
                     const size_t *volume, const size_t *dst_offsets, const size_t *src_offsets,
                     const size_t *dst_dimensions, const size_t *src_dimensions)
{
  if (num_dims == 1) {
    size_t length, dst_off, src_off;
    if (__builtin_mul_overflow(element_size, volume[0], &length) ||
        __builtin_mul_overflow(element_size, dst_offsets[0], &dst_off) ||
        __builtin_mul_overflow(element_size, src_offsets[0], &src_off))
      return EINVAL;
    memmove(dst + dst_off, src + src_off, length);
    return 0;
  }
  /* The bytes of one row of the outermost dimension, in each array. */
  size_t dst_row = element_size, src_row = element_size, dst_off, src_off;
  for (int i = 1; i < num_dims; i++)
    if (__builtin_mul_overflow(dst_row, dst_dimensions[i], &dst_row) ||
        __builtin_mul_overflow(src_row, src_dimensions[i], &src_row))
      return EINVAL;
  if (__builtin_mul_overflow(dst_row, dst_offsets[0], &dst_off) ||
      __builtin_mul_overflow(src_row, src_offsets[0], &src_off))
    return EINVAL;
  for (size_t j = 0; j < volume[0]; j++, dst_off += dst_row, src_off += src_row) {
    int err = copy_rect(dst + dst_off, src + src_off, element_size, num_dims - 1, volume + 1,
                        dst_offsets + 1, src_offsets + 1, dst_dimensions + 1,
                        src_dimensions + 1);
    if (err)
      return err;
  }
  return 0;
}

O2N_API int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size,
                                   int num_dims, const size_t *volume, const size_t *dst_offsets,
                                   const size_t *src_offsets, const size_t *dst_dimensions,
                                   const size_t *src_dimensions, int dst_device_num,
                                   int src_device_num)
{
  /* Both NULL: the caller asks how many dimensions are supported.  Any number. */
  if (!dst && !src)
    return INT_MAX;
  if (!is_host(dst_device_num) || !is_host(src_device_num) || num_dims < 1)
    return EINVAL;
  return copy_rect(dst, src, element_size, num_dims, volume, dst_offsets, src_offsets,
                   dst_dimensions, src_dimensions);
}

/* Host memory needs no device copy: there is nothing to associate a host pointer with. */
O2N_API int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                                     size_t device_offset, int device_num)
{
  (void)host_ptr, (void)device_ptr, (void)size, (void)device_offset, (void)device_num;
  return EINVAL;
}

O2N_API int omp_target_disassociate_ptr(const void *ptr, int device_num)
{
  (void)ptr, (void)device_num;
  return EINVAL;
}
