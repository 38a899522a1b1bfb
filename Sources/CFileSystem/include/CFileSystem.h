// The few Linux file-system calls the sync needs that Swift's Glibc module does not show
// (they are declared only under _GNU_SOURCE, and syscall(2) is variadic), and the one loop
// that writes a buffer whole, shared by the command line's output and the vdir's files.
#ifndef CFILESYSTEM_H
#define CFILESYSTEM_H

/// syncfs(2): writes the file system holding `fd` to disk. 0, or -1 with errno set.
int cfs_syncfs(int fd);

/// renameat2(2) with RENAME_NOREPLACE: renames `from` to `to` (both relative to `directory`)
/// only when `to` does not exist. 0, or -1 with errno set (EEXIST when `to` exists; EINVAL or
/// ENOSYS when the file system cannot do it).
int cfs_rename_noreplace(int directory, const char *from, const char *to);

/// renameat2(2) with RENAME_EXCHANGE: swaps `from` and `to` (both relative to `directory`)
/// atomically; both must exist. 0, or -1 with errno set (ENOENT when one is missing; EINVAL
/// or ENOSYS when the file system or kernel cannot do it).
int cfs_rename_exchange(int directory, const char *from, const char *to);

#include <stddef.h>

/// write(2) until all `count` bytes of `bytes` are written, retrying short writes and EINTR.
/// 0, or -1 with errno set by the write that failed.
int cfs_write_all(int fd, const void *bytes, size_t count);

#endif
