import CMicroHTTPD
import Glibc

/// libmicrohttpd's daemon, wrapped once: it listens on one IPv4 address, runs a thread per
/// connection, reads each request's head and body (up to a limit) and hands them to an
/// ``HTTPHandler``, then sends the response it returns — from memory, or from a
/// ``ResponseStream`` another thread fills.
///
/// libmicrohttpd calls back through C function pointers; they reach this object and each
/// request's state through `Unmanaged` pointers: the daemon's is unretained (the owner keeps the
/// daemon alive until ``stop()`` returns), a request's is retained from its first callback to
/// its completion callback.
public final class MicroHTTPDaemon: @unchecked Sendable {
    // @unchecked: `daemon` and `listenSocket` are written only by `init`, `quiesce` and `stop`,
    // which the owner calls from one thread; callbacks read only the `let`s.
    private var daemon: OpaquePointer?
    private var listenSocket: Int32 = -1
    let handler: any HTTPHandler
    let bodyLimit: Int
    /// The port it listens on (the kernel's choice for port 0).
    public private(set) var port: UInt16 = 0

    /// Starts listening.
    /// - Parameters:
    ///   - host: an IPv4 address (`127.0.0.1`, `0.0.0.0`) or `localhost`.
    ///   - port: the port; 0 lets the kernel choose one (read ``port``).
    ///   - handler: answers the requests (called on the connections' threads).
    ///   - bodyLimit: the largest request body read; a larger one gets `handler.bodyTooLarge`.
    ///   - connectionLimit: the most connections (threads) at once; more are refused.
    /// - Throws: ``ServeError`` when the address is not IPv4 or cannot be bound.
    public init(host: String, port: Int, handler: any HTTPHandler, bodyLimit: Int, connectionLimit: Int)
        throws(ServeError)
    {
        self.handler = handler
        self.bodyLimit = bodyLimit
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        let name = host == "localhost" ? "127.0.0.1" : host
        guard (0...65535).contains(port), inet_pton(AF_INET, name, &address.sin_addr) == 1 else {
            throw ServeError(
                "cannot listen on \(host):\(port): give an IPv4 address (127.0.0.1, 0.0.0.0) and a port 0-65535")
        }
        if let failure = galley_mhd_load() { throw ServeError(String(cString: failure)) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = galley_mhd_start(
            &address, accessCallback, context, completedCallback, context, UInt32(clamping: connectionLimit), 60,
            1 << 20)
        guard let daemon else {
            throw ServeError("cannot listen on \(host):\(port) (is the port in use?)")
        }
        self.port = galley_mhd_port(daemon)
    }

    deinit { stop() }

    /// Stops accepting connections (new ones are refused at once); connections already open
    /// keep being served.
    public func quiesce() {
        guard let daemon, listenSocket < 0 else { return }
        let socket = galley_MHD_quiesce_daemon(daemon)
        guard socket >= 0 else { return }
        listenSocket = socket
        // libmicrohttpd owns the socket until it stops; shutting it down makes the kernel refuse
        // new connections instead of queueing them where nobody accepts them.
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Closes every connection and joins their threads (call once nothing is in flight).
    public func stop() {
        guard let daemon else { return }
        galley_MHD_stop_daemon(daemon)
        self.daemon = nil
        if listenSocket >= 0 { close(listenSocket) }
        listenSocket = -1
    }

    /// The most bytes of a too-large body read and dropped before the 413 (past it the
    /// connection is closed after the response).
    static let drainLimit = 64 << 20

    /// One request between its first and its completion callback; touched only by its
    /// connection's thread.
    final class RequestState {
        let head: HTTPRequestHead
        let start = ContinuousClock.now
        var body: [UInt8] = []
        var responded = false
        /// The body passed the limit: the rest is read and dropped, then 413 is sent.
        var isTooLarge = false
        var drained = 0
        var status = 0
        var errorKind: String?
        var bytes = 0
        var stream: ResponseStream?

        init(head: HTTPRequestHead) {
            self.head = head
        }
    }

    fileprivate func access(
        _ connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let pointer = context.pointee else {
            let state = RequestState(head: head(connection, url: url, method: method))
            context.pointee = Unmanaged.passRetained(state).toOpaque()
            if let early = handler.screen(state.head) { return queue(early, on: connection, state) }
            if let length = state.head.contentLength, length > bodyLimit {
                // A client waiting for "100 Continue" gets the refusal before it sends the body;
                // any other is already sending, and would see a closed connection instead of
                // the 413 if it were not read (up to a bound) first.
                if state.head.headers["expect"]?.lowercased() == "100-continue" || length > Self.drainLimit {
                    return queue(handler.bodyTooLarge(state.head), on: connection, state)
                }
                state.isTooLarge = true
            }
            return .YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
        let size = uploadSize.pointee
        if size > 0 {
            uploadSize.pointee = 0
            if state.responded { return .YES }
            if state.body.count + size > bodyLimit { state.isTooLarge = true }
            if state.isTooLarge {
                state.drained += size
                state.body = []
                if state.drained > Self.drainLimit {
                    return queue(handler.bodyTooLarge(state.head), on: connection, state)
                }
                return .YES
            }
            if let upload {
                upload.withMemoryRebound(to: UInt8.self, capacity: size) {
                    state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                }
            }
            return .YES
        }
        if state.responded { return .YES }
        if state.isTooLarge { return queue(handler.bodyTooLarge(state.head), on: connection, state) }
        return queue(handler.respond(to: HTTPRequest(head: state.head, body: state.body)), on: connection, state)
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer, _ state: RequestState) -> MHD_Result {
        state.responded = true
        state.status = response.status
        state.errorKind = response.errorKind
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            state.bytes = bytes.count
            made = bytes.withUnsafeBytes {
                galley_MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            state.stream = stream
            let retained = Unmanaged.passRetained(stream).toOpaque()
            made = galley_MHD_create_response_from_callback(UInt64.max, 64 * 1024, readCallback, retained, freeCallback)
            if made == nil { Unmanaged<ResponseStream>.fromOpaque(retained).release() }
        }
        guard let made else { return .NO }
        defer { galley_MHD_destroy_response(made) }
        for (name, value) in response.headers { _ = galley_MHD_add_response_header(made, name, value) }
        return galley_MHD_queue_response(connection, UInt32(response.status), made)
    }

    fileprivate func completed(_ state: RequestState) {
        let bytes = state.stream?.bytesSent ?? state.bytes
        let elapsed = ContinuousClock.now - state.start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        handler.finished(state.head, status: state.status, errorKind: state.errorKind, bytes: bytes, seconds: seconds)
    }

    private func head(_ connection: OpaquePointer, url: String, method: String) -> HTTPRequestHead {
        let headers = Self.values(connection, .HEADER_KIND)
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        var address = [CChar](repeating: 0, count: 64)
        galley_mhd_client_address(connection, &address, socklen_t(address.count))
        return HTTPRequestHead(
            method: method, path: url, query: Self.values(connection, .GET_ARGUMENT_KIND), headers: lowered,
            remote: String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Collects one kind of value (headers, query arguments) through libmicrohttpd's iterator.
    private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        let box = ValueBox()
        let pointer = Unmanaged.passUnretained(box).toOpaque()
        _ = galley_MHD_get_connection_values(connection, kind, collectValue, pointer)
        return box.values
    }
}

/// The values one `MHD_get_connection_values` call collects.
private final class ValueBox {
    var values: [String: String] = [:]
}

private let collectValue: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return .YES }
    let box = Unmanaged<ValueBox>.fromOpaque(context).takeUnretainedValue()
    box.values[String(cString: key)] = value.map { String(cString: $0) } ?? ""
    return .YES
}

private let accessCallback: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, upload, uploadSize, requestContext in
    guard let context, let connection, let url, let method, let uploadSize, let requestContext else { return .NO }
    let daemon = Unmanaged<MicroHTTPDaemon>.fromOpaque(context).takeUnretainedValue()
    return daemon.access(
        connection, url: String(cString: url), method: String(cString: method), upload: upload,
        uploadSize: uploadSize, context: requestContext)
}

private let completedCallback: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
    guard let context, let requestContext, let pointer = requestContext.pointee else { return }
    requestContext.pointee = nil
    let state = Unmanaged<MicroHTTPDaemon.RequestState>.fromOpaque(pointer).takeRetainedValue()
    Unmanaged<MicroHTTPDaemon>.fromOpaque(context).takeUnretainedValue().completed(state)
}

private let readCallback: MHD_ContentReaderCallback = { context, _, buffer, count in
    guard let context, let buffer else { return -2 }
    let stream = Unmanaged<ResponseStream>.fromOpaque(context).takeUnretainedValue()
    switch stream.read(into: buffer, count: count) {
    case .bytes(let taken): return taken
    case .end: return -1  // MHD_CONTENT_READER_END_OF_STREAM
    case .error: return -2  // MHD_CONTENT_READER_END_WITH_ERROR
    }
}

private let freeCallback: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let stream = Unmanaged<ResponseStream>.fromOpaque(context).takeRetainedValue()
    // The connection is done with the body: a producer still writing stops.
    stream.cancel()
}

/// Why the server could not start or a request could not be served.
public struct ServeError: Error, Sendable, CustomStringConvertible {
    public let description: String

    /// An error with this message.
    public init(_ description: String) {
        self.description = description
    }
}
