/// A list that keeps its first element inline and only the others in an array, so a list of
/// one — a text node measured at one width, nearly all of them — allocates nothing (an array
/// of one was an allocation per text node of every document).
///
/// Internal to this module on purpose: used from another module (tried for GalleyText's line
/// breaks), the collection algorithms reached its subscript through a protocol witness whose
/// read coroutine allocated on every access — more allocations than the list saved.
struct InlineFirstList<Element>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    private var inlineFirst: Element?
    private var others: [Element] = []

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { inlineFirst == nil ? 0 : 1 + others.count }

    subscript(position: Int) -> Element {
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

    mutating func append(_ element: Element) {
        if inlineFirst == nil {
            inlineFirst = element
        } else {
            others.append(element)
        }
    }

    mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        inlineFirst = nil
        others.removeAll(keepingCapacity: keepCapacity)
    }

    mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
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
