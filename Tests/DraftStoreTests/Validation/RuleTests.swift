import DraftStore
import Testing

/// The remaining rule builders: format, custom, range, inclusion, optional values, builder control flow.
@Suite("Validation: rules")
struct ValidationRuleTests {
    struct Item: Sendable {
        var code = ""
        var note: String?
        var count = 0
        var limit: Int?
        var color = ""
    }

    static let strict = true

    static let validator = Validator<Item> {
        Field(\.code, "code", label: "Code", trims: true) {
            .required
            if strict { .format(/[A-Z]{3}-[0-9]+/, message: "Enter a code like ABC-123") }
            .custom(code: "reserved", message: "Choose a code other than ABC-000") { $0 != "ABC-000" }
        }
        Field(\.note, "note", label: "Note", trims: true) {
            .minLength(3); .format(message: "Start with a capital letter") { $0.first?.isUppercase == true }
        }
        Field(\.count, "count", label: "Count") { .range(1...9) }
        Field(\.limit, "limit", label: "Limit") { .range(10...20) }
        Field(\.color, "color", label: "Color") { .inclusion(in: ["red", "green"]) }
    }

    private func codes(_ item: Item) -> [String: FieldError.Code] {
        Dictionary(uniqueKeysWithValues: Self.validator.errors(in: item).map { ($0.field, $0.code) })
    }

    @Test("A valid item has no errors; empty optional fields pass every rule but required")
    func validItem() {
        #expect(codes(Item(code: " ABC-123 ", note: nil, count: 3, limit: nil, color: "")).isEmpty)
        #expect(codes(Item(code: "ABC-1", note: "  ", count: 3, limit: 15, color: "red")).isEmpty)
    }

    @Test("Format, custom, range and inclusion report their own codes and messages")
    func failingRules() {
        let item = Item(code: "abc", note: "no", count: 0, limit: 21, color: "Red")
        let expected: [String: FieldError.Code] = [
            "code": .invalidFormat, "note": .tooShort, "count": .outOfRange, "limit": .outOfRange, "color": .notIncluded,
        ]
        #expect(codes(item) == expected)
        let messages = Self.validator.errors(in: item).map(\.message)
        #expect(messages.contains("Enter a code like ABC-123"))
        #expect(messages.contains("Enter a whole number from 10 to 20"))
        #expect(messages.contains("Choose one of: red, green"))
        #expect(codes(Item(code: "ABC-000", count: 1))["code"] == "reserved")
        #expect(codes(Item(code: "ABC-1", note: "lower", count: 1))["note"] == .invalidFormat)
        #expect(codes(Item(code: "", count: 1))["code"] == .required)
    }

    @Test("Only the first failing rule of a field is reported")
    func firstFailureOnly() {
        let errors = Self.validator.errors(in: Item(code: "", count: 1), for: "code")
        #expect(errors.count == 1)
        #expect(errors.first?.message == "Fill in this field")
        #expect(Self.validator.errors(in: Item(code: "", count: 1), for: "unknown").isEmpty)
    }

    @Test("Field errors describe themselves; codes are extensible by string literal")
    func fieldErrorValues() {
        let error = FieldError(field: "quantity", code: "custom", message: "Enter 1–50 whole units")
        #expect(error.description == "quantity: Enter 1–50 whole units")
        #expect(error.source == .local)
        #expect(FieldError.Code.notUnique.rawValue == "notUnique")
        #expect(FieldError(field: "", code: .deleted, message: "Gone", source: .store).description == "Gone")
    }
}
