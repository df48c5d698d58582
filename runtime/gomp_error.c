/*
 * gomp_error.c -- GOMP_error and GOMP_warning: the error directive of gcc-compiled code
 * (at(execution)).  The message has msglen bytes, or ends with a NUL when msglen is (size_t)-1;
 * gcc has no location to pass.  The texts are error.c's for translated code.
 */
#include "gomp.h"

#include <limits.h>

/* The printf precision that prints the message. */
static int message_len(size_t msglen)
{
  return msglen > INT_MAX ? INT_MAX : (int)msglen;
}

O2N_ABI void GOMP_error(const char *msg, size_t msglen)
{
  if (!msg)
    o2n_fatal("fatal error: error directive encountered");
  o2n_fatal("fatal error: error directive encountered: %.*s", message_len(msglen), msg);
}

O2N_ABI void GOMP_warning(const char *msg, size_t msglen)
{
  if (!msg)
    o2n_warn("error directive encountered");
  else
    o2n_warn("error directive encountered: %.*s", message_len(msglen), msg);
}
