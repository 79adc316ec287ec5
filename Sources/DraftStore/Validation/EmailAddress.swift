/// The e-mail address check of the validation layer: the HTML standard's
/// "valid e-mail address", written by hand so that it runs in linear time.
///
/// The rule is the one browsers apply to `<input type=email>`, defined in the HTML
/// Living Standard, section 4.10.5.1.5 "E-mail state"
/// ([html.spec.whatwg.org](https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address)):
///
/// ```text
/// local-part "@" label *( "." label )
/// local-part = 1*( ALPHA / DIGIT / "." / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+"
///                  / "/" / "=" / "?" / "^" / "_" / "`" / "{" / "|" / "}" / "~" / "-" )
/// label      = ALPHA / DIGIT, then up to 61 of ALPHA / DIGIT / "-", then ALPHA / DIGIT (1–63 in all)
/// ```
///
/// Consequences worth knowing (case E2 of the shared cases):
///
/// - The standard is a "willful violation" of RFC 5322: the local part may start or end
///   with a dot and may hold two dots in a row, so `.sam@example.com` and
///   `sa..m@example.com` are **valid**. Quoted local parts and comments are not.
/// - A domain label is 1–63 letters, digits and hyphens, neither starting nor ending with
///   a hyphen; labels are separated by single dots, and a trailing dot is invalid.
/// - A one-label domain (`sam@localhost`) is valid, as in the standard.
/// - Only ASCII is accepted; internationalized addresses must be given in punycode.
///
/// Two additions of this library: surrounding whitespace is removed first with
/// `Trimming/trimmed(_:)`, and an address longer than 254 characters (the longest
/// that fits SMTP's 256-octet path, RFC 5321 section 4.5.3.1.3) is refused before the
/// pattern is looked at.
package enum EmailAddress {
    /// The most characters an address may have, checked before anything else is looked at.
    package static let maximumLength = 254

    /// Tells whether a text is a valid e-mail address as defined by the HTML standard for
    /// `<input type=email>`, after trimming surrounding whitespace.
    ///
    /// ```swift
    /// EmailAddress.isValid("sam+lists@example.museum")   // true
    /// EmailAddress.isValid(".sam@example.com")           // true: the HTML standard allows it
    /// EmailAddress.isValid("sam@example..com")           // false: empty domain label
    /// ```
    ///
    /// - Parameter s: The text to check; surrounding whitespace (as `Trimming` defines it)
    ///   is ignored, so the caller may pass it trimmed or not.
    /// - Returns: `true` when the trimmed text is at most ``maximumLength`` characters long
    ///   and matches the HTML standard's grammar.
    /// - Complexity: O(*n*) in the length of `s`: one pass to trim, then one pass over at most
    ///   254 bytes, with no backtracking.
    package static func isValid(_ s: String) -> Bool {
        let address = Trimming.trimmed(s)
        // Every accepted character is ASCII, so a UTF-8 count above the limit is always invalid.
        guard address.utf8.count <= maximumLength else { return false }
        return matchesGrammar(address.utf8)
    }

    /// Scans the bytes once: the local part up to the first "@", then the domain labels.
    private static func matchesGrammar(_ bytes: String.UTF8View) -> Bool {
        var iterator = bytes.makeIterator()
        var localLength = 0
        var sawAt = false
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "@") {
                sawAt = true
                break
            }
            guard isLocalPartByte(byte) else { return false }
            localLength += 1
        }
        guard sawAt, localLength > 0 else { return false }

        var labelLength = 0
        var previous: UInt8 = 0
        while let byte = iterator.next() {
            if byte == UInt8(ascii: ".") {
                // A label must be non-empty and must not end with a hyphen.
                guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
                labelLength = 0
            } else if isAlphanumeric(byte) || byte == UInt8(ascii: "-") {
                // A label must not start with a hyphen and holds at most 63 characters.
                if labelLength == 0 && byte == UInt8(ascii: "-") { return false }
                labelLength += 1
                guard labelLength <= 63 else { return false }
            } else {
                return false  // a second "@", whitespace, non-ASCII, or any other character
            }
            previous = byte
        }
        // The last label: non-empty (so no trailing dot and no empty domain), no trailing hyphen.
        return labelLength > 0 && previous != UInt8(ascii: "-")
    }

    /// ASCII letters and digits.
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }

    /// The local-part characters of the HTML standard: letters, digits and ``localPartSymbols``.
    private static func isLocalPartByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || localPartSymbols.contains(byte)
    }

    /// `.!#$%&'*+/=?^_`{|}~-`: the symbols the HTML standard allows in the local part.
    private static let localPartSymbols: Set<UInt8> = Set(".!#$%&'*+/=?^_`{|}~-".utf8)
}
