#ifndef GALLEY_CICU_SHIM_H
#define GALLEY_CICU_SHIM_H
// ICU renames its C functions to versioned symbols (ubrk_open -> ubrk_open_72) with macros,
// which Swift cannot see through; these inline wrappers give Swift stable names.
//
// Why no <unicode/ubrk.h> here: Foundation ships its own, newer ICU headers (_FoundationICU),
// and any Swift module that also sees Foundation (GalleyText does, through GalleyRender) fails
// to import ICU's enums (UErrorCode, UScriptCode) with "not present in definition" clashes.
// So this header includes only <unicode/uvernum.h> (macros: the version suffix) and declares
// the few ICU entry points it needs with primitive types: enums as int32_t (same ABI), UChar as
// uint16_t, iterators as void*. Constants below are copied from ICU 72's headers.
#include <stdint.h>
#include <unicode/uvernum.h>

#define CICU_SYM(x) U_ICU_ENTRY_POINT_RENAME(x)

void *CICU_SYM(ubrk_open)(int32_t type, const char *locale, const uint16_t *text, int32_t length, int32_t *status);
void CICU_SYM(ubrk_close)(void *it);
void CICU_SYM(ubrk_setText)(void *it, const uint16_t *text, int32_t length, int32_t *status);
int32_t CICU_SYM(ubrk_first)(void *it);
int32_t CICU_SYM(ubrk_next)(void *it);
int32_t CICU_SYM(ubrk_getRuleStatus)(void *it);
void *CICU_SYM(ubidi_open)(void);
void CICU_SYM(ubidi_close)(void *b);
void CICU_SYM(ubidi_setPara)(void *b, const uint16_t *text, int32_t length, uint8_t level, uint8_t *embeddingLevels, int32_t *status);
uint8_t CICU_SYM(ubidi_getParaLevel)(const void *b);
const uint8_t *CICU_SYM(ubidi_getLevels)(void *b, int32_t *status);
void CICU_SYM(ubidi_reorderVisual)(const uint8_t *levels, int32_t length, int32_t *indexMap);
int32_t CICU_SYM(uscript_getScript)(int32_t c, int32_t *status);
const char *CICU_SYM(uscript_getShortName)(int32_t code);
int32_t CICU_SYM(u_getIntPropertyValue)(int32_t c, int32_t which);

/// ubrk_getRuleStatus values in [100, 200) mark mandatory (hard) line breaks.
static const int32_t CICU_LINE_HARD = 100;
static const int32_t CICU_LINE_HARD_LIMIT = 200;

/// A UAX #14 line break iterator (UBRK_LINE = 2); status > 0 is a failure.
static inline void *cicu_line_break_open(const char *locale, const uint16_t *text, int32_t length, int32_t *status) {
    *status = 0;
    return CICU_SYM(ubrk_open)(2, locale, text, length, status);
}
/// A grapheme cluster iterator (UBRK_CHARACTER = 0).
static inline void *cicu_character_break_open(const char *locale, const uint16_t *text, int32_t length, int32_t *status) {
    *status = 0;
    return CICU_SYM(ubrk_open)(0, locale, text, length, status);
}
static inline void cicu_break_close(void *it) { CICU_SYM(ubrk_close)(it); }
/// Points an open iterator at new text (far cheaper than opening one: ubrk_open loads and
/// converts the rule data each time). Returns the status (> 0 is a failure).
static inline int32_t cicu_break_set_text(void *it, const uint16_t *text, int32_t length) {
    int32_t status = 0;
    CICU_SYM(ubrk_setText)(it, text, length, &status);
    return status;
}
static inline int32_t cicu_break_first(void *it) { return CICU_SYM(ubrk_first)(it); }
/// The next boundary, or -1 (UBRK_DONE) at the end.
static inline int32_t cicu_break_next(void *it) { return CICU_SYM(ubrk_next)(it); }
static inline int32_t cicu_break_rule_status(void *it) { return CICU_SYM(ubrk_getRuleStatus)(it); }

