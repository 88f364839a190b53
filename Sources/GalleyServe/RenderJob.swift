import Galley
import GalleyBatch
import GalleyRender
import GalleyTemplates

/// One document rendered on a worker thread: the record read from the request body, bound
/// under the time limit and written to bytes — `RecordRender`, the same path as `galley render`.
struct RenderJob: Sendable {
    let entry: TemplateCatalog.Entry
    let request: RenderRequest
    let maxPages: Int
    let maxPagePixels: Int

    /// The output of `record` as PDF bytes or one PNG page (`page`, 0-based).
    func output(_ record: JSONValue, recordIndex: Int? = nil, page: Int) throws -> (bytes: [UInt8], pageCount: Int) {
        let cancellation = CancellationSource(timeout: request.timeout)
        let document = try RecordRender.document(
            entry.template, record: record, recordIndex: recordIndex, resources: entry.resources,
            cancellation: cancellation)
        return try RecordRender.bytes(
            document, options: request.outputOptions(cancellation), page: page, maxPages: maxPages,
            maxPixels: maxPagePixels)
    }

    /// The response to `POST /render`: the body's record rendered, or the error as JSON. A
    /// `multipart/form-data` body carries the record in its `record` part and files beside it
    /// (`RequestAssets`).
    func response(body: [UInt8], contentType: String?) -> HTTPResponse {
        do {
            if let boundary = MultipartBody.boundary(of: contentType) {
                let multipart = try MultipartBody(body, boundary: boundary)
                let assets = try RequestAssets(multipart.parts)
                defer { assets.remove() }
                let template = try assets.template(entry.template)
                let job = RenderJob(
                    entry: TemplateCatalog.Entry(template: template, resources: RenderResources.forTemplate(template)),
                    request: request, maxPages: maxPages, maxPagePixels: maxPagePixels)
                let record = try Self.record(in: Array(assets.record), index: request.record, template: template)
                return try job.success(job.output(assets.resolving(record), page: request.page))
            }
            let record = try Self.record(in: body, index: request.record, template: entry.template)
            return success(try output(record, page: request.page))
        } catch {
            return ErrorResponse.make(error)
        }
    }

    private func success(_ output: (bytes: [UInt8], pageCount: Int)) -> HTTPResponse {
        var response = HTTPResponse.bytes(output.bytes, type: request.contentType)
        response.headers.append(("Galley-Page-Count", "\(output.pageCount)"))
        return response
    }

    /// The record a render request carries: record `index` of a JSON object or array body; an
    /// empty body is the template's `sampleData` (or `{}`), as `galley render` without `--data`.
    static func record(in body: [UInt8], index: Int, template: Template) throws -> JSONValue {
        guard body.contains(where: { !($0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09) }) else {
            return template.sampleData ?? .object(JSONObject())
        }
        for result in RecordReader(bytes: body, format: .json, file: "<request body>") {
            let record = try result.get()
            if record.index == index { return record.value }
        }
        throw RequestError("the body has no record \(index)", hint: "record numbers start at 0")
    }
}
