#ifndef GALLEY_LAZY_LIBRARY_H
#define GALLEY_LAZY_LIBRARY_H
// C libraries loaded with dlopen when a document first needs them instead of linked, so that a cold `galley render`
// maps and relocates only the libraries every document uses (docs/architecture.md, "Start-up"): librsvg, libqpdf,
// libzint, giflib, libwebp, libtiff and libmicrohttpd.
//
// Each such library's C target lists the functions Galley calls in one X-macro, one entry a function:
//
//     #define GALLEY_QPDF_FUNCTIONS(F, V, S)
//         F(qpdf_data, qpdf_init, (void), ())            // returns a value: type, name, parameters, arguments
//         V(qpdf_cleanup, (qpdf_data * qpdf), (qpdf))   // returns nothing
//         S(MHD_start_daemon)                            // looked up only, for hand-written C in that target
//
// Its header declares a stub `galley_<name>` per F and V entry (GALLEY_LAZY_DECLARE), which the Swift wrapper calls
// in place of the real function; its C file defines the stubs and the load function `galley_<lib>_load`
// (GALLEY_LAZY_LIBRARY). One dlopen by soname and one dlsym per listed name fill the library's table the first time
// the load function runs; each stub calls through that table, and a static assertion checks each stub's type
// against the real function's declaration. Every wrapper calls the load function before any stub (in its
// initialiser) and turns a failure's message, which names the library, the Debian package and what is missing,
// into its typed error.
#include <stddef.h>

/// Opens the shared library `soname` (RTLD_NOW | RTLD_LOCAL) and looks up `count` `symbols` into `functions`.
/// Returns 1, or 0 with `message` saying what failed ("libfoo.so.1 cannot be loaded (dlerror's reason); install
/// the Debian package libfoo1"); a library found without one of the symbols is closed again.
int galley_lazy_open(const char *soname, const char *package, const char *const *symbols, void **functions,
                     size_t count, char *message, size_t capacity);

/// One lazily loaded library: what to open and look up, and whether that was done. Defined, one a C file, by
/// GALLEY_LAZY_LIBRARY.
typedef struct {
    const char *soname;
    /// The Debian package that installs `soname`.
    const char *package;
    const char *const *symbols;
    void **functions;
    size_t count;
    /// 0 not tried yet, 1 loaded, 2 failed; read and written atomically (acquire/release).
    int state;
    char message[192];
} galley_lazy_library;

/// Loads `library` once for the process (thread-safe); NULL when it is loaded, else why it is not (the same
/// message on every later call: a library that failed to load is not tried again).
const char *galley_lazy_load(galley_lazy_library *library);

/// Called by a stub of a library that is not loaded: loads it, and when that fails prints why and aborts. Not
/// reached: every wrapper calls its library's load function, and throws on failure, before any stub.
void galley_lazy_load_or_abort(galley_lazy_library *library);

static inline void galley_lazy_require(galley_lazy_library *library) {
    if (__atomic_load_n(&library->state, __ATOMIC_ACQUIRE) != 1) galley_lazy_load_or_abort(library);
}

// MARK: - Declaring and defining the stubs of a function list

#define GALLEY_LAZY_DECLARE(type, name, parameters, arguments) type galley_##name parameters;
#define GALLEY_LAZY_DECLARE_VOID(name, parameters, arguments) void galley_##name parameters;
#define GALLEY_LAZY_DECLARE_NONE(name)

#define GALLEY_LAZY_INDEX(type, name, parameters, arguments) galley_lazy_index_##name,
#define GALLEY_LAZY_INDEX_VOID(name, parameters, arguments) galley_lazy_index_##name,
#define GALLEY_LAZY_INDEX_SYMBOL(name) galley_lazy_index_##name,
#define GALLEY_LAZY_NAME(type, name, parameters, arguments) #name,
#define GALLEY_LAZY_NAME_VOID(name, parameters, arguments) #name,
#define GALLEY_LAZY_NAME_SYMBOL(name) #name,

/// The real function `name` of the library this C file defines, typed as its declaration (after
/// galley_lazy_require).
#define GALLEY_LAZY_FUNCTION(name) ((__typeof__(&name))galley_lazy_functions[galley_lazy_index_##name])

#define GALLEY_LAZY_SAME_TYPE(name)                                                                           \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&galley_##name), __typeof__(&name)),             \
                   "galley_" #name " is not declared as " #name " is");
#define GALLEY_LAZY_STUB(type, name, parameters, arguments)                                                   \
    GALLEY_LAZY_SAME_TYPE(name)                                                                             \
    type galley_##name parameters {                                                                         \
        galley_lazy_require(&galley_lazy_state);                                                            \
        return GALLEY_LAZY_FUNCTION(name) arguments;                                                        \
    }
#define GALLEY_LAZY_STUB_VOID(name, parameters, arguments)                                                    \
    GALLEY_LAZY_SAME_TYPE(name)                                                                             \
    void galley_##name parameters {                                                                         \
        galley_lazy_require(&galley_lazy_state);                                                            \
        GALLEY_LAZY_FUNCTION(name) arguments;                                                               \
    }

/// Defines, in one C file, the library `lib` over the function list `LIST`: its table, `const char
/// *galley_<lib>_load(void)` (declare it in the header) and the stubs. `soname` is what dlopen opens, `package`
/// the Debian package that installs it.
#define GALLEY_LAZY_LIBRARY(lib, soname, package, LIST)                                                       \
    enum { LIST(GALLEY_LAZY_INDEX, GALLEY_LAZY_INDEX_VOID, GALLEY_LAZY_INDEX_SYMBOL) galley_lazy_count };   \
    static const char *const galley_lazy_symbols[] = {                                                      \
        LIST(GALLEY_LAZY_NAME, GALLEY_LAZY_NAME_VOID, GALLEY_LAZY_NAME_SYMBOL)};                            \
    static void *galley_lazy_functions[galley_lazy_count];                                                  \
    static galley_lazy_library galley_lazy_state = {                                                        \
        soname, package, galley_lazy_symbols, galley_lazy_functions, galley_lazy_count, 0, ""};             \
    const char *galley_##lib##_load(void) { return galley_lazy_load(&galley_lazy_state); }                  \
    LIST(GALLEY_LAZY_STUB, GALLEY_LAZY_STUB_VOID, GALLEY_LAZY_DECLARE_NONE)

#endif
