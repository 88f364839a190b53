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
#endif
