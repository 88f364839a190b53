import Testing

/// Realistic template and data mistakes, each with what its one error line must say: the kind of
/// slip a new user makes (typos, wrong types literal and bound, wrong units, keys that mean nothing
/// where they are). `MistakeTests` runs every one through `galley render`.
struct Mistake: CustomTestStringConvertible, Sendable {
    let name: String
    /// The whole template (JSON5).
    let template: String
    /// One record of data (JSON), when the mistake is in what data gives.
    var data: String?
    /// Substrings of the one error line (after `FILE:LINE:COL: at `).
    let expected: [String]
    /// A warning `check` and `render` print rather than an error.
    var isWarning = false

    var testDescription: String { name }

    init(_ name: String, _ template: String, data: String? = nil, _ expected: String..., warning: Bool = false) {
        self.name = name
        self.template = template
        self.data = data
        self.expected = expected
        isWarning = warning
    }

    /// A canvas whose body is `body` (on its second line, so locations are not all line 1).
    static func canvas(_ body: String, top: String = "") -> String {
        "{galley: 1, size: [300, 200], \(top)\n body: \(body)}"
    }

    /// A paged document whose body is `body`.
    static func paged(_ body: String, top: String = "") -> String {
        "{galley: 1, page: {size: \"A5\"}, \(top)\n body: \(body)}"
    }

    static let all: [Mistake] = typos + wrongTypes + wrongUnits + meaningless + document + fromData + warnings

