// dlopen and dlsym for the lazily loaded libraries (include/lazy_library.h). A library is loaded at most once a
// process, under one mutex for all of them (loading is rare: once a library); stubs read the loaded state without it.
#include "lazy_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int galley_lazy_open(const char *soname, const char *package, const char *const *symbols, void **functions,
                     size_t count, char *message, size_t capacity) {
    // RTLD_NOW: a library that cannot resolve its own dependencies fails here, not half-way through a document.
    // RTLD_LOCAL: its symbols stay out of the global scope, so nothing else binds to them by accident.
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(message, capacity, "%s cannot be loaded (%s); install the Debian package %s", soname,
                 reason ? reason : "unknown reason", package);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        dlerror();
        functions[i] = dlsym(handle, symbols[i]);
        if (!functions[i]) {
            snprintf(message, capacity, "%s has no function %s: install the Debian package %s of the version Galley "
                     "was built with", soname, symbols[i], package);
            dlclose(handle);
            return 0;
        }
    }
    return 1;
}

static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

const char *galley_lazy_load(galley_lazy_library *library) {
    int state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
    if (state == 0) {
        pthread_mutex_lock(&loading);
        state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
        if (state == 0) {
            int loaded = galley_lazy_open(library->soname, library->package, library->symbols, library->functions,
                                          library->count, library->message, sizeof library->message);
            state = loaded ? 1 : 2;
            // Release: a thread that reads 1 also sees the filled table (and one that reads 2, the message).
            __atomic_store_n(&library->state, state, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&loading);
    }
    return state == 1 ? NULL : library->message;
}

void galley_lazy_load_or_abort(galley_lazy_library *library) {
    const char *failure = galley_lazy_load(library);
    if (failure) {
        fprintf(stderr, "galley: %s\n", failure);
        abort();
    }
}
