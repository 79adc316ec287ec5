/// Rows of `width` SQLite values each, packed as bytes close to the size SQLite stores them:
/// the storage of a ``TableRows``.
///
/// A value is a tag byte and its payload: nothing for `NULL`, a zigzag varint for an integer,
/// the 8 bytes of a real's bit pattern, a varint length and the bytes of a text (its UTF-8)
/// or a blob. Decoding gives back the same value byte for byte, so ``SQLiteValue/==(_:_:)``
/// holds between what was stored and what is read. A row's bytes sit in one chunk of about
/// 64 KiB (a longer row gets a chunk of its own), so storage grows a chunk at a time, never
/// by copying what it holds, and a row costs its bytes plus 8 for where it starts — where an
/// array of ``SQLiteValue`` costs 24 bytes a value and a heap string each text over 15 bytes.
///
/// A row rewritten with no more bytes stays in place; a longer one moves to the end, and the
/// bytes it left are reclaimed by compacting once they outweigh the rows.
struct PackedRows: Sendable {
    /// Values per row.
    let width: Int
    /// The chunks of bytes.
    private var chunks: [[UInt8]] = []
    /// Where row `i` starts: its chunk's index in the upper 32 bits, its offset in the lower.
    private var starts: [UInt64] = []
    /// Bytes of rows that moved or were dropped, not reclaimed yet.
    private var garbage = 0
    /// Bytes held by rows and garbage.
    private var used = 0

    /// The bytes a chunk holds before a new one is started.
    static let chunkSize = 64 * 1024

    /// Tags of the storage classes.
    private enum Tag: UInt8 { case null, integer, real, text, blob }

    /// No rows, of `width` values each.
    init(width: Int) { self.width = width }

    /// How many rows it holds.
    var count: Int { starts.count }

    /// Reserves room for the locations of `rows` rows in all.
    mutating func reserve(rows: Int) { starts.reserveCapacity(rows) }

    /// Appends a row.
    /// - Precondition: `row` has `width` values.
    mutating func append(_ row: some Collection<SQLiteValue>) {
        starts.append(place(row))
    }

    /// Replaces row `index`: in place when its bytes fit where the old ones were.
    /// - Precondition: `row` has `width` values.
    mutating func set(_ row: some Collection<SQLiteValue>, at index: Int) {
        let (chunk, offset) = Self.split(starts[index])
        let old = span(chunk: chunk, offset: offset)
        let size = row.reduce(0) { $0 + Self.size(of: $1) }
        if size <= old {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(size)
            for value in row { Self.append(value, to: &bytes) }
            chunks[chunk].replaceSubrange(offset..<(offset + size), with: bytes)
            garbage += old - size
        } else {
            garbage += old
            starts[index] = place(row)
        }
        if garbage > Self.chunkSize, garbage > used / 2 { compact() }
    }

    /// Row `index`, decoded.
    func row(at index: Int) -> [SQLiteValue] {
        let (chunk, offset) = Self.split(starts[index])
        return chunks[chunk].withUnsafeBufferPointer { buffer in
            var position = offset
            var row: [SQLiteValue] = []
            row.reserveCapacity(width)
            for _ in 0..<width { row.append(Self.read(buffer, at: &position)) }
            return row
        }
    }

    /// Whether row `index` holds exactly `row` (text and blobs by bytes), decoding no text.
    func matches(_ row: [SQLiteValue], at index: Int) -> Bool {
        let (chunk, offset) = Self.split(starts[index])
        return chunks[chunk].withUnsafeBufferPointer { buffer in
            var position = offset
            for value in row {
                guard Self.skip(buffer, at: &position, ifEqualTo: value) else { return false }
            }
            return true
        }
    }

    /// The negative integers of row `index`, with their columns, decoding no text.
    func negativeIntegers(at index: Int) -> [(column: Int, value: Int64)] {
        let (chunk, offset) = Self.split(starts[index])
        return chunks[chunk].withUnsafeBufferPointer { buffer in
            var position = offset
            var found: [(column: Int, value: Int64)] = []
            for column in 0..<width {
                guard buffer[position] == 1, case let .integer(value) = Self.read(buffer, at: &position) else {
                    Self.skip(buffer, at: &position)
                    continue
                }
                if value < 0 { found.append((column, value)) }
            }
            return found
        }
    }

    /// Appends `row`'s bytes to the last chunk, or a new one, and returns where they start.
    private mutating func place(_ row: some Collection<SQLiteValue>) -> UInt64 {
        precondition(row.count == width, "a row of \(row.count) values for \(width) columns")
        let size = row.reduce(0) { $0 + Self.size(of: $1) }
        if chunks.isEmpty || chunks[chunks.count - 1].count + size > chunks[chunks.count - 1].capacity {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(max(Self.chunkSize, size))
            chunks.append(chunk)
        }
        let chunk = chunks.count - 1
        let offset = chunks[chunk].count
        for value in row { Self.append(value, to: &chunks[chunk]) }
        used += size
        return UInt64(chunk) << 32 | UInt64(offset)
    }

    /// Copies every row into new chunks, leaving the garbage behind.
    private mutating func compact() {
        var packed = PackedRows(width: width)
        packed.reserve(rows: count)
        for index in 0..<count { packed.append(row(at: index)) }
        self = packed
    }

    /// The bytes of the row starting at `offset` of `chunk`.
    private func span(chunk: Int, offset: Int) -> Int {
        chunks[chunk].withUnsafeBufferPointer { buffer in
            var position = offset
            for _ in 0..<width { Self.skip(buffer, at: &position) }
            return position - offset
        }
    }

    /// A location's chunk and offset.
    private static func split(_ start: UInt64) -> (chunk: Int, offset: Int) {
        (Int(start >> 32), Int(start & 0xFFFF_FFFF))
    }
}
