#ifndef GALLEY_FILE_SYNC_H
#define GALLEY_FILE_SYNC_H

/* syncfs(2): flushes the whole file system holding `descriptor`. Glibc declares it only under
   _GNU_SOURCE, which Swift's Glibc module is not built with, so it is reached through here. */
int galley_syncfs(int descriptor);

#endif