    static let typos: [Mistake] = [
        Mistake("element type typo", canvas(#"{type: "txt", text: "x"}"#), "$.body.type", #"did you mean "text"?"#),
        Mistake(
            "key typo", canvas(#"{type: "text", text: "x", fontSzie: 12}"#), "$.body.fontSzie",
            #"did you mean "fontSize"?"#),
        Mistake(
            "British spelling", canvas(#"{type: "text", text: "x", colour: "red"}"#), "$.body.colour",
            #"did you mean "color"?"#),
        Mistake(
            "layer key typo", canvas(#"{type: "box", size: [10, 10], bakground: "red"}"#), "$.body.bakground",
            #"did you mean "background"?"#),
        Mistake(
            "filter typo", canvas(#"{type: "text", text: "{{total | currncy:'EUR'}}"}"#), "$.body.text",
            #"did you mean "currency"?"#),
        Mistake(
            "style name typo",
            canvas(#"{type: "text", text: "x", style: "tilte"}"#, top: "styles: {title: {fontSize: 20}},"),
            "$.body.style", #"did you mean "title"?"#),
        Mistake(
            "enum value typo", canvas(#"{type: "stack", direction: "vertcal", children: []}"#), "$.body.direction",
            #"did you mean "vertical"?"#),
        Mistake(
            "British centre", canvas(#"{type: "stack", alignItems: "centre", children: []}"#), "$.body.alignItems",
            #"did you mean "center"?"#),
        Mistake(
            "top-level key typo", "{galley: 1, sise: [10, 10],\n body: {type: \"box\"}}", "$.sise",
            #"did you mean "size"?"#),
        Mistake(
            "default style typo",
            canvas(#"{type: "text", text: "x"}"#, top: #"styles: {body: {fontSize: 9}}, defaultStyle: "bdy","#),
            "$.defaultStyle", #"did you mean "body"?"#),
        Mistake(
            "orientation typo", "{galley: 1, size: \"A4\",\n orientation: \"landscpe\", body: {type: \"box\"}}",
            "$.orientation",
            #"did you mean "landscape"?"#),
        Mistake(
            "nested key typo", canvas(#"{type: "box", size: [10, 10], border: {width: 1, colour: "red"}}"#),
            "$.body.border.colour", #"did you mean "color"?"#),
    ]

    static let wrongTypes: [Mistake] = [
        Mistake(
            "font size as a word", canvas(#"{type: "text", text: "x", fontSize: "big"}"#), "$.body.fontSize",
            "expected a length"),
        Mistake(
            "negative font size", canvas(#"{type: "text", text: "x", fontSize: -5}"#), "$.body.fontSize", "of 0 or more"
        ),
        Mistake(
            "negative width", canvas(#"{type: "stack", children: [{type: "box", width: -5}]}"#),
            "$.body.children[0].width", "cannot be negative"),
        Mistake(
            "negative line height", canvas(#"{type: "text", text: "x", lineHeight: -1}"#), "$.body.lineHeight",
            "of 0 or more"),
        Mistake(
            "maxLines -1", canvas(#"{type: "text", text: "x", maxLines: -1}"#), "$.body.maxLines",
            "a whole number from 0 to 100000"),
        Mistake("opacity over 1", canvas(#"{type: "box", opacity: 1.5}"#), "$.body.opacity", "a number from 0 to 1"),
        Mistake(
            "bad hex colour", canvas(##"{type: "box", background: "#ggg"}"##), "$.body.background", "expected a colour"),
        Mistake("bool as a word", canvas(#"{type: "box", clip: "yes"}"#), "$.body.clip", "expected true or false"),
        Mistake(
            "three corner radii", canvas(#"{type: "box", cornerRadius: [1, 2, 3]}"#), "$.body.cornerRadius",
            "an array of four"),
        Mistake(
            "position of one number", canvas(#"{type: "absolute", children: [{type: "box", position: [10]}]}"#),
            "$.body.children[0].position", "two lengths"),
        Mistake(
            "negative shadow blur", canvas(#"{type: "box", shadow: {blur: -1}}"#), "$.body.shadow.blur", "of 0 or more"),
        Mistake(
            "transition of 5000 s", canvas(#"{type: "box", transition: {duration: 5000}}"#),
            "$.body.transition.duration",
            "a number from 0 to 3600"),
        Mistake(
            "column width as a word",
            paged(#"{type: "table", columns: [{width: "wide"}], rows: []}"#), "$.body.columns[0].width",
            "a length, a percentage"),
        Mistake(
            "unknown column type", canvas(#"{type: "box"}"#, top: #"data: {columns: {qty: "integer"}},"#),
            "$.data.columns.qty", #"one of "number", "bool", "string""#),
    ]

    static let wrongUnits: [Mistake] = [
        Mistake(
            "pixels", canvas(#"{type: "box", width: "12px"}"#), "$.body.width", #"unknown unit "px""#,
            #"did you mean "pt"?"#),
        Mistake("inch spelled out", canvas(#"{type: "box", width: "1inch"}"#), "$.body.width", #"unknown unit "inch""#),
        Mistake(
            "upper-case unit", canvas(#"{type: "box", width: "25MM"}"#), "$.body.width", #"units are lower case: "mm""#),
        Mistake(
            "percentage font size", canvas(#"{type: "text", text: "x", fontSize: "50%"}"#), "$.body.fontSize",
            "a percentage is not a length here"),
        Mistake(
            "percentage margin",
            paged(#"{type: "box"}"#).replacingOccurrences(of: #"size: "A5""#, with: #"size: "A5", margin: "10%""#),
            "$.page.margin", "a percentage is not a length here"),
        Mistake(
            "unknown paper", "{galley: 1, size: \"A7\",\n body: {type: \"box\"}}", "$.size",
            "one of A3, A4, A5, A6, Letter, Legal"),
    ]

    static let meaningless: [Mistake] = [
        Mistake(
            "box size with a child", canvas(#"{type: "box", size: [100, 50], child: {type: "text", text: "x"}}"#),
            "$.body.child", "set width and height instead"),
        Mistake(
            "text and spans", canvas(#"{type: "text", text: "dropped", spans: [{text: "kept"}]}"#), "$.body.spans",
            "each span carries its own text"),
        Mistake(
            "a constraint naming no child",
            canvas(
                #"{type: "constraints", children: [{type: "box", id: "card", size: [10, 10]}], "#
                    + #"constraints: [{first: "crad.left", second: "parent.left"}]}"#),
            "$.body.constraints[0].first", "did you mean \"card\""),
        Mistake(
            "colSpan outside a table", canvas(#"{type: "text", text: "x", colSpan: 2}"#), "$.body.colSpan",
            "is for the cells of a table row"),
        Mistake(
            "keepTogether on a canvas", canvas(#"{type: "text", text: "x", keepTogether: true}"#),
            "$.body.keepTogether",
            "is for paged documents"),
        Mistake(
            "bookmarkLevel without bookmark", canvas(#"{type: "text", text: "x", bookmarkLevel: 2}"#),
            "$.body.bookmarkLevel", #"means nothing without "bookmark""#),
        Mistake(
            "verticalAlign and alignItems",
            canvas(#"{type: "stack", alignItems: "start", verticalAlign: "top", children: []}"#),
            "$.body.verticalAlign", "not both"),
        Mistake(
            "verticalAlign on a text", canvas(#"{type: "text", text: "x", verticalAlign: "top"}"#),
            "$.body.verticalAlign",
            "is for table cells, rows"),
        Mistake("image without src", canvas(#"{type: "image", width: 10}"#), "$.body", #"an image needs "src""#),
        Mistake(
            "barcode without data", canvas(#"{type: "barcode", symbology: "qr"}"#), "$.body", #"a barcode needs "data""#
        ),
        Mistake("table without columns", paged(#"{type: "table", rows: []}"#), "$.body", #"a table needs "columns""#),
        Mistake(
            "each on the body", canvas(#"{type: "text", each: "{{items}}", text: "x"}"#), "$.body.each",
            #"repeats an element inside a "children" array"#),
        Mistake(
            "bound as", canvas(#"{type: "stack", children: [{type: "text", each: "{{xs}}", as: "{{n}}", text: "x"}]}"#),
            "$.body.children[0].as", "cannot be bound"),
    ]

    static let document: [Mistake] = [
        Mistake(
            "format version 2", "{galley: 2, size: [10, 10],\n body: {type: \"box\"}}", "$.galley",
            "this Galley reads version 1"),
        Mistake(
            "size on a paged document", "{galley: 1, page: {size: \"A4\"},\n size: \"A4\", body: {type: \"box\"}}",
            "$.size", "is for canvases"),
        Mistake(
            "header on a canvas", canvas(#"{type: "box"}"#, top: #"header: {type: "text", text: "h"},"#), "$.header",
            "needs a paged document"),
        Mistake(
            "missing font folder", canvas(#"{type: "box"}"#, top: #"fonts: ["no-such-fonts/"],"#), "$.fonts[0]",
            "does not exist"),
        Mistake(
            "margins larger than the page",
            "{galley: 1, page: {size: \"A6\", margin: \"3in\"},\n body: {type: \"box\"}}",
            "$.page.margin", "leave room for content"),
        Mistake(
            "bound style table", canvas(#"{type: "box"}"#, top: #"styles: "{{styles}}","#), "$.styles",
            "cannot be bound"),
    ]

    static let fromData: [Mistake] = [
        Mistake(
            "bound font size as a word", canvas(#"{type: "text", text: "x", fontSize: "{{s}}"}"#),
            data: #"{"s": "big"}"#,
            "$.body.fontSize: expected a length", "(from a binding)"),
        Mistake(
            "bound negative font size", canvas(#"{type: "text", text: "x", fontSize: "{{s}}"}"#), data: #"{"s": -5}"#,
            "$.body.fontSize", "of 0 or more"),
        Mistake(
            "bound corner radius as a word", canvas(#"{type: "box", cornerRadius: "{{r}}"}"#), data: #"{"r": "round"}"#,
            "$.body.cornerRadius", "(from a binding)"),
        Mistake(
            "bound width in pixels", canvas(#"{type: "box", width: "{{w}}"}"#), data: #"{"w": "12px"}"#,
            "$.body.width", #"unknown unit "px""#),
        Mistake(
            "bound page colour", canvas(#"{type: "box"}"#, top: #"background: "{{bg}}","#), data: #"{"bg": "nope"}"#,
            "$.background: expected a colour", "(from a binding)"),
        Mistake(
            "bound enum typo", canvas(#"{type: "stack", direction: "{{d}}", children: []}"#),
            data: #"{"d": "vertcal"}"#,
            "$.body.direction", #"did you mean "vertical"?"#),
        Mistake(
            "missing data path", canvas(#"{type: "text", text: "{{order.number}}"}"#), data: #"{"order": {}}"#,
            "$.body.text: no value at 'order.number'", #"default:"#),
        Mistake(
            "bound src null", canvas(#"{type: "image", src: "{{photo}}"}"#), data: #"{"photo": null}"#,
            "$.body.src", #"needs "src""#),
        Mistake(
            "bound huge maxLines", canvas(#"{type: "text", text: "x", maxLines: "{{n}}"}"#), data: #"{"n": 1e19}"#,
            "$.body.maxLines", "a whole number from 0 to 100000"),
    ]

    static let warnings: [Mistake] = [
        Mistake(
            "font not installed", canvas(#"{type: "text", text: "x", font: "Helvetica Neue"}"#),
            #"font family "Helvetica Neue" is not installed"#, "warning:", "$.body", warning: true),
        Mistake(
            "header wider than the table",
            paged(
                #"{type: "table", columns: [{width: 50}], header: [{type: "text", text: "A"}, {type: "text", text: "B"}], rows: []}"#
            ),
            "this row has 2 cells but the table has 1 column", "warning:", "$.body", warning: true),
    ]
}
