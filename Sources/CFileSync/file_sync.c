#define _GNU_SOURCE
#include <unistd.h>

#include "file_sync.h"

int galley_syncfs(int descriptor) { return syncfs(descriptor); }
