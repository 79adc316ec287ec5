/// Reads and writes one stored property of an entity through its byte offset, when it has one,
/// rather than by applying its key path.
///
/// Applying a key path held in a variable goes through the key-path runtime, which looks up
/// generic metadata (`Result<Value, Never>`) on every access: about 430 instructions a read
/// (callgrind, W4 of `draftstore-bench`), more than the rest of a field comparison.
/// `MemoryLayout.offset(of:)` gives the byte offset of a stored property of a struct (and `nil`
/// for a computed property, a class's property or a layout not known at compile time); the
/// property is then read and written in place, as that API's documentation shows. Without an
/// offset, the key path is applied as usual.
@usableFromInline
struct PropertyAccess<Root, Value>: Sendable {
    /// The property.
    @usableFromInline let keyPath: WritableKeyPath<Root, Value> & Sendable
    /// Its byte offset in `Root`; `nil` when it has none.
    @usableFromInline let offset: Int?

    /// The access of one property.
    /// - Parameter keyPath: The property.
    @inlinable
    init(_ keyPath: WritableKeyPath<Root, Value> & Sendable) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// The property's value in `root`.
    @inlinable
    func get(_ root: Root) -> Value {
        guard let offset else { return root[keyPath: keyPath] }
        return withUnsafeBytes(of: root) { $0.load(fromByteOffset: offset, as: Value.self) }
    }

    /// Sets the property's value in `root`.
    @inlinable
    func set(_ root: inout Root, _ value: Value) {
        guard let offset else {
            root[keyPath: keyPath] = value
            return
        }
        withUnsafeMutableBytes(of: &root) { bytes in
            bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee = value
        }
    }
}
