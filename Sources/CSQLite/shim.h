#ifndef CALPAGER_CSQLITE_SHIM_H
#define CALPAGER_CSQLITE_SHIM_H

#include <sqlite3.h>

#endif
