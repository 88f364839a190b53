import GalleyText

/// What a binding can see: the record's data plus named locals such as `item`, `index`, `page`.
///
/// Locals form a small immutable linked chain, newest first, so entering an `each` iteration
/// costs one allocation instead of copying a dictionary, and inner names shadow outer ones.
/// A path's first name is looked up among the locals first, then as a top-level key of the data.
/// The scope also carries the language number and date filters format in: the document's `lang`,
/// replaced inside an element with a `lang` of its own.
public struct BindingScope: Sendable {
    /// One local name and its value — or two bound together, the inner shadowing the outer (an
    /// iteration's `index` and item: one object, not two, per iteration) — linked to the locals
    /// bound before them.
    private final class Local: Sendable {
        let name: String
        let value: JSONValue
        let inner: (name: String, value: JSONValue)?
        let parent: Local?

        init(name: String, value: JSONValue, inner: (name: String, value: JSONValue)? = nil, parent: Local?) {
            self.name = name
            self.value = value
            self.inner = inner
            self.parent = parent
        }
    }

    /// The language and direction a document or element set (`lang`, `dir`), shared by every scope
    /// made inside them: one reference, so binding a local copies no strings.
    private final class Setting: Sendable {
        let locale: FormatLocale
        let language: String?
        let direction: TextDirection?

        init(locale: FormatLocale, language: String?, direction: TextDirection?) {
            self.locale = locale
            self.language = language
            self.direction = direction
        }
    }

    /// The record's data; its top-level keys are the root names of paths.
    public let data: JSONValue
    private let locals: Local?
    /// nil until a `lang` or `dir` is set: `en-US`, no language, no direction.
    private let setting: Setting?

    /// The language filters format numbers and dates in.
    public var locale: FormatLocale { setting?.locale ?? .default }
    /// The language a document or element named (nil: none did, `locale` is the default).
    public var language: String? { setting?.language }
    /// The base direction a document or element set with `dir` (nil: none did).
    public var direction: TextDirection? { setting?.direction }

    /// A scope over `data` with no locals, formatting in `en-US`.
    public init(data: JSONValue) {
        self.data = data
        self.locals = nil
        setting = nil
    }

    private init(data: JSONValue, locals: Local?, setting: Setting?) {
        self.data = data
        self.locals = locals
        self.setting = setting
    }

    /// This scope plus one local, which shadows any earlier local or data key of the same name.
    public func binding(_ name: String, to value: JSONValue) -> BindingScope {
        BindingScope(data: data, locals: Local(name: name, value: value, parent: locals), setting: setting)
    }

    /// This scope with filters formatting in `locale` (an element's or the document's `lang`).
    public func formatting(in locale: FormatLocale) -> BindingScope {
        BindingScope(
            data: data, locals: locals,
            setting: Setting(locale: locale, language: locale.tag, direction: setting?.direction))
    }

    /// This scope with `direction` as the base direction of its text and layout (`dir`).
    public func directed(_ direction: TextDirection) -> BindingScope {
        BindingScope(
            data: data, locals: locals,
            setting: Setting(locale: locale, language: setting?.language, direction: direction))
    }

    /// The scope for one `each` iteration: `name` (default `item`) is the element, `index` its 0-based position.
    public func iteration(_ element: JSONValue, index: Int, as name: String = "item") -> BindingScope {
        binding(name, to: element, then: "index", to: .number(Double(index)))
    }

    /// The scope for a header or footer: `page` (1-based) and `pages`.
    public func page(_ page: Int, of pages: Int) -> BindingScope {
        binding("page", to: .number(Double(page)), then: "pages", to: .number(Double(pages)))
    }

    /// `binding(outer, to: outerValue).binding(inner, to: innerValue)` in one local.
    private func binding(_ outer: String, to outerValue: JSONValue, then inner: String, to innerValue: JSONValue)
        -> BindingScope
    {
        BindingScope(
            data: data, locals: Local(name: outer, value: outerValue, inner: (inner, innerValue), parent: locals),
            setting: setting)
    }

    /// The value of a root name: the innermost local with that name, else the data's top-level key.
    public func lookup(_ name: String) -> JSONValue? {
        var local = locals
        while let current = local {
            if let inner = current.inner, inner.name == name { return inner.value }
            if current.name == name { return current.value }
            local = current.parent
        }
        return data[name]
    }
}
