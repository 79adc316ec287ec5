import DraftStore
import Testing

/// Cases N1–N3 of /work/shared/cases/README.md: whole numbers typed as text, quantity 1–50.
@Suite("Validation: whole numbers from text (N1–N3)")
struct ValidationWholeNumberCaseTests {
    private func quantityErrors(_ text: String) -> [FieldError] {
        ReorderRequest.validator.errors(in: ReorderRequest(productCode: "PEN", quantityText: text), for: "quantity")
    }

    @Test("N1: surrounding whitespace, leading zeros and a plus sign give 4", arguments: [" 4 ", "\t4\n", "04", "+4"])
    func n1Accepted(_ text: String) {
        #expect(WholeNumber.parse(text) == .value(4))
        #expect(quantityErrors(text).isEmpty)
    }

    @Test(
        "N1: anything but digits is not a whole number",
        arguments: ["4.5", "4.0", "4e1", "4abc", "4 5", "4\n5", "4,", "+", "-", "+-4", "--4", "0x10", "4\u{200B}5"]
    )
    func n1NotAWholeNumber(_ text: String) {
        #expect(WholeNumber.parse(text) == .notAWholeNumber)
        let errors = quantityErrors(text)
        #expect(errors.map(\.code) == [.notAWholeNumber])
        #expect(errors.first?.message != "Enter a whole number from 1 to 50")
        #expect(errors.first?.message.contains("digits only") == true)
    }

    @Test("N1: numbers outside 1–50 get the range message", arguments: ["0", "-0", "51", "-4"])
    func n1OutOfRange(_ text: String) {
        let errors = quantityErrors(text)
        #expect(errors.map(\.code) == [.outOfRange])
        #expect(errors.first?.message == "Enter a whole number from 1 to 50")
    }

    @Test("N1: empty and blank quantities are required errors", arguments: ["", "  "])
    func n1Required(_ text: String) {
        #expect(WholeNumber.parse(text) == .empty)
        #expect(quantityErrors(text).map(\.code) == [.required])
    }

    @Test("N2: decimal digits of any one script are accepted", arguments: ["٤", "４", "۴", "४", "+٠٤"])
    func n2OtherDigits(_ text: String) {
        #expect(WholeNumber.parse(text) == .value(4))
        #expect(quantityErrors(text).isEmpty)
        #expect(WholeNumber.parse("٤٢") == .value(42))
        #expect(WholeNumber.parse("５０") == .value(50))
    }

    @Test("N2: superscripts, other numerals and mixed scripts are not whole numbers", arguments: ["²", "4²", "Ⅳ", "½", "4٤", "①"])
    func n2NotDecimalDigits(_ text: String) {
        #expect(WholeNumber.parse(text) == .notAWholeNumber)
        #expect(quantityErrors(text).map(\.code) == [.notAWholeNumber])
    }

    @Test(
        "N3: overflow gives the range message, never a trap",
        arguments: ["99999999999999999999", "9223372036854775808", "-99999999999999999999", "-9223372036854775809"]
    )
    func n3Overflow(_ text: String) {
        let result = WholeNumber.parse(text)
        #expect(result == (text.hasPrefix("-") ? .tooSmall : .tooLarge))
        let errors = quantityErrors(text)
        #expect(errors.map(\.code) == [.outOfRange])
        #expect(errors.first?.message == "Enter a whole number from 1 to 50")
    }

    @Test("N3: the limits of Int parse exactly; overflow followed by junk is not a number")
    func n3Limits() {
        #expect(WholeNumber.parse("9223372036854775807") == .value(Int.max))
        #expect(WholeNumber.parse("-9223372036854775808") == .value(Int.min))
        #expect(WholeNumber.parse("99999999999999999999abc") == .notAWholeNumber)
    }
}
