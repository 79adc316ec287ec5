import Foundation

/// The bytes of one value in a ``PackedRows``: a tag byte, then its payload.
extension PackedRows {
    /// The bytes `value` takes.
    static func size(of value: SQLiteValue) -> Int {
        switch value {
        case .null: 1
        case let .integer(integer): 1 + varintSize(zigzag(integer))
        case .real: 9
        case let .text(text): 1 + varintSize(UInt64(text.utf8.count)) + text.utf8.count
        case let .blob(blob): 1 + varintSize(UInt64(blob.count)) + blob.count
        }
    }

    /// Appends `value`'s bytes.
    static func append(_ value: SQLiteValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(0)
        case let .integer(integer):
            bytes.append(1)
            appendVarint(zigzag(integer), to: &bytes)
        case let .real(real):
            bytes.append(2)
            withUnsafeBytes(of: real.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        case let .text(text):
            bytes.append(3)
            appendVarint(UInt64(text.utf8.count), to: &bytes)
            bytes.append(contentsOf: text.utf8)
        case let .blob(blob):
            bytes.append(4)
            appendVarint(UInt64(blob.count), to: &bytes)
            bytes.append(contentsOf: blob)
        }
    }

    /// The value at `position`, moving it past the value.
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, at position: inout Int) -> SQLiteValue {
        let tag = buffer[position]
        position += 1
        switch tag {
        case 0: return .null
        case 1: return .integer(unzigzag(readVarint(buffer, at: &position)))
        case 2:
            var bits: UInt64 = 0
            for shift in 0..<8 { bits |= UInt64(buffer[position + shift]) << (8 * shift) }
            position += 8
            return .real(Double(bitPattern: bits))
        default:
            let count = Int(readVarint(buffer, at: &position))
            let bytes = UnsafeBufferPointer(rebasing: buffer[position..<(position + count)])
            position += count
            // The bytes are a Swift string's UTF-8, so decoding repairs nothing.
            return tag == 3 ? .text(String(decoding: bytes, as: UTF8.self)) : .blob(Data(bytes))
        }
    }

    /// Moves `position` past one value.
    static func skip(_ buffer: UnsafeBufferPointer<UInt8>, at position: inout Int) {
        let tag = buffer[position]
        position += 1
        switch tag {
        case 0: break
        case 1: _ = readVarint(buffer, at: &position)
        case 2: position += 8
        default: position += Int(readVarint(buffer, at: &position))
        }
    }

    /// Moves `position` past one value and tells whether it equals `value` (as
    /// ``SQLiteValue/==(_:_:)`` does: text and blobs by bytes, reals by `==`), making no string.
    static func skip(_ buffer: UnsafeBufferPointer<UInt8>, at position: inout Int, ifEqualTo value: SQLiteValue) -> Bool {
        let start = position
        switch (buffer[position], value) {
        case (0, .null): position += 1
        case (1, .integer), (2, .real): return read(buffer, at: &position) == value
        case let (3, .text(text)):
            position += 1
            let count = Int(readVarint(buffer, at: &position))
            defer { position += count }
            guard count == text.utf8.count else { return false }
            let stored = buffer[position..<(position + count)]
            return text.utf8.withContiguousStorageIfAvailable { stored.elementsEqual($0) } ?? stored.elementsEqual(text.utf8)
        case let (4, .blob(blob)):
            position += 1
            let count = Int(readVarint(buffer, at: &position))
            defer { position += count }
            return count == blob.count && buffer[position..<(position + count)].elementsEqual(blob)
        default:
            skip(buffer, at: &position)
            return false
        }
        return position > start
    }

    /// An integer with its sign folded into the lowest bit, so small magnitudes take few bytes.
    private static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    /// The inverse of ``zigzag(_:)``.
    private static func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }

    /// The bytes of a varint of 7 bits a byte.
    private static func varintSize(_ value: UInt64) -> Int { max(1, (64 - value.leadingZeroBitCount + 6) / 7) }

    /// Appends a varint of 7 bits a byte, low bits first, the high bit set on all but the last.
    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Reads a varint, moving `position` past it.
    private static func readVarint(_ buffer: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = buffer[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
