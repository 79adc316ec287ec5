/// Turns the bytes a terminal sends into ``ScreenKey``s: UTF-8 text (split sequences are held
/// until complete), control keys, the escape sequences of arrows, Home/End, Delete and Shift-Tab,
/// and bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`).
///
/// A lone Esc cannot be told from the start of a sequence until more bytes come or none do:
/// ``feed(_:)`` keeps it pending, and the driver calls ``flush()`` when the terminal stays quiet.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed(Array("a\u{1B}[Z".utf8))   // [.text("a"), .backTab]
/// ```
struct KeyDecoder {
    private var pending: [UInt8] = []
    private var pasted: [UInt8]?

    private static let escape: UInt8 = 0x1B
    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// Whether bytes are waiting for the rest of a sequence (a lone Esc, a split character).
    var hasPending: Bool { !pending.isEmpty }

    /// Decodes the bytes read; incomplete sequences wait for the next call.
    /// - Parameter bytes: The bytes just read.
    /// - Returns: The keys completed, in order.
    mutating func feed(_ bytes: [UInt8]) -> [ScreenKey] {
        pending += bytes
        var keys: [ScreenKey] = []
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll()
        }
        var index = 0
        while index < pending.count {
            if pasted != nil {
                guard let end = Self.find(Self.pasteEnd, in: pending, from: index) else {
                    // Keep a possible start of the end marker for the next read.
                    let keep = max(index, pending.count - Self.pasteEnd.count + 1)
                    pasted! += pending[index..<keep]
                    index = keep
                    break
                }
                pasted! += pending[index..<end]
                keys.append(.paste(String(decoding: pasted!, as: UTF8.self)))
                pasted = nil
                index = end + Self.pasteEnd.count
                continue
            }
            let byte = pending[index]
            if byte >= 0x20 && byte != 0x7F {
                guard let length = Self.sequenceLength(byte) else {
                    index += 1  // a byte that cannot start a character: dropped
                    continue
                }
                guard index + length <= pending.count else { break }
                let scalar = Array(pending[index..<index + length])
                if String(validating: scalar, as: UTF8.self) != nil { text += scalar }
                index += length
                continue
            }
            flushText()
            if byte == Self.escape {
                guard let (key, length) = Self.escapeSequence(pending[index...]) else { break }
                if key == .paste("") {
                    pasted = []
                } else {
                    keys.append(key)
                }
                index += length
                continue
            }
            keys.append(Self.control(byte))
            index += 1
        }
        flushText()
        pending.removeFirst(index)
        return keys
    }

    /// Ends a wait: a pending lone Esc is the Esc key; an incomplete sequence is dropped.
    /// - Returns: `[.escape]` when a lone Esc was pending, else nothing.
    mutating func flush() -> [ScreenKey] {
        defer { pending.removeAll() }
        return pending.first == Self.escape ? [.escape] : []
    }

    private static func control(_ byte: UInt8) -> ScreenKey {
        switch byte {
        case 0x09: .tab
        case 0x0D, 0x0A: .enter
        case 0x7F, 0x08: .backspace
        case 0x13: .save
        case 0x1A: .undo
        case 0x19: .redo
        case 0x03: .interrupt
        case 0x01: .home
        case 0x05: .end
        default: .unknown
        }
    }

    /// The key of an escape sequence at the start of `bytes` and its length; `nil` when
    /// incomplete. Bracketed paste's start is returned as `.paste("")`.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (ScreenKey, Int)? {
        let bytes = Array(bytes)
        guard bytes.count >= 2 else { return nil }
        switch bytes[1] {
        case UInt8(ascii: "["):
            var end = 2
            while end < bytes.count, (0x30...0x3F).contains(bytes[end]) || (0x20...0x2F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return nil }
            let parameters = String(decoding: bytes[2..<end], as: UTF8.self)
            return (csiKey(parameters, final: bytes[end]), end + 1)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            let keys: [UInt8: ScreenKey] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end]
            return (keys[bytes[2]] ?? .unknown, 3)
        case escape:
            return (.escape, 1)
        default:
            // Esc followed at once by another key (Alt-key, or keys sent together): Esc first.
            return (.escape, 1)
        }
    }

    private static func csiKey(_ parameters: String, final: UInt8) -> ScreenKey {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch parameters {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "200": return .paste("")
            default: return .unknown
            }
        default: return .unknown
        }
    }

    /// The length of a UTF-8 sequence from its first byte; `nil` for a byte that cannot start one.
    private static func sequenceLength(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
