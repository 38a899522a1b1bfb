/*
 * LD_PRELOAD shim for the benchmark: records every SQL statement a process runs through the
 * system libsqlite3, with its bound values expanded, so the benchmark can replay exactly the
 * statements a calpager command ran in the sqlite3 CLI (the "floor").
 *
 *   cc -shared -fPIC -O2 -o sqltrace.so sqltrace.c -ldl
 *   CALPAGER_SQL_TRACE=out.trace LD_PRELOAD=./sqltrace.so calpager show
 *
 * Each statement is written followed by the record separator 0x1E. Statements run by triggers
 * come as "-- ..." comments; FTS5 runs its own statements on the 'main' schema. The benchmark
 * drops both: the sqlite3 CLI runs them itself when it replays the top-level statements.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

static FILE *trace_file;

static int on_trace(unsigned type, void *context, void *statement, void *text) {
  (void)context;
  if (type != SQLITE_TRACE_STMT || trace_file == NULL) return 0;
  const char *unexpanded = (const char *)text;
  if (unexpanded != NULL && unexpanded[0] == '-' && unexpanded[1] == '-') {
    fprintf(trace_file, "%s\x1e", unexpanded);
    return 0;
  }
  char *expanded = sqlite3_expanded_sql((sqlite3_stmt *)statement);
  fprintf(trace_file, "%s\x1e", expanded != NULL ? expanded : unexpanded);
  sqlite3_free(expanded);
  return 0;
}

int sqlite3_open_v2(const char *path, sqlite3 **database, int flags, const char *vfs) {
  static int (*real_open)(const char *, sqlite3 **, int, const char *);
  if (real_open == NULL) {
    real_open = (int (*)(const char *, sqlite3 **, int, const char *))dlsym(
        RTLD_NEXT, "sqlite3_open_v2");
  }
  int code = real_open(path, database, flags, vfs);
  if (trace_file == NULL) {
    const char *name = getenv("CALPAGER_SQL_TRACE");
    if (name != NULL) trace_file = fopen(name, "w");
  }
  if (*database != NULL && trace_file != NULL) {
    sqlite3_trace_v2(*database, SQLITE_TRACE_STMT, on_trace, NULL);
  }
  return code;
}
