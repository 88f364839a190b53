import GalleyTemplates

/// An HTTP request's head: what a server can judge before reading the body.
public struct HTTPRequestHead: Sendable {
    /// `GET`, `POST`, …
    public let method: String
    /// The path, percent-decoded, without the query.
    public let path: String
    /// The query's arguments (the last value of a repeated name).
    public let query: [String: String]
    /// The headers, names in lower case.
    public let headers: [String: String]
    /// The client's address.
    public let remote: String

    /// A head; used by tests and by the daemon.
    public init(method: String, path: String, query: [String: String], headers: [String: String], remote: String) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.remote = remote
    }

    /// The declared body length, when the client sent one.
    public var contentLength: Int? { headers["content-length"].flatMap { Int($0) } }
}

/// A whole HTTP request: its head and its body.
public struct HTTPRequest: Sendable {
    public let head: HTTPRequestHead
    public let body: [UInt8]

    /// A request.
    public init(head: HTTPRequestHead, body: [UInt8]) {
        self.head = head
        self.body = body
    }
}

/// An HTTP response: a status, headers and a body held in memory or produced while it is sent.
public struct HTTPResponse: Sendable {
    /// Where the body comes from.
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Produced by another thread while the response is sent (a batch's zip, server-sent events).
        case stream(ResponseStream)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body
    /// What the access log and the metrics call the request's outcome when it failed (`template`,
    /// `timeout`, …); nil for a success.
    public var errorKind: String?

    /// A response.
    public init(
        status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([]),
        errorKind: String? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.errorKind = errorKind
    }

    /// A response of `bytes` with a content type.
    public static func bytes(_ bytes: [UInt8], type: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: .bytes(bytes))
    }

    /// A response of text.
    public static func text(_ text: String, type: String = "text/plain; charset=utf-8", status: Int = 200)
        -> HTTPResponse
    {
        bytes(Array(text.utf8), type: type, status: status)
    }

    /// A JSON response.
    public static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        text(value.jsonText + "\n", type: "application/json", status: status)
    }
}

/// What the daemon asks of the program serving requests; called on the connections' threads.
public protocol HTTPHandler: Sendable {
    /// A response to send instead of reading the body (a body over the limit, an unknown route),
    /// or nil to read the body and call ``respond(to:)``.
    func screen(_ head: HTTPRequestHead) -> HTTPResponse?
    /// The response to a whole request. May block: each connection has its own thread.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// A body that grew past the limit while it was read (the client sent no or a wrong length).
    func bodyTooLarge(_ head: HTTPRequestHead) -> HTTPResponse
    /// Called once a response was sent, or the connection ended before it was.
    func finished(_ head: HTTPRequestHead, status: Int, errorKind: String?, bytes: Int, seconds: Double)
}
