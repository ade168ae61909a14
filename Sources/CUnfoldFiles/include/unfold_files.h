/*
 * unfold_files.h: the one file-system call Swift's C modules do not expose.
 *
 * unfold_exchange swaps two paths in one atomic step (Linux renameat2 with
 * RENAME_EXCHANGE, macOS renamex_np with RENAME_SWAP): a reader sees either
 * the old folder or the new one under a name, never neither. Both paths
 * must exist and be on one file system. Returns 0, or -1 with errno set
 * (EINVAL or ENOTSUP/ENOSYS where the file system cannot exchange).
 */
#ifndef UNFOLD_FILES_H
#define UNFOLD_FILES_H

#ifdef __cplusplus
extern "C" {
#endif

int unfold_exchange(const char *a, const char *b);

#ifdef __cplusplus
}
#endif

#endif