static inline void *cicu_bidi_open(void) { return CICU_SYM(ubidi_open)(); }
static inline void cicu_bidi_close(void *b) { CICU_SYM(ubidi_close)(b); }
/// level: 0/1 for LTR/RTL, 0xfe (UBIDI_DEFAULT_LTR) to take it from the first strong character.
/// `text` must outlive every later query on `b`. Returns the status (> 0 is a failure).
static inline int32_t cicu_bidi_set_para(void *b, const uint16_t *text, int32_t length, uint8_t level) {
    int32_t status = 0;
    CICU_SYM(ubidi_setPara)(b, text, length, level, 0, &status);
    return status;
}
static inline uint8_t cicu_bidi_para_level(const void *b) { return CICU_SYM(ubidi_getParaLevel)(b); }
/// The levels array (owned by `b`), or NULL on failure.
static inline const uint8_t *cicu_bidi_levels(void *b) {
    int32_t status = 0;
    const uint8_t *levels = CICU_SYM(ubidi_getLevels)(b, &status);
    return status > 0 ? 0 : levels;
}
static inline void cicu_bidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *indexMap) {
    CICU_SYM(ubidi_reorderVisual)(levels, length, indexMap);
}
/// The UScriptCode of a code point (0 Common, 1 Inherited, 25 Latin, 103 Unknown).
static inline int32_t cicu_script_of(int32_t c) {
    int32_t status = 0;
    int32_t code = CICU_SYM(uscript_getScript)(c, &status);
    return status > 0 ? 103 : code;
}
static inline const char *cicu_script_short_name(int32_t code) { return CICU_SYM(uscript_getShortName)(code); }
/// The UAX #14 Line_Break class (UCHAR_LINE_BREAK = 0x1008) as ICU's ULineBreak value.
static inline int32_t cicu_line_break_class(int32_t c) { return CICU_SYM(u_getIntPropertyValue)(c, 0x1008); }

// Number and date formatting (libicui18n): unumf_* (skeleton-driven NumberFormatter, immutable and
// thread-safe once opened), udat_* (SimpleDateFormat: not thread-safe, callers serialise), udatpg_*
// (CLDR skeleton -> pattern), ucal_getCanonicalTimeZoneID (validates zone names), uloc_forLanguageTag.
void *CICU_SYM(unumf_openForSkeletonAndLocale)(const uint16_t *skeleton, int32_t length, const char *locale, int32_t *status);
void *CICU_SYM(unumf_openResult)(int32_t *status);
void CICU_SYM(unumf_formatDouble)(const void *formatter, double value, void *result, int32_t *status);
void CICU_SYM(unumf_formatDecimal)(const void *formatter, const char *value, int32_t valueLen, void *result, int32_t *status);
int32_t CICU_SYM(unumf_resultToString)(const void *result, uint16_t *buffer, int32_t capacity, int32_t *status);
int32_t CICU_SYM(unumf_resultToDecimalNumber)(const void *result, char *buffer, int32_t capacity, int32_t *status);
void CICU_SYM(unumf_close)(void *formatter);
void CICU_SYM(unumf_closeResult)(void *result);
void *CICU_SYM(udat_open)(int32_t timeStyle, int32_t dateStyle, const char *locale, const uint16_t *tz, int32_t tzLength,
                          const uint16_t *pattern, int32_t patternLength, int32_t *status);
int32_t CICU_SYM(udat_format)(const void *format, double date, uint16_t *result, int32_t capacity, void *position, int32_t *status);
void CICU_SYM(udat_close)(void *format);
void *CICU_SYM(udatpg_open)(const char *locale, int32_t *status);
int32_t CICU_SYM(udatpg_getBestPattern)(void *generator, const uint16_t *skeleton, int32_t length, uint16_t *pattern, int32_t capacity, int32_t *status);
void CICU_SYM(udatpg_close)(void *generator);
int32_t CICU_SYM(ucal_getCanonicalTimeZoneID)(const uint16_t *id, int32_t length, uint16_t *result, int32_t capacity, int8_t *isSystemID, int32_t *status);
int32_t CICU_SYM(uloc_forLanguageTag)(const char *tag, char *localeID, int32_t capacity, int32_t *parsedLength, int32_t *status);

