#ifndef GALLEY_CICU_SHIM_H
#define GALLEY_CICU_SHIM_H
// ICU renames its C functions to versioned symbols (ubrk_open -> ubrk_open_72) with macros,
// which Swift cannot see through; these inline wrappers give Swift stable names.
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>

static inline UBreakIterator *cicu_line_break_open(const char *locale, const UChar *text, int32_t length, UErrorCode *status) {
    return ubrk_open(UBRK_LINE, locale, text, length, status);
}
static inline void cicu_break_close(UBreakIterator *it) { ubrk_close(it); }
static inline int32_t cicu_break_first(UBreakIterator *it) { return ubrk_first(it); }
static inline int32_t cicu_break_next(UBreakIterator *it) { return ubrk_next(it); }
static inline int32_t cicu_break_rule_status(UBreakIterator *it) { return ubrk_getRuleStatus(it); }

static inline UBiDi *cicu_bidi_open(void) { return ubidi_open(); }
static inline void cicu_bidi_close(UBiDi *b) { ubidi_close(b); }
static inline void cicu_bidi_set_para(UBiDi *b, const UChar *text, int32_t length, UBiDiLevel level, UErrorCode *status) {
    ubidi_setPara(b, text, length, level, NULL, status);
}
static inline UBiDiLevel cicu_bidi_level_at(const UBiDi *b, int32_t index) { return ubidi_getLevelAt(b, index); }
static inline int32_t cicu_bidi_count_runs(UBiDi *b, UErrorCode *status) { return ubidi_countRuns(b, status); }
static inline UBiDiDirection cicu_bidi_visual_run(UBiDi *b, int32_t index, int32_t *start, int32_t *length) {
    return ubidi_getVisualRun(b, index, start, length);
}
static inline void cicu_bidi_reorder_visual(const UBiDiLevel *levels, int32_t length, int32_t *indexMap) {
    ubidi_reorderVisual(levels, length, indexMap);
}
static inline UScriptCode cicu_script_of(UChar32 c, UErrorCode *status) { return uscript_getScript(c, status); }
static inline const char *cicu_script_short_name(UScriptCode code) { return uscript_getShortName(code); }
static inline int32_t cicu_char_property(UChar32 c, UProperty which) { return u_getIntPropertyValue(c, which); }
#endif
