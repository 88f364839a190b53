/// A compiled `date` filter pattern such as `"d MMMM yyyy, HH:mm"`.
///
/// Fields: `yyyy` (2024), `yy` (24), `MMMM` (November), `MMM` (Nov), `MM` (11, zero-padded),
/// `M` (11), `dd`, `d`, `HH`, `H`, `mm`, `m`, `ss`, `s`. Text in single quotes is literal
/// (`''` is a quote); other non-letters are literal. Any other run of ASCII letters is a syntax
/// error, so a typo such as `YYYY` is caught when the template is compiled rather than printed.
/// Formatting is done here, in UTC with English month names, so output never depends on the
/// machine's locale or time zone.
struct DatePattern: Hashable, Sendable {
    enum Field: Hashable, Sendable {
        case literal(String)
        case year4, year2, monthLong, monthShort
        case month(padded: Bool)
        case day(padded: Bool)
        case hour(padded: Bool)
        case minute(padded: Bool)
        case second(padded: Bool)
    }

    let fields: [Field]

    static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// Compiles `pattern`; `column` locates errors in the binding string.
    init(parsing pattern: String, column: Int) throws(BindingSyntaxError) {
        var fields: [Field] = []
        let characters = Array(pattern)
        var index = 0
        var literal = ""
        func flush() {
            if !literal.isEmpty { fields.append(.literal(literal)) }
            literal = ""
        }
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                index += 1
                if index < characters.count, characters[index] == "'" {
                    literal.append("'")
                    index += 1
                    continue
                }
                while index < characters.count, characters[index] != "'" {
                    literal.append(characters[index])
                    index += 1
                }
                index += 1
                continue
            }
            guard character.isASCII, character.isLetter else {
                literal.append(character)
                index += 1
                continue
            }
            var run = 1
            while index + run < characters.count, characters[index + run] == character { run += 1 }
            guard let field = Self.field(character, run) else {
                throw BindingSyntaxError(
                    message: "unsupported date field '\(String(repeating: character, count: run))'", column: column,
                    hint: "use yyyy, yy, MMMM, MMM, MM, M, dd, d, HH, H, mm, m, ss, s; quote literal text as 'at'")
            }
            flush()
            fields.append(field)
            index += run
        }
        flush()
        self.fields = fields
    }

    private static func field(_ letter: Character, _ run: Int) -> Field? {
        switch (letter, run) {
        case ("y", 4): return .year4
        case ("y", 2): return .year2
        case ("M", 4): return .monthLong
        case ("M", 3): return .monthShort
        case ("M", 1), ("M", 2): return .month(padded: run == 2)
        case ("d", 1), ("d", 2): return .day(padded: run == 2)
        case ("H", 1), ("H", 2): return .hour(padded: run == 2)
        case ("m", 1), ("m", 2): return .minute(padded: run == 2)
        case ("s", 1), ("s", 2): return .second(padded: run == 2)
        default: return nil
        }
    }

    /// Formats a UTC date and time.
    func format(_ date: UTCDateTime) -> String {
        var output = ""
        for field in fields {
            switch field {
            case .literal(let text): output += text
            case .year4:
                output +=
                    date.year < 0 ? "-" + String(-date.year).leftPadded(to: 4) : String(date.year).leftPadded(to: 4)
            case .year2: output += String(((date.year % 100) + 100) % 100).leftPadded(to: 2)
            case .monthLong: output += Self.monthNames[date.month - 1]
            case .monthShort: output += String(Self.monthNames[date.month - 1].prefix(3))
            case .month(let padded): output += Self.number(date.month, padded)
            case .day(let padded): output += Self.number(date.day, padded)
            case .hour(let padded): output += Self.number(date.hour, padded)
            case .minute(let padded): output += Self.number(date.minute, padded)
            case .second(let padded): output += Self.number(date.second, padded)
            }
        }
        return output
    }

    private static func number(_ value: Int, _ padded: Bool) -> String {
        padded ? String(value).leftPadded(to: 2) : String(value)
    }
}
