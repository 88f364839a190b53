import GalleyText

/// The keys that hold for an element's whole subtree: the language (BCP 47) its filters format in
/// and its text is set in, and its base direction. The document takes the same two keys
/// (``DocumentProperties``); an element's own replaces the one around it.
enum LanguageProperties {
    static let all: [Property] = [
        Property(
            "lang", .languageTag, on: .allExcept([.pageBreak, .spacer]),
            "The language of the element and its subtree (BCP 47): number and date filters format in it, text is broken, hyphenated and shaped in it, and a node's tagged-PDF `/Lang` (default: the nearest `lang` around it, else the document's).",
            example: "de-DE",
            apply: .scope { parameters, value in
                guard let locale = value.typed(FormatLocale.self) else { return }
                parameters.scope.locale = locale
                parameters.node.editAccessibility { $0.language = locale.tag }
            }),
        Property(
            "dir", .choice(TextDirection.self, names: ["ltr", "rtl", "auto"]),
            on: .allExcept([.pageBreak, .spacer, .image, .barcode, .node]),
            "The base direction of the element and its subtree: `rtl` mirrors rows, tables and tables of contents and starts paragraphs at the right; `auto` takes each paragraph's from its first strong character (default: the nearest `dir` around it, else `auto`).",
            example: "rtl",
            apply: .scope { $0.scope.direction = $1.typed(TextDirection.self) }),
    ]
}
