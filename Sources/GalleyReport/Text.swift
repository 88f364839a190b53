import Galley
import GalleyLayout
import GalleyRender
import GalleyText

/// A paragraph (`TextNode`): the inherited text style (the document's, changed by
/// `.textStyle`) with this text's own changes on top.
///
/// Concatenate to mix styles in one paragraph, as in SwiftUI:
///
/// ```swift
/// Text("Revenue grew ") + Text("12%").bold() + Text(" over the quarter.")
/// ```
public struct Text: ReportContent {
    /// A run of the paragraph and its style changes.
    struct Run {
        var text: String
        var edits: [(inout TextStyle) -> Void]
    }

    var runs: [Run]
    public var paragraphStyle = ParagraphStyle()

    public init(_ text: String) {
        runs = [Run(text: text, edits: [])]
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        let spans = runs.map { run in
            var style = context.textStyle
            for edit in run.edits { edit(&style) }
            return TextSpan(text: run.text, style: style)
        }
        return [TextNode(spans: spans, paragraphStyle: paragraphStyle, registry: context.registry)]
    }

    /// One paragraph: `lhs`'s runs then `rhs`'s; the paragraph options are `lhs`'s.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var result = lhs
        result.runs += rhs.runs
        return result
    }

    // MARK: Character style

    /// This text with `edit` applied to the style of every run.
    public func style(_ edit: @escaping (inout TextStyle) -> Void) -> Text {
        var copy = self
        for index in copy.runs.indices { copy.runs[index].edits.append(edit) }
        return copy
    }

    /// The font family (nil: the registry's default).
    public func font(_ family: String?) -> Text { style { $0.font = family } }

    public func fontSize(_ size: Double) -> Text { style { $0.fontSize = size } }

    /// The weight, 100 to 900 (400 regular, 700 bold).
    public func fontWeight(_ weight: Int) -> Text { style { $0.weight = weight } }

    public func bold() -> Text { fontWeight(700) }

    public func italic(_ italic: Bool = true) -> Text { style { $0.italic = italic } }

    public func foregroundColor(_ color: Color) -> Text { style { $0.color = color } }

    public func underline(_ underline: Bool = true) -> Text { style { $0.underline = underline } }

    public func strikethrough(_ strikethrough: Bool = true) -> Text { style { $0.strikethrough = strikethrough } }

    public func lineHeight(_ height: LineHeight) -> Text { style { $0.lineHeight = height } }

    /// Line height as a multiple of the font size.
    public func lineHeight(_ multiple: Double) -> Text { lineHeight(.multiple(multiple)) }

    public func letterSpacing(_ points: Double) -> Text { style { $0.letterSpacing = points } }

    /// OpenType features in HarfBuzz syntax ("tnum", "-liga").
    public func features(_ features: [String]) -> Text { style { $0.features += features } }

    // MARK: Paragraph options

    /// This text with `edit` applied to its paragraph options.
    public func paragraph(_ edit: (inout ParagraphStyle) -> Void) -> Text {
        var copy = self
        edit(&copy.paragraphStyle)
        return copy
    }

    public func alignment(_ alignment: TextAlignment) -> Text { paragraph { $0.alignment = alignment } }

    /// At most `lines` lines; the last kept line ends with `truncation`.
    public func lineLimit(_ lines: Int?, truncation: String = "…") -> Text {
        paragraph {
            $0.maxLines = lines
            $0.truncation = truncation
        }
    }

    public func lineBreaking(_ breaking: LineBreaking) -> Text { paragraph { $0.lineBreaking = breaking } }

    /// Hyphenates with the dictionary of `language` (BCP 47, "en-US").
    public func hyphenated(language: String) -> Text {
        paragraph {
            $0.hyphenate = true
            $0.language = language
        }
    }
}
