#ifndef GALLEY_CQPDF_H
#define GALLEY_CQPDF_H
// libqpdf's C API (Debian libqpdf-dev): read a PDF, add and rewrite objects, write it back, optionally encrypted.
// Wrapped once, by GalleyRender's QPDFDocument. Loaded when a document first needs PDF post-processing (dlopen,
// lazy_library.h): QPDFDocument calls galley_qpdf_load() first, then the galley_ stubs of the functions below.
#include <qpdf/qpdf-c.h>

#include <lazy_library.h>

#define GALLEY_QPDF_FUNCTIONS(F, V, S)                                                                         \
    F(qpdf_data, qpdf_init, (void), ())                                                                     \
    V(qpdf_cleanup, (qpdf_data * qpdf), (qpdf))                                                             \
    V(qpdf_silence_errors, (qpdf_data qpdf), (qpdf))                                                        \
    V(qpdf_set_suppress_warnings, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value))                         \
    F(char const *, qpdf_get_qpdf_version, (void), ())                                                      \
    F(QPDF_ERROR_CODE, qpdf_read_memory,                                                                    \
      (qpdf_data qpdf, char const *description, char const *buffer, unsigned long long size,                \
       char const *password),                                                                               \
      (qpdf, description, buffer, size, password))                                                          \
    F(QPDF_BOOL, qpdf_has_error, (qpdf_data qpdf), (qpdf))                                                  \
    F(qpdf_error, qpdf_get_error, (qpdf_data qpdf), (qpdf))                                                 \
    F(char const *, qpdf_get_error_full_text, (qpdf_data q, qpdf_error e), (q, e))                          \
    F(qpdf_oh, qpdf_get_trailer, (qpdf_data qpdf), (qpdf))                                                  \
    F(qpdf_oh, qpdf_get_root, (qpdf_data qpdf), (qpdf))                                                     \
    F(int, qpdf_get_num_pages, (qpdf_data qpdf), (qpdf))                                                    \
    F(qpdf_oh, qpdf_get_page_n, (qpdf_data qpdf, size_t zero_based_index), (qpdf, zero_based_index))        \
    F(qpdf_oh, qpdf_get_object_by_id, (qpdf_data qpdf, int objid, int generation), (qpdf, objid, generation)) \
    F(qpdf_oh, qpdf_make_indirect_object, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                         \
    F(QPDF_BOOL, qpdf_oh_has_key, (qpdf_data qpdf, qpdf_oh oh, char const *key), (qpdf, oh, key))           \
    F(qpdf_oh, qpdf_oh_get_key, (qpdf_data qpdf, qpdf_oh oh, char const *key), (qpdf, oh, key))             \
    F(QPDF_BOOL, qpdf_oh_is_null, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                                 \
    F(QPDF_BOOL, qpdf_oh_is_dictionary, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                           \
    F(QPDF_BOOL, qpdf_oh_is_stream, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                               \
    F(QPDF_BOOL, qpdf_oh_is_array, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                                \
    F(QPDF_BOOL, qpdf_oh_is_name, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                                 \
    F(QPDF_BOOL, qpdf_oh_is_string, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                               \
    F(QPDF_BOOL, qpdf_oh_is_integer, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                              \
    F(char const *, qpdf_oh_get_name, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                             \
    F(char const *, qpdf_oh_get_utf8_value, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                       \
    F(long long, qpdf_oh_get_int_value, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                           \
    F(int, qpdf_oh_get_array_n_items, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                             \
    F(qpdf_oh, qpdf_oh_get_array_item, (qpdf_data qpdf, qpdf_oh oh, int n), (qpdf, oh, n))                  \
    V(qpdf_oh_begin_dict_key_iter, (qpdf_data qpdf, qpdf_oh dict), (qpdf, dict))                            \
    F(QPDF_BOOL, qpdf_oh_dict_more_keys, (qpdf_data qpdf), (qpdf))                                          \
    F(char const *, qpdf_oh_dict_next_key, (qpdf_data qpdf), (qpdf))                                        \
    F(QPDF_ERROR_CODE, qpdf_oh_get_stream_data,                                                             \
      (qpdf_data qpdf, qpdf_oh stream_oh, enum qpdf_stream_decode_level_e decode_level, QPDF_BOOL *filtered, \
       unsigned char **bufp, size_t *len),                                                                  \
      (qpdf, stream_oh, decode_level, filtered, bufp, len))                                                 \
    F(qpdf_oh, qpdf_oh_get_dict, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))                                  \
    F(qpdf_oh, qpdf_oh_new_name, (qpdf_data qpdf, char const *name), (qpdf, name))                          \
    F(qpdf_oh, qpdf_oh_new_unicode_string, (qpdf_data qpdf, char const *utf8_str), (qpdf, utf8_str))        \
    F(qpdf_oh, qpdf_oh_new_binary_string, (qpdf_data qpdf, char const *str, size_t length),                 \
      (qpdf, str, length))                                                                                  \
    F(qpdf_oh, qpdf_oh_new_integer, (qpdf_data qpdf, long long value), (qpdf, value))                       \
    F(qpdf_oh, qpdf_oh_new_real_from_double, (qpdf_data qpdf, double value, int decimal_places),            \
      (qpdf, value, decimal_places))                                                                        \
    F(qpdf_oh, qpdf_oh_new_bool, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value))                          \
    F(qpdf_oh, qpdf_oh_new_null, (qpdf_data qpdf), (qpdf))                                                  \
    F(qpdf_oh, qpdf_oh_new_array, (qpdf_data qpdf), (qpdf))                                                 \
    V(qpdf_oh_append_item, (qpdf_data qpdf, qpdf_oh oh, qpdf_oh item), (qpdf, oh, item))                    \
    F(qpdf_oh, qpdf_oh_new_dictionary, (qpdf_data qpdf), (qpdf))                                            \
    F(qpdf_oh, qpdf_oh_new_stream, (qpdf_data qpdf), (qpdf))                                                \
    V(qpdf_oh_replace_stream_data,                                                                          \
      (qpdf_data qpdf, qpdf_oh stream_oh, unsigned char const *buf, size_t len, qpdf_oh filter,             \
       qpdf_oh decode_parms),                                                                               \
      (qpdf, stream_oh, buf, len, filter, decode_parms))                                                    \
    V(qpdf_oh_replace_key, (qpdf_data qpdf, qpdf_oh oh, char const *key, qpdf_oh item), (qpdf, oh, key, item)) \
    V(qpdf_oh_remove_key, (qpdf_data qpdf, qpdf_oh oh, char const *key), (qpdf, oh, key))                   \
    F(QPDF_ERROR_CODE, qpdf_init_write_memory, (qpdf_data qpdf), (qpdf))                                    \
    V(qpdf_set_compress_streams, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value))                          \
    V(qpdf_set_object_stream_mode, (qpdf_data qpdf, enum qpdf_object_stream_e mode), (qpdf, mode))          \
    V(qpdf_set_r6_encryption_parameters2,                                                                   \
      (qpdf_data qpdf, char const *user_password, char const *owner_password, QPDF_BOOL allow_accessibility, \
       QPDF_BOOL allow_extract, QPDF_BOOL allow_assemble, QPDF_BOOL allow_annotate_and_form,                \
       QPDF_BOOL allow_form_filling, QPDF_BOOL allow_modify_other, enum qpdf_r3_print_e print,              \
       QPDF_BOOL encrypt_metadata),                                                                         \
      (qpdf, user_password, owner_password, allow_accessibility, allow_extract, allow_assemble,             \
       allow_annotate_and_form, allow_form_filling, allow_modify_other, print, encrypt_metadata))           \
    V(qpdf_set_deterministic_ID, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value))                          \
    F(QPDF_ERROR_CODE, qpdf_write, (qpdf_data qpdf), (qpdf))                                                \
    F(size_t, qpdf_get_buffer_length, (qpdf_data qpdf), (qpdf))                                             \
    F(unsigned char const *, qpdf_get_buffer, (qpdf_data qpdf), (qpdf))

GALLEY_QPDF_FUNCTIONS(GALLEY_LAZY_DECLARE, GALLEY_LAZY_DECLARE_VOID, GALLEY_LAZY_DECLARE_NONE)

/// Loads libqpdf (once; thread-safe): NULL when it is loaded, else why not (see lazy_library.h).
const char *galley_qpdf_load(void);
#endif
