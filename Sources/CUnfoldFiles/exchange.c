/* unfold_exchange: see include/unfold_files.h. */
#define _GNU_SOURCE
#include "unfold_files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__APPLE__)
int unfold_exchange(const char *a, const char *b) { return renamex_np(a, b, RENAME_SWAP); }
#elif defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
int unfold_exchange(const char *a, const char *b) {
    /* The system call, not glibc's wrapper (glibc before 2.28 has none). */
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}
#else
int unfold_exchange(const char *a, const char *b) {
    (void)a;
    (void)b;
    errno = ENOSYS;
    return -1;
}
#endif
