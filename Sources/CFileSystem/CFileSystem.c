#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "CFileSystem.h"

int cfs_syncfs(int fd) { return syncfs(fd); }

int cfs_rename_noreplace(int directory, const char *from, const char *to) {
  return renameat2(directory, from, directory, to, RENAME_NOREPLACE);
}
