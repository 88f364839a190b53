// Renders the GalleyReport example: `report-example [OUTPUT.pdf] [--png PAGE OUTPUT.png]`.
// Default output: out/examples/report.pdf.
import Foundation
import GalleyReport

var arguments = Array(CommandLine.arguments.dropFirst())
var pngRequest: (page: Int, path: String)?
if let flag = arguments.firstIndex(of: "--png") {
    guard arguments.count > flag + 2, let page = Int(arguments[flag + 1]), page >= 1 else {
        FileHandle.standardError.write(Data("usage: report-example [OUTPUT.pdf] [--png PAGE OUTPUT.png]\n".utf8))
        exit(2)
    }
    pngRequest = (page, arguments[flag + 2])
    arguments.removeSubrange(flag...flag + 2)
}
let output = arguments.first ?? "out/examples/report.pdf"

do {
    let report = QuarterlyReport.document(ReportData())
    try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: output).deletingLastPathComponent(), withIntermediateDirectories: true)
    try report.writePDF(to: output)
    print("report-example: wrote \(output)")
    if let pngRequest {
        try report.writePNG(page: pngRequest.page - 1, to: pngRequest.path)
        print("report-example: wrote \(pngRequest.path)")
    }
} catch {
    FileHandle.standardError.write(Data("report-example: \(error)\n".utf8))
    exit(1)
}
