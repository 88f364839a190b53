import Foundation

/// Runs Debian's Python (`/usr/bin/python3`) for test oracles: Pillow (python3-pil) to decode images,
/// kiwisolver (python3-kiwisolver) to solve constraint systems. It is Debian's interpreter on purpose — a
/// `python3` earlier on PATH (pyenv, a virtualenv) usually lacks the Debian modules, and tests that quietly
/// skip because of that check nothing. `scripts/install-deps --test` installs the modules.
public enum Python {
    /// The interpreter the oracles run with.
    public static let executable = "/usr/bin/python3"

    /// Whether the interpreter exists and imports every module.
    public static func hasModules(_ modules: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: executable) else { return false }
        let code = modules.map { "import \($0)" }.joined(separator: "\n")
        return (try? PDFTools.launch(executable, ["-c", code]).status) == 0
    }

    /// Runs `code` with `arguments` (`sys.argv[1...]`).
    public static func run(code: String, arguments: [String] = []) throws -> PDFTools.Output {
        try PDFTools.launch(executable, ["-c", code] + arguments)
    }

    /// Runs the script file at `path` with `arguments`.
    public static func run(script path: String, arguments: [String] = []) throws -> PDFTools.Output {
        try PDFTools.launch(executable, [path] + arguments)
    }
}
