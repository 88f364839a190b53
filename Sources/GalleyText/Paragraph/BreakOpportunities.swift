import CICU

/// UAX #14 line break opportunities and grapheme boundaries from ICU.
enum BreakOpportunities {
    /// A position a line may end at (a UTF-16 offset > 0) and whether the break is mandatory.
    struct Opportunity: Hashable {
        let position: Int
        let mandatory: Bool
    }

    /// ICU's line break iterator over `units`, with the locale of a BCP 47 tag (e.g. "en-US";
    /// locales tailor breaking for some languages such as Japanese).
    static func lineBreaks(_ units: [UInt16], language: String?) -> [Opportunity] {
        guard !units.isEmpty else { return [] }
        let locale = (language ?? "en").replacingHyphens()
        return units.withUnsafeBufferPointer { buffer -> [Opportunity] in
            BreakIteratorPool.withIterator(.line, locale: locale, units: buffer) { iterator in
                var result: [Opportunity] = []
                var cancellation = TypesettingCancellation(length: buffer.count)
                _ = cicu_break_first(iterator)
                while !cancellation.shouldStop() {
                    let position = cicu_break_next(iterator)
                    if position < 0 { break }
                    let rule = cicu_break_rule_status(iterator)
                    result.append(
                        Opportunity(
                            position: Int(position), mandatory: rule >= CICU_LINE_HARD && rule < CICU_LINE_HARD_LIMIT))
                }
                return result
            } ?? [Opportunity(position: units.count, mandatory: true)]
        }
    }

    /// Extended grapheme cluster boundaries inside `range` (excluding its start, including its end).
    static func graphemeBoundaries(_ units: [UInt16], in range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [] }
        return units[range].withContiguousStorageIfAvailable { buffer -> [Int]? in
            BreakIteratorPool.withIterator(.character, locale: "", units: buffer) { iterator in
                var result: [Int] = []
                var cancellation = TypesettingCancellation(length: buffer.count)
                _ = cicu_break_first(iterator)
                while !cancellation.shouldStop() {
                    let position = cicu_break_next(iterator)
                    if position < 0 { break }
                    result.append(range.lowerBound + Int(position))
                }
                return result
            }
        }.flatMap { $0 } ?? Array((range.lowerBound + 1)...range.upperBound)
    }

    /// A letter of UAX #14 class AL (ICU's U_LB_ALPHABETIC = 2): Latin, Greek, Cyrillic, Arabic…
    static func isAlphabeticLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && cicu_line_break_class(Int32(scalar.value)) == 2
    }
}

extension String {
    fileprivate func replacingHyphens() -> String {
        String(map { $0 == "-" ? "_" : $0 })
    }
}
