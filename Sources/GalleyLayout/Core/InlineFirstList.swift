/// A list that keeps its first element inline and only the others in an array, so a list of
/// one allocates nothing. Lists of one are what most documents are made of: a text node
/// measured at one width, a paragraph of one line drawn by one glyph run — an array of one was
/// an allocation for each of them in every document.
///
/// Every member is inlinable, so other modules specialize the collection algorithms they call
/// on it: without that, they reached its subscript through a protocol witness whose read
/// coroutine allocated on every access, more allocations than the list saves. The first
/// element is always inline when the list is not empty, so equal lists are equal member-wise.
@frozen
public struct InlineFirstList<Element>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    @usableFromInline var inlineFirst: Element?
    @usableFromInline var others: [Element] = []

    @inlinable public init() {}

    /// The elements of `elements`, in order.
    @inlinable public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { inlineFirst == nil ? 0 : 1 + others.count }
    @inlinable public var count: Int { endIndex }
    @inlinable public var isEmpty: Bool { inlineFirst == nil }

    /// A getter and a setter: `_read` and `_modify` accessors measured slower (0.2 M more
    /// instructions a W1 invoice, more retains, not fewer).
    @inlinable public subscript(position: Int) -> Element {
        get {
            guard position != 0 else {
                guard let inlineFirst else { preconditionFailure("index 0 of an empty list") }
                return inlineFirst
            }
            return others[position - 1]
        }
        set {
            guard position != 0 else {
                precondition(inlineFirst != nil, "index 0 of an empty list")
                inlineFirst = newValue
                return
            }
            others[position - 1] = newValue
        }
    }

    /// Removes and returns the element at `position`, without rebuilding the list.
    @inlinable @discardableResult public mutating func remove(at position: Int) -> Element {
        guard position != 0 else {
            guard let first = inlineFirst else { preconditionFailure("index 0 of an empty list") }
            inlineFirst = others.isEmpty ? nil : others.removeFirst()
            return first
        }
        return others.remove(at: position - 1)
    }

    @inlinable public mutating func append(_ element: Element) {
        if inlineFirst == nil {
            inlineFirst = element
        } else {
            others.append(element)
        }
    }

    @inlinable public mutating func reserveCapacity(_ capacity: Int) {
        if capacity > 1 { others.reserveCapacity(capacity - 1) }
    }

    @inlinable public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        inlineFirst = nil
        others.removeAll(keepingCapacity: keepCapacity)
    }

    @inlinable public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Element {
        if subrange.isEmpty && subrange.lowerBound == endIndex {
            for element in newElements { append(element) }
            return
        }
        // Inserting before the end or removing: rare (a list of at most a few), done on an array.
        var all = Array(self)
        all.replaceSubrange(subrange, with: newElements)
        inlineFirst = all.first
        others = Array(all.dropFirst())
    }
}

extension InlineFirstList: ExpressibleByArrayLiteral {
    @inlinable public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension InlineFirstList: Equatable where Element: Equatable {}
extension InlineFirstList: Hashable where Element: Hashable {}
extension InlineFirstList: Sendable where Element: Sendable {}
