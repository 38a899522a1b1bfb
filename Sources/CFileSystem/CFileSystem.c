#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "CFileSystem.h"

int cfs_syncfs(int fd) { return syncfs(fd); }

int cfs_rename_noreplace(int directory, const char *from, const char *to) {
  return renameat2(directory, from, directory, to, RENAME_NOREPLACE);
}

int cfs_rename_exchange(int directory, const char *from, const char *to) {
  return renameat2(directory, from, directory, to, RENAME_EXCHANGE);
}

int cfs_write_all(int fd, const void *bytes, size_t count) {
  const char *next = bytes;
  while (count > 0) {
    ssize_t written = write(fd, next, count);
    if (written < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    next += written;
    count -= (size_t)written;
  }
  return 0;
}
