/*
 * The floor of a first sync for the benchmark: writes the files of a vdir as plainly as C
 * can, to the same disk, with no fsync: for each file, open a temporary name in the folder,
 * write, close, rename over the final name (the atomic write calpager does, without its
 * reading of the database and its one syncfs).
 *
 *   cc -O2 -o vdirwrite vdirwrite.c
 *   vdirwrite PACK DIR [--syncfs]
 *
 * PACK holds the files, each as its name, a newline, its size in decimal, a newline and its
 * bytes (the benchmark packs the vdir a first sync wrote). DIR is created (0700) if missing;
 * the files are written 0600 as DIR/NAME through DIR/.NAME.tmp. The whole pack is read into
 * memory first, as calpager reads its notes from its database, then the loop runs. With
 * --syncfs, one syncfs(2) of DIR's filesystem ends it: the one flush calpager's sync makes
 * before its database records the files (on a shared disk it also waits for other
 * programs' dirty data, as calpager's does).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void fail(const char *what, const char *path) {
  fprintf(stderr, "vdirwrite: %s %s: %s\n", what, path, strerror(errno));
  exit(1);
}

/* Reads the whole file at `path`; sets *size. */
static char *read_all(const char *path, size_t *size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail("open", path);
  struct stat info;
  if (fstat(fd, &info) != 0) fail("stat", path);
  char *data = malloc((size_t)info.st_size + 1);
  if (data == NULL) fail("malloc", path);
  size_t done = 0;
  while (done < (size_t)info.st_size) {
    ssize_t got = read(fd, data + done, (size_t)info.st_size - done);
    if (got <= 0) fail("read", path);
    done += (size_t)got;
  }
  close(fd);
  *size = done;
  return data;
}

int main(int argc, char **argv) {
  int flush = argc == 4 && strcmp(argv[3], "--syncfs") == 0;
  if (argc != 3 && !flush) {
    fprintf(stderr, "usage: vdirwrite PACK DIR [--syncfs]\n");
    return 2;
  }
  size_t size;
  char *pack = read_all(argv[1], &size);
  const char *dir = argv[2];
  if (mkdir(dir, 0700) != 0 && errno != EEXIST) fail("mkdir", dir);
  char final_path[4096], temporary_path[4096];
  size_t files = 0;
  char *cursor = pack, *end = pack + size;
  while (cursor < end) {
    char *name_end = memchr(cursor, '\n', (size_t)(end - cursor));
    if (name_end == NULL) break;
    *name_end = '\0';
    char *length_end;
    size_t length = strtoull(name_end + 1, &length_end, 10);
    char *bytes = length_end + 1;
    if (*length_end != '\n' || bytes + length > end) {
      fprintf(stderr, "vdirwrite: a malformed pack at file %zu\n", files + 1);
      return 1;
    }
    snprintf(final_path, sizeof final_path, "%s/%s", dir, cursor);
    snprintf(temporary_path, sizeof temporary_path, "%s/.%s.tmp", dir, cursor);
    int fd = open(temporary_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) fail("open", temporary_path);
    size_t written = 0;
    while (written < length) {
      ssize_t put = write(fd, bytes + written, length - written);
      if (put < 0) fail("write", temporary_path);
      written += (size_t)put;
    }
    if (close(fd) != 0) fail("close", temporary_path);
    if (rename(temporary_path, final_path) != 0) fail("rename", final_path);
    files++;
    cursor = bytes + length;
  }
  free(pack);
  if (flush) {
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || syncfs(fd) != 0) fail("syncfs", dir);
    close(fd);
  }
  printf("%zu files\n", files);
  return 0;
}
