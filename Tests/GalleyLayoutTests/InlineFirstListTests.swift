import GalleyLayout
import GalleyTestSupport
import Testing

/// `InlineFirstList` behaves as an array would under the operations a text node's measurements
/// go through: appends, inserts at the front, removals, trims and lookups.
@Suite("Inline-first list")
struct InlineFirstListTests {
    @Test func randomEditsMatchAnArray() {
        var generator = SplitMix64(state: 21)
        for _ in 0..<200 {
            var list = InlineFirstList<Int>()
            var array: [Int] = []
            for step in 0..<40 {
                switch generator.next() % 6 {
                case 0, 1:
                    list.append(step)
                    array.append(step)
                case 2:
                    list.insert(step, at: 0)
                    array.insert(step, at: 0)
                case 3 where !array.isEmpty:
                    let index = Int(generator.next() % UInt64(array.count))
                    #expect(list.remove(at: index) == array.remove(at: index))
                case 4 where array.count > 3:
                    list.removeFirst(array.count - 3)
                    array.removeFirst(array.count - 3)
                case 5 where !array.isEmpty:
                    let index = Int(generator.next() % UInt64(array.count))
                    list[index] = -step
                    array[index] = -step
                default:
                    list.removeAll()
                    array.removeAll()
                }
                #expect(Array(list) == array)
                #expect(list.count == array.count)
                #expect(list.last { $0 % 2 == 0 } == array.last { $0 % 2 == 0 })
                #expect(list.firstIndex { $0 % 3 == 0 } == array.firstIndex { $0 % 3 == 0 })
                #expect(Array(list.reversed()) == Array(array.reversed()))
            }
        }
    }
}
