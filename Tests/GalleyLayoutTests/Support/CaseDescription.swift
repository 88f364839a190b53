import Testing

/// Shows a case by its id in test output.
protocol CustomTestStringConvertibleShim: CustomTestStringConvertible {
    var id: String { get }
}

extension CustomTestStringConvertibleShim {
    var testDescription: String { id }
}