/// A number formatter for an ICU number skeleton ("currency/EUR rounding-mode-half-up") and a locale; NULL on failure.
static inline void *cicu_number_formatter_open(const uint16_t *skeleton, int32_t length, const char *locale) {
    int32_t status = 0;
    void *formatter = CICU_SYM(unumf_openForSkeletonAndLocale)(skeleton, length, locale, &status);
    if (status > 0 && formatter) { CICU_SYM(unumf_close)(formatter); return 0; }
    return status > 0 ? 0 : formatter;
}
static inline void cicu_number_formatter_close(void *formatter) { CICU_SYM(unumf_close)(formatter); }
static inline void *cicu_number_result_open(void) {
    int32_t status = 0;
    void *result = CICU_SYM(unumf_openResult)(&status);
    if (status > 0 && result) { CICU_SYM(unumf_closeResult)(result); return 0; }
    return status > 0 ? 0 : result;
}
static inline void cicu_number_result_close(void *result) { CICU_SYM(unumf_closeResult)(result); }
/// Formats `value` into `result`; returns the status (> 0 is a failure).
static inline int32_t cicu_number_format(const void *formatter, double value, void *result) {
    int32_t status = 0;
    CICU_SYM(unumf_formatDouble)(formatter, value, result, &status);
    return status;
}
/// Formats a decimal number given as text ("1234.50", "-12345E-3": ICU's decimal-number syntax) exactly,
/// with no binary rounding on the way; returns the status (> 0 is a failure).
static inline int32_t cicu_number_format_decimal(const void *formatter, const char *value, int32_t length, void *result) {
    int32_t status = 0;
    CICU_SYM(unumf_formatDecimal)(formatter, value, length, result, &status);
    return status;
}
/// The formatted text's length in UTF-16 units (which may exceed `capacity`: call again with more room), or -1.
static inline int32_t cicu_number_result_text(const void *result, uint16_t *buffer, int32_t capacity) {
    int32_t status = 0;
    int32_t length = CICU_SYM(unumf_resultToString)(result, buffer, capacity, &status);
    return (status > 0 && status != 15 /* U_BUFFER_OVERFLOW_ERROR */) ? -1 : length;
}
/// The rounded number as a decimal string ("1.01", "-2E+3"), NUL-terminated when it fits; -1 on failure.
static inline int32_t cicu_number_result_decimal(const void *result, char *buffer, int32_t capacity) {
    int32_t status = 0;
    int32_t length = CICU_SYM(unumf_resultToDecimalNumber)(result, buffer, capacity, &status);
    return status > 0 ? -1 : length;
}
/// A date formatter for an explicit pattern in a time zone (UDAT_PATTERN = -2 for both styles); NULL on failure.
static inline void *cicu_date_formatter_open(const char *locale, const uint16_t *tz, int32_t tzLength,
                                             const uint16_t *pattern, int32_t patternLength) {
    int32_t status = 0;
    void *format = CICU_SYM(udat_open)(-2, -2, locale, tz, tzLength, pattern, patternLength, &status);
    if (status > 0 && format) { CICU_SYM(udat_close)(format); return 0; }
    return status > 0 ? 0 : format;
}
/// A date formatter for ICU's styles (0 full, 1 long, 2 medium, 3 short, -1 none); NULL on failure.
static inline void *cicu_date_formatter_open_styles(int32_t timeStyle, int32_t dateStyle, const char *locale,
                                                    const uint16_t *tz, int32_t tzLength) {
    int32_t status = 0;
    void *format = CICU_SYM(udat_open)(timeStyle, dateStyle, locale, tz, tzLength, 0, -1, &status);
    if (status > 0 && format) { CICU_SYM(udat_close)(format); return 0; }
    return status > 0 ? 0 : format;
}
static inline void cicu_date_formatter_close(void *format) { CICU_SYM(udat_close)(format); }
/// Formats milliseconds since 1970 (UTC); the length in UTF-16 units (may exceed `capacity`), or -1.
static inline int32_t cicu_date_format(const void *format, double milliseconds, uint16_t *buffer, int32_t capacity) {
    int32_t status = 0;
    int32_t length = CICU_SYM(udat_format)(format, milliseconds, buffer, capacity, 0, &status);
    return (status > 0 && status != 15) ? -1 : length;
}
/// The locale's best pattern for a CLDR skeleton ("yMMMd" -> "MMM d, y"); its length (may exceed `capacity`), or -1.
static inline int32_t cicu_date_best_pattern(const char *locale, const uint16_t *skeleton, int32_t length,
                                             uint16_t *pattern, int32_t capacity) {
    int32_t status = 0;
    void *generator = CICU_SYM(udatpg_open)(locale, &status);
    if (!generator || status > 0) { if (generator) CICU_SYM(udatpg_close)(generator); return -1; }
    int32_t result = CICU_SYM(udatpg_getBestPattern)(generator, skeleton, length, pattern, capacity, &status);
    CICU_SYM(udatpg_close)(generator);
    return (status > 0 && status != 15) ? -1 : result;
}
/// The canonical ID of a time zone name ("Europe/Berlin"), or -1 for a name ICU does not know.
static inline int32_t cicu_canonical_time_zone(const uint16_t *id, int32_t length, uint16_t *result, int32_t capacity) {
    int32_t status = 0;
    int8_t isSystem = 0;
    int32_t written = CICU_SYM(ucal_getCanonicalTimeZoneID)(id, length, result, capacity, &isSystem, &status);
    return (status > 0 || !isSystem) ? -1 : written;
}
/// ICU's locale ID for a BCP 47 tag ("de-CH" -> "de_CH"); its length, or -1 when the tag is not well formed
/// (the whole tag must parse).
static inline int32_t cicu_locale_for_language_tag(const char *tag, int32_t tagLength, char *locale, int32_t capacity) {
    int32_t status = 0;
    int32_t parsed = 0;
    int32_t length = CICU_SYM(uloc_forLanguageTag)(tag, locale, capacity, &parsed, &status);
    return (status > 0 || parsed != tagLength) ? -1 : length;
}
#endif
