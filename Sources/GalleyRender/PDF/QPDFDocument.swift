import CQPDF
import Glibc

/// One PDF opened with libqpdf (its C API): read from memory, objects added and rewritten,
/// written back to memory, optionally AES-256 encrypted. The only place GalleyRender calls
/// qpdf; it owns the `qpdf_data` and frees it (and every object handle) in `deinit`.
///
/// Object handles (`Object`) are valid while the document lives. Errors are collected by qpdf
/// and checked at each fallible step through `check(_:)`, which throws `RenderError.pdf`.
final class QPDFDocument {
    /// A handle to one PDF object of this document.
    struct Object: Hashable {
        fileprivate let handle: qpdf_oh
    }

    private var data: qpdf_data?
    /// qpdf reads the input in place: the bytes stay allocated for the document's life.
    private let input: UnsafeMutableRawBufferPointer

    /// libqpdf's version (`11.3.0`).
    static var version: String { String(cString: galley_qpdf_get_qpdf_version()) }

    /// Parses `bytes` (a complete PDF).
    init(bytes: [UInt8], description: String) throws(RenderError) {
        try LazyLibrary.check(galley_qpdf_load())
        input = .allocate(byteCount: max(1, bytes.count), alignment: 1)
        bytes.withUnsafeBytes { source in input.copyMemory(from: source) }
        data = galley_qpdf_init()
        guard data != nil else { throw RenderError.pdf(operation: "qpdf_init", message: "out of memory") }
        galley_qpdf_silence_errors(data)
        galley_qpdf_set_suppress_warnings(data, QPDF_TRUE)
        let base = input.baseAddress?.assumingMemoryBound(to: CChar.self)
        _ = galley_qpdf_read_memory(data, description, base, UInt64(bytes.count), nil)
        try check("reading the PDF")
    }

    deinit {
        galley_qpdf_cleanup(&data)
        input.deallocate()
    }

    /// Throws the error qpdf recorded since the last check, naming `operation`.
    func check(_ operation: @autoclosure () -> String) throws(RenderError) {
        guard galley_qpdf_has_error(data) != QPDF_FALSE, let error = galley_qpdf_get_error(data) else { return }
        let text = galley_qpdf_get_error_full_text(data, error).map { String(cString: $0) } ?? "unknown error"
        throw RenderError.pdf(operation: operation(), message: text)
    }

    // MARK: Reading

    var trailer: Object { Object(handle: galley_qpdf_get_trailer(data)) }
    var root: Object { Object(handle: galley_qpdf_get_root(data)) }

    /// The pages in order.
    func pages() -> [Object] {
        let count = galley_qpdf_get_num_pages(data)
        guard count > 0 else { return [] }
        return (0..<count).map { Object(handle: galley_qpdf_get_page_n(data, Int($0))) }
    }

    /// The object numbered `id` (generation 0), or nil when there is none.
    func object(id: Int32) -> Object? {
        let object = galley_qpdf_get_object_by_id(data, id, 0)
        return isNull(Object(handle: object)) ? nil : Object(handle: object)
    }

    /// The value of `key` (without its slash) in a dictionary or stream dictionary.
    func value(_ object: Object, _ key: String) -> Object? {
        guard galley_qpdf_oh_has_key(data, object.handle, "/" + key) != QPDF_FALSE else { return nil }
        let value = Object(handle: galley_qpdf_oh_get_key(data, object.handle, "/" + key))
        return isNull(value) ? nil : value
    }

    func isNull(_ object: Object) -> Bool { galley_qpdf_oh_is_null(data, object.handle) != QPDF_FALSE }
    func isDictionary(_ object: Object) -> Bool { galley_qpdf_oh_is_dictionary(data, object.handle) != QPDF_FALSE }
    func isStream(_ object: Object) -> Bool { galley_qpdf_oh_is_stream(data, object.handle) != QPDF_FALSE }
    func isArray(_ object: Object) -> Bool { galley_qpdf_oh_is_array(data, object.handle) != QPDF_FALSE }

    /// The name's text without the slash (`/Link` → `Link`), or nil for a non-name.
    func nameValue(_ object: Object) -> String? {
        guard galley_qpdf_oh_is_name(data, object.handle) != QPDF_FALSE,
            let name = galley_qpdf_oh_get_name(data, object.handle)
        else { return nil }
        return String(String(cString: name).dropFirst())
    }

    /// A string's text (UTF-8 from PDFDocEncoding or UTF-16), or nil for a non-string.
    func stringValue(_ object: Object) -> String? {
        guard galley_qpdf_oh_is_string(data, object.handle) != QPDF_FALSE,
            let text = galley_qpdf_oh_get_utf8_value(data, object.handle)
        else { return nil }
        return String(cString: text)
    }

    func integerValue(_ object: Object) -> Int? {
        guard galley_qpdf_oh_is_integer(data, object.handle) != QPDF_FALSE else { return nil }
        return Int(galley_qpdf_oh_get_int_value(data, object.handle))
    }

    func items(_ array: Object) -> [Object] {
        guard isArray(array) else { return [] }
        let count = galley_qpdf_oh_get_array_n_items(data, array.handle)
        return (0..<max(0, count)).map { Object(handle: galley_qpdf_oh_get_array_item(data, array.handle, $0)) }
    }

