#ifndef GALLEY_CRSVG_H
#define GALLEY_CRSVG_H
// librsvg 2.54 (parses SVG once; draws it into any cairo context). Errors come back as GError values, no setjmp and
// no varargs, so Swift calls it directly; GalleyRender's VectorImage is the only user. Loaded when a document first
// has an SVG image (dlopen, lazy_library.h): VectorImage calls galley_rsvg_load() first, then the galley_ stubs of
// the functions below (librsvg's, and GLib's, GObject's and GIO's, found through librsvg's dependencies).
//
// librsvg's headers need the include folders of GLib, gdk-pixbuf and cairo, which only its pkg-config package names,
// and that package would link the library too (what loading it on first use avoids). So this header declares the
// part of the API Galley uses itself: the public types and layouts of librsvg 2.54 and GLib 2.74, and the
// functions' prototypes as their headers spell them. RsvgRealHeaderTests (GalleyRenderTests) compiles
// rsvg_functions.c with GALLEY_RSVG_REAL_HEADERS and `pkg-config --cflags librsvg-2.0`, where the real headers
// declare the types and every declaration and size below must agree with them.
#include <stddef.h>
#include <stdint.h>

#include <lazy_library.h>

#ifdef GALLEY_RSVG_REAL_HEADERS
#include <librsvg/rsvg.h>
#else
typedef int gboolean;
typedef double gdouble;
typedef void *gpointer;
typedef const void *gconstpointer;
typedef unsigned long gsize;
typedef signed long gssize;
typedef void (*GDestroyNotify)(gpointer data);

typedef struct _GError GError;
struct _GError {
    uint32_t domain;
    int code;
    char *message;
};

typedef struct _GObject GObject;
struct _GObject {
    void *g_type_instance;
    unsigned int ref_count;
    void *qdata;
};
typedef struct _GInputStream GInputStream;
struct _GInputStream {
    GObject parent_instance;
    void *priv;
};
typedef struct _GFile GFile;
typedef struct _GCancellable GCancellable;

typedef struct _RsvgHandle RsvgHandle;
struct _RsvgHandle {
    GObject parent;
    gpointer _abi_padding[16];
};
typedef struct _RsvgRectangle RsvgRectangle;
struct _RsvgRectangle {
    double x;
    double y;
    double width;
    double height;
};
typedef enum {
    RSVG_UNIT_PERCENT,
    RSVG_UNIT_PX,
    RSVG_UNIT_EM,
    RSVG_UNIT_EX,
    RSVG_UNIT_IN,
    RSVG_UNIT_CM,
    RSVG_UNIT_MM,
    RSVG_UNIT_PT,
    RSVG_UNIT_PC
} RsvgUnit;
typedef struct {
    double length;
    RsvgUnit unit;
} RsvgLength;
typedef enum {
    RSVG_HANDLE_FLAGS_NONE = 0,
    RSVG_HANDLE_FLAG_UNLIMITED = 1 << 0,
    RSVG_HANDLE_FLAG_KEEP_IMAGE_DATA = 1 << 1
} RsvgHandleFlags;
#endif

// The layouts the declarations above give, which the real headers must give too: each field Swift reads or writes
// at its offset with its type, and the sizes of the types Swift only points to.
#define GALLEY_RSVG_FIELD(type, field, offset, field_type)                                                     \
    (offsetof(type, field) == (offset) && __builtin_types_compatible_p(__typeof__(((type *)0)->field), field_type))
_Static_assert(GALLEY_RSVG_FIELD(GError, domain, 0, uint32_t) && GALLEY_RSVG_FIELD(GError, code, 4, int)
                   && GALLEY_RSVG_FIELD(GError, message, 8, char *) && sizeof(GError) == 16,
               "GError's layout");
_Static_assert(GALLEY_RSVG_FIELD(RsvgRectangle, x, 0, double) && GALLEY_RSVG_FIELD(RsvgRectangle, y, 8, double)
                   && GALLEY_RSVG_FIELD(RsvgRectangle, width, 16, double)
                   && GALLEY_RSVG_FIELD(RsvgRectangle, height, 24, double) && sizeof(RsvgRectangle) == 32,
               "RsvgRectangle's layout");
