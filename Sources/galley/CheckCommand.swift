import Galley
import GalleyTemplates

/// `galley check`: validates a template, binds every record of the data, and lays each out.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "validate a template against sample data without rendering"
    static let valuedOptions: Set<String> = ["data", "d"]
    static let flagOptions: Set<String> = []
    static let help = """
        USAGE: galley check TEMPLATE [--data FILE]

        Parses and validates TEMPLATE, then binds and lays out every record of FILE (or the
        template's "sampleData"). Prints one line per problem with the file, line:column and JSON
        path, and "ok" with the record count when all is well. Exit status 2 on any problem.

        OPTIONS:
          --data, -d FILE   data: a JSON object, or a JSON array / NDJSON / CSV file of records (- = stdin)

        EXAMPLES:
          galley check Templates/invoice.json --data Templates/invoice.data.json
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        let template = try CommandSupport.template(arguments, command: name)
        var checked = 0
        var failed = 0
        func check(_ value: JSONValue, _ index: Int?) {
            checked += 1
            do {
                if template.isPaged {
                    _ = try template.bindPaged(value, recordIndex: index).paginate()
                } else {
                    _ = try template.bind(value, recordIndex: index).layout()
                }
            } catch {
                failed += 1
                printError(error.description)
            }
        }
        if let path = arguments.value("data", "d") {
            do {
                for result in try RecordReader(path: path) {
                    switch result {
                    case .success(let record): check(record.value, record.index)
                    case .failure(let error):
                        checked += 1
                        failed += 1
                        printError("\(error)")
                    }
                }
            } catch {
                throw CommandFailure(message: "\(error)")
            }
        } else {
            check(template.sampleData ?? .object(JSONObject()), nil)
        }
        print(failed == 0 ? "ok: \(template.file), \(checked) record(s)" : "\(failed) of \(checked) record(s) failed")
        return failed == 0 ? ExitStatus.success : ExitStatus.usage
    }
}