    /// The dictionary's (or stream dictionary's) keys, with their slashes.
    func keys(_ dictionary: Object) -> [String] {
        var keys: [String] = []
        galley_qpdf_oh_begin_dict_key_iter(data, dictionary.handle)
        while galley_qpdf_oh_dict_more_keys(data) != QPDF_FALSE {
            if let key = galley_qpdf_oh_dict_next_key(data) { keys.append(String(cString: key)) }
        }
        return keys
    }

    /// The stream's data with its general-purpose filters (Flate, …) decoded.
    func streamData(_ stream: Object) throws(RenderError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        _ = galley_qpdf_oh_get_stream_data(data, stream.handle, qpdf_dl_generalized, nil, &buffer, &length)
        try check("reading a stream")
        guard let buffer else { return [] }
        defer { free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }

    // MARK: Making objects

    func name(_ text: String) -> Object { Object(handle: galley_qpdf_oh_new_name(data, "/" + text)) }
    /// A text string (PDFDocEncoding when it fits, else UTF-16BE with a byte order mark).
    func text(_ text: String) -> Object { Object(handle: galley_qpdf_oh_new_unicode_string(data, text)) }
    func bytes(_ bytes: [UInt8]) -> Object {
        Object(
            handle: bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    galley_qpdf_oh_new_binary_string(data, $0.baseAddress, $0.count)
                }
            })
    }
    func integer(_ value: Int) -> Object { Object(handle: galley_qpdf_oh_new_integer(data, Int64(value))) }
    func real(_ value: Double) -> Object { Object(handle: galley_qpdf_oh_new_real_from_double(data, value, 4)) }
    func bool(_ value: Bool) -> Object { Object(handle: galley_qpdf_oh_new_bool(data, value ? QPDF_TRUE : QPDF_FALSE)) }
    var null: Object { Object(handle: galley_qpdf_oh_new_null(data)) }

    func array(_ items: [Object]) -> Object {
        let array = Object(handle: galley_qpdf_oh_new_array(data))
        for item in items { galley_qpdf_oh_append_item(data, array.handle, item.handle) }
        return array
    }

    /// A dictionary with `entries` in order (keys without slashes).
    func dictionary(_ entries: KeyValuePairs<String, Object?>) -> Object {
        let dictionary = Object(handle: galley_qpdf_oh_new_dictionary(data))
        for (key, value) in entries {
            if let value { set(dictionary, key, value) }
        }
        return dictionary
    }

    /// A new indirect object holding `object` (a reference to it).
    func indirect(_ object: Object) -> Object { Object(handle: galley_qpdf_make_indirect_object(data, object.handle)) }

    /// A new indirect stream of `bytes`; with `compress` qpdf flates it when writing.
    func stream(_ bytes: [UInt8], dictionary entries: KeyValuePairs<String, Object?>) -> Object {
        let stream = Object(handle: galley_qpdf_oh_new_stream(data))
        replaceStreamData(stream, bytes)
        let dictionary = Object(handle: galley_qpdf_oh_get_dict(data, stream.handle))
        for (key, value) in entries {
            if let value { set(dictionary, key, value) }
        }
        return stream
    }

    /// Replaces a stream's data with unfiltered `bytes` (qpdf compresses them on write).
    func replaceStreamData(_ stream: Object, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            galley_qpdf_oh_replace_stream_data(
                data, stream.handle, buffer.baseAddress, buffer.count, null.handle, null.handle)
        }
    }

    /// The stream's dictionary.
    func dictionary(of stream: Object) -> Object { Object(handle: galley_qpdf_oh_get_dict(data, stream.handle)) }

    // MARK: Changing objects

    func set(_ dictionary: Object, _ key: String, _ value: Object) {
        galley_qpdf_oh_replace_key(data, dictionary.handle, "/" + key, value.handle)
    }

    func remove(_ dictionary: Object, _ key: String) {
        galley_qpdf_oh_remove_key(data, dictionary.handle, "/" + key)
    }

    func append(_ array: Object, _ item: Object) {
        galley_qpdf_oh_append_item(data, array.handle, item.handle)
    }

    // MARK: Writing

    /// Writes the document to memory: object streams kept as read, streams compressed, a
    /// deterministic `/ID` (from the content) unless encrypted, where qpdf must pick a random
    /// one before it writes anything.
    func write(encryption: PDFEncryption?) throws(RenderError) -> [UInt8] {
        _ = galley_qpdf_init_write_memory(data)
        try check("starting to write")
        galley_qpdf_set_compress_streams(data, QPDF_TRUE)
        galley_qpdf_set_object_stream_mode(data, qpdf_o_preserve)
        if let encryption {
            let permissions = encryption.permissions
            let copy: QPDF_BOOL = permissions.contains(.copy) ? QPDF_TRUE : QPDF_FALSE
            let modify: QPDF_BOOL = permissions.contains(.modify) ? QPDF_TRUE : QPDF_FALSE
            // Extraction for accessibility stays allowed (PDF/UA-1 §7.16: screen readers must read it).
            galley_qpdf_set_r6_encryption_parameters2(
                data, encryption.userPassword, encryption.ownerPassword, QPDF_TRUE, copy, modify, modify, modify,
                modify, permissions.contains(.print) ? qpdf_r3p_full : qpdf_r3p_none, QPDF_TRUE)
        } else {
            galley_qpdf_set_deterministic_ID(data, QPDF_TRUE)
        }
        _ = galley_qpdf_write(data)
        try check("writing the PDF")
        let length = galley_qpdf_get_buffer_length(data)
        guard let buffer = galley_qpdf_get_buffer(data) else { return [] }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
    }
}
