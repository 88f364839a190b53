/// The live preview of one template (`galley preview`): filled in below.
public final class PreviewSession: Sendable {
    func respond(to request: HTTPRequest, parts: [String], server: RenderServer) -> HTTPResponse? { nil }
    func close() {}
}
