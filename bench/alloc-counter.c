/* alloc-counter.c -- counts heap allocations of a process, for `make bench`'s portable figures.
 *
 * A measuring tool, not product code. scripts/bench builds it as a shared library and runs
 * galley-bench and the floor renderer with LD_PRELOAD pointing at it. It forwards every call to
 * the allocator that comes next in the lookup order (mimalloc for Galley's executables, glibc's
 * malloc for the floor) and counts the calls that hand out a block: malloc, calloc,
 * posix_memalign, aligned_alloc, memalign, valloc, and realloc with a NULL pointer. A realloc
 * that moves or grows a block is counted apart (`resizes`), free is not counted.
 *
 * galley-bench reads the running count through `galley_bench_allocations()` (looked up with
 * dlsym, so it works without this library too) to count per document and per phase. With
 * GALLEY_ALLOC_COUNT_FILE set, the process's totals are written to that file at exit
 * ("allocations N\nresizes M\n"), which is how the floor is measured: the difference between a
 * run of N1 and one of N2 documents, over N2 - N1.
 *
 * Build: gcc -O2 -shared -fPIC -o alloc-counter.so alloc-counter.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t allocations;
static uint64_t resizes;

static void *(*next_malloc)(size_t);
static void *(*next_calloc)(size_t, size_t);
static void *(*next_realloc)(void *, size_t);
static void (*next_free)(void *);
static int (*next_posix_memalign)(void **, size_t, size_t);
static void *(*next_aligned_alloc)(size_t, size_t);
static void *(*next_memalign)(size_t, size_t);
static void *(*next_valloc)(size_t);

/* dlsym may itself call calloc before the real one is known: serve that from a static arena. */
static char bootstrap[4096];
static size_t bootstrap_used;
static int resolving;

static void *bootstrap_alloc(size_t size) {
    size = (size + 15) & ~(size_t)15;
    if (bootstrap_used + size > sizeof bootstrap) return NULL;
    void *p = bootstrap + bootstrap_used;
    bootstrap_used += size;
    return p;
}

static int in_bootstrap(void *p) {
    return (char *)p >= bootstrap && (char *)p < bootstrap + sizeof bootstrap;
}

static void resolve(void) {
    if (next_malloc || resolving) return;
    resolving = 1;
    next_calloc = dlsym(RTLD_NEXT, "calloc");
    next_malloc = dlsym(RTLD_NEXT, "malloc");
    next_realloc = dlsym(RTLD_NEXT, "realloc");
    next_free = dlsym(RTLD_NEXT, "free");
    next_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
    next_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
    next_memalign = dlsym(RTLD_NEXT, "memalign");
    next_valloc = dlsym(RTLD_NEXT, "valloc");
    resolving = 0;
}

static void count(uint64_t *counter) { __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED); }

uint64_t galley_bench_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }
uint64_t galley_bench_resizes(void) { return __atomic_load_n(&resizes, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
    resolve();
    if (!next_malloc) return bootstrap_alloc(size);
    count(&allocations);
    return next_malloc(size);
}

void *calloc(size_t n, size_t size) {
    resolve();
    if (!next_calloc) return bootstrap_alloc(n * size); /* the arena is zeroed (static storage) */
    count(&allocations);
    return next_calloc(n, size);
}

void *realloc(void *p, size_t size) {
    resolve();
    if (in_bootstrap(p)) {
        void *q = malloc(size);
        size_t available = (size_t)(bootstrap + sizeof bootstrap - (char *)p);
        if (q) memcpy(q, p, size < available ? size : available);
        return q;
    }
    count(p ? &resizes : &allocations);
    return next_realloc(p, size);
}

void free(void *p) {
    if (!p || in_bootstrap(p)) return;
    resolve();
    next_free(p);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    resolve();
    count(&allocations);
    return next_posix_memalign(out, alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    resolve();
    count(&allocations);
    return next_aligned_alloc(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    resolve();
    count(&allocations);
    return next_memalign(alignment, size);
}

void *valloc(size_t size) {
    resolve();
    count(&allocations);
    return next_valloc(size);
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("GALLEY_ALLOC_COUNT_FILE");
    if (!path || !*path) return;
    FILE *f = fopen(path, "w");
    if (!f) return;
    fprintf(f, "allocations %llu\nresizes %llu\n", (unsigned long long)galley_bench_allocations(),
            (unsigned long long)galley_bench_resizes());
    fclose(f);
}
