import Galley
import GalleyTemplates

/// `galley check`: validates a template, then runs every record through the render pipeline up
/// to painting — bind, lay out, paginate, build every page's display list — and reports what
/// would fail or look wrong.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "validate a template against its data: everything a render does but painting"
    static let valuedOptions: Set<String> = ["data", "d", "data-format", "data-as", "allow-dir", "max-pixels"]
    static let flagOptions: Set<String> = ["strict"]
    static let help = """
        USAGE: galley check TEMPLATE [--data FILE] [--strict]

        Parses and validates TEMPLATE, then binds every record of FILE (or the template's
        "sampleData"), lays it out, paginates it and builds the display list of every page —
        everything a render does except painting. Prints one line per problem with the file,
        line:column and JSON path:
          errors    what would make the render fail (a binding that fails, an image that does
                    not decode, a missing field)
          warnings  what would render but look wrong: a character no font has, a font family
                    that is not installed, text that overflows its box, a link to an id no element
                    has, a table row with more cells than columns
        and "ok" with the record count when all is well.

        OPTIONS:
        \(CommandSupport.dataOptionsHelp)
          --strict          treat warnings as errors (exit 1 when there is any)
        \(CommandSupport.resourceOptionsHelp)

        EXIT STATUS: 0 no errors (warnings are printed); 1 warnings with --strict; 2 errors.

        EXAMPLES:
          galley check Templates/invoice.json --data Templates/invoice.data.json
          galley check Templates/report.json --data Templates/report.data.json --strict
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        let template = try CommandSupport.template(arguments, command: name)
        var checked = 0
        var failed = 0
        var warned = 0
        func check(_ value: JSONValue, _ index: Int?) {
            checked += 1
            let record = index.map { "record \($0): " } ?? ""
            do {
                let document = try template.bind(value, recordIndex: index)
                let options = DisplayOptions(maxConcurrentLayers: 1)
                for page in 0..<(try document.pageCount(isCancelled: .never)) {
                    _ = try document.displayPage(page, options: options)
                }
                for warning in document.warnings() {
                    warned += 1
                    printError("\(warning.origin ?? template.file): \(record)warning: \(warning.message)")
                }
            } catch let error as TemplateError {
                failed += 1
                printError(error.description)
            } catch {
                failed += 1
                printError("\(template.file): \(record)\(error)")
            }
        }
        if let path = arguments.value("data", "d") {
            do {
                for result in try CommandSupport.reader(path, arguments, template: template) {
                    switch result {
                    case .success(let record): check(record.value, record.index)
                    case .failure(let error):
                        checked += 1
                        failed += 1
                        printError("\(error)")
                    }
                }
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(message: "\(error)")
            }
        } else {
            check(template.sampleData ?? .object(JSONObject()), nil)
        }
        if failed > 0 {
            print("\(failed) of \(checked) record(s) failed" + (warned > 0 ? ", \(warned) warning(s)" : ""))
            return ExitStatus.usage
        }
        let strict = arguments.flag("strict")
        if warned > 0 {
            print("\(warned) warning(s) in \(checked) record(s)\(strict ? " (--strict: failing)" : "")")
            return strict ? ExitStatus.someFailed : ExitStatus.success
        }
        print("ok: \(template.file), \(checked) record(s)")
        return ExitStatus.success
    }
}
