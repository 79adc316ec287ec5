import Foundation

/// Where an import file's bytes come from, a part at a time: a file handle (a regular file, a
/// pipe, `/dev/stdin`) or bytes already in memory, with the bytes read ahead to tell the format
/// given back first.
///
/// ```swift
/// let source = try ImportByteSource(path: "people.csv")
/// let head = try source.read(upTo: 4096)   // at most 4096 bytes; empty at the end
/// ```
final class ImportByteSource {
    /// Reads up to the given number of bytes; fewer only at the end (a short read of a pipe is
    /// completed), none at the end.
    private let reader: (Int) throws -> [UInt8]
    /// Bytes given back by ``unread(_:)``, returned before the reader's.
    private var pending: [UInt8] = []
    /// How much of ``pending`` was returned.
    private var offset = 0
    /// Closes the file, if one was opened.
    private let closer: () -> Void

    /// A source over bytes in memory.
    ///
    /// - Parameter bytes: The whole content.
    init(bytes: [UInt8]) {
        pending = bytes
        reader = { _ in [] }
        closer = {}
    }

    /// A source reading a file through a file handle, so pipes, `/dev/stdin`, process
    /// substitution (`<(…)`) and `/dev/null` read like regular files.
    ///
    /// - Parameter path: The file.
    /// - Throws: The system's error when the file cannot be opened.
    convenience init(path: String) throws {
        self.init(handle: try FileHandle(forReadingFrom: URL(fileURLWithPath: path)))
    }

    /// A source reading an open file handle (standard input for `import -`), closed with the source.
    ///
    /// - Parameter handle: The handle to read.
    init(handle: FileHandle) {
        reader = { count in
            var bytes: [UInt8] = []
            while bytes.count < count, let data = try handle.read(upToCount: count - bytes.count), !data.isEmpty {
                bytes += data
            }
            return bytes
        }
        closer = { try? handle.close() }
    }

    deinit { closer() }

    /// Reads the next bytes.
    ///
    /// - Parameter count: The most bytes to return.
    /// - Returns: `count` bytes, fewer at the end of the file, none after it.
    /// - Throws: The system's error when reading fails.
    func read(upTo count: Int) throws -> [UInt8] {
        guard offset == pending.count else {
            let part = Array(pending[offset..<min(offset + count, pending.count)])
            offset += part.count
            return part
        }
        return try reader(count)
    }

    /// Gives bytes back, to be read again first.
    ///
    /// - Parameter bytes: Bytes just read.
    func unread(_ bytes: [UInt8]) {
        pending = bytes + pending[offset...]
        offset = 0
    }
}
