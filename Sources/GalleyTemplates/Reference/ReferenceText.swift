/// The fixed prose of `docs/reference.md`: how values are written.
enum ReferenceText {
    static let values = """
        ## Values

        ### Lengths

        A length is a number of points (1/72 inch; at `--scale 1` one point is one pixel) or a string
        with a unit: \(Length.units.map { "`\"12\($0.name)\"`" }.joined(separator: ", ")) — 1in = 72pt,
        1cm = 28.35pt, 1mm = 2.835pt. A string holding a plain number (`"12"`, as CSV data is text) is
        points. Where a key says so, a percentage (`"50%"`) is a share of the parent's size and `"auto"`
        leaves the size to the content. Sizes cannot be negative; an unknown unit is an error that
        names the nearest one (`"12px"`: did you mean `"pt"`?).

        ### Colours

        `"#rgb"`, `"#rgba"`, `"#rrggbb"`, `"#rrggbbaa"`, `"rgb(r, g, b)"`, `"rgba(r, g, b, a)"` (a from 0
        to 1), `"transparent"`, or a CSS basic colour name: \(ColorParser.named.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")).

        ### Numbers, bools and text

        A number key takes a number or a string that reads as one (`"12"`); a bool key takes `true`,
        `false`, or the strings `"true"` and `"false"`; a text key takes a string, and a number or a bool
        stands for its text. Whole numbers (counts, levels, spans) are checked against their range.

        ### Bindings

        A key marked "bound" may be a string with `{{bindings}}`; a string that is exactly one `{{…}}`
        keeps the value's type (a number stays a number). The value is converted for each record with
        the same checks as a literal; an error names the record, the file, line:column and the JSON path
        and ends with "(from a binding)". Keys not marked "bound" are read once, when the template is
        loaded.

        """
}
