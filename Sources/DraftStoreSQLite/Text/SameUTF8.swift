import Foundation

/// Whether two strings hold the same UTF-8 bytes: lengths first (O(1) for native strings),
/// then the contiguous bytes. `a.utf8.elementsEqual(b.utf8)` walked both views a code unit
/// at a time through the generic iterator, and so did `elementsEqual` over the two buffers
/// (~8 instructions a byte); `memcmp` compares them a word at a time.
/// - Complexity: O(*n*) in the length when the lengths are equal, O(1) otherwise.
@inlinable @inline(__always)
package func sameUTF8(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var (a, b) = (a, b)
    return a.withUTF8 { x in b.withUTF8 { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
}