_Static_assert(sizeof(GObject) == 24 && sizeof(GInputStream) == 32 && sizeof(RsvgHandle) == 24 + 16 * sizeof(void *)
                   && sizeof(RsvgLength) == 16,
               "GObject's, GInputStream's, RsvgHandle's and RsvgLength's sizes");
_Static_assert(RSVG_HANDLE_FLAGS_NONE == 0 && sizeof(RsvgHandleFlags) == sizeof(int), "RsvgHandleFlags");
_Static_assert(__builtin_types_compatible_p(gboolean, int) && __builtin_types_compatible_p(gsize, unsigned long)
                   && __builtin_types_compatible_p(gssize, long) && __builtin_types_compatible_p(gdouble, double),
               "GLib's scalar types");

// cairo's context, as cairo.h declares it (cairo_t).
struct _cairo;

// The real functions, as their headers declare them: only their types are used (by the static assertions of
// rsvg_functions.c), never their names, which the executable does not link.
RsvgHandle *rsvg_handle_new_from_stream_sync(GInputStream *input_stream, GFile *base_file, RsvgHandleFlags flags,
                                             GCancellable *cancellable, GError **error);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *out_width, gdouble *out_height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width,
                                          gboolean *out_has_height, RsvgLength *out_height,
                                          gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
gboolean rsvg_handle_render_document(RsvgHandle *handle, struct _cairo *cr, const RsvgRectangle *viewport,
                                     GError **error);
gpointer g_memdup2(gconstpointer mem, gsize byte_size);
void g_free(gpointer mem);
void g_error_free(GError *error);
void g_object_unref(gpointer object);
GInputStream *g_memory_input_stream_new_from_data(const void *data, gssize len, GDestroyNotify destroy);
GFile *g_file_new_for_path(const char *path);

#define GALLEY_RSVG_FUNCTIONS(F, V, S)                                                                         \
    F(RsvgHandle *, rsvg_handle_new_from_stream_sync,                                                       \
      (GInputStream * input_stream, GFile *base_file, RsvgHandleFlags flags, GCancellable *cancellable,     \
       GError **error),                                                                                     \
      (input_stream, base_file, flags, cancellable, error))                                                 \
    V(rsvg_handle_set_dpi, (RsvgHandle * handle, double dpi), (handle, dpi))                                \
    F(gboolean, rsvg_handle_get_intrinsic_size_in_pixels,                                                   \
      (RsvgHandle * handle, gdouble *out_width, gdouble *out_height), (handle, out_width, out_height))      \
    V(rsvg_handle_get_intrinsic_dimensions,                                                                 \
      (RsvgHandle * handle, gboolean *out_has_width, RsvgLength *out_width, gboolean *out_has_height,       \
       RsvgLength *out_height, gboolean *out_has_viewbox, RsvgRectangle *out_viewbox),                      \
      (handle, out_has_width, out_width, out_has_height, out_height, out_has_viewbox, out_viewbox))         \
    F(gboolean, rsvg_handle_render_document,                                                                \
      (RsvgHandle * handle, struct _cairo * cr, const RsvgRectangle *viewport, GError **error),             \
      (handle, cr, viewport, error))                                                                        \
    F(gpointer, g_memdup2, (gconstpointer mem, gsize byte_size), (mem, byte_size))                          \
    V(g_free, (gpointer mem), (mem))                                                                        \
    V(g_error_free, (GError * error), (error))                                                              \
    V(g_object_unref, (gpointer object), (object))                                                          \
    F(GInputStream *, g_memory_input_stream_new_from_data,                                                  \
      (const void *data, gssize len, GDestroyNotify destroy), (data, len, destroy))                         \
    F(GFile *, g_file_new_for_path, (const char *path), (path))

GALLEY_RSVG_FUNCTIONS(GALLEY_LAZY_DECLARE, GALLEY_LAZY_DECLARE_VOID, GALLEY_LAZY_DECLARE_NONE)

/// Loads librsvg (once; thread-safe): NULL when it is loaded, else why not (see lazy_library.h).
const char *galley_rsvg_load(void);

/// The GError's message (a function, because Swift sees `GError` through a typedef'd struct pointer).
static inline const char *galley_rsvg_error_message(const GError *error) {
    return error && error->message ? error->message : "unknown librsvg error";
}
#endif
