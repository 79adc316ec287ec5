import DraftStore
import Testing

/// The library's one case-folding function: full Unicode case folding, locale-independent.
@Suite("CaseFolding")
struct CaseFoldingTests {
    @Test func foldsBeyondASCIIAndFully() {
        #expect(CaseFolding.fold("GÖTTSCHE") == "göttsche")
        #expect(CaseFolding.fold("Änne") == "änne")
        #expect(CaseFolding.fold("Straße") == "strasse", "full folding: ß becomes ss")
        #expect(CaseFolding.fold("ﬁne") == "fine")
        #expect(CaseFolding.fold("ΣΊΣΥΦΟΣ") == CaseFolding.fold("σίσυφος"))
    }

    @Test func containsFoldsBothSidesAndTreatsEquivalentFormsAlike() {
        #expect(CaseFolding.contains("Jörg Göttsche", "GÖTT"))
        #expect(CaseFolding.contains("Änne Brandt", "a\u{308}nne"))
        #expect(CaseFolding.contains("anything", ""))
        #expect(!CaseFolding.contains("Ann Lee", "Bo"))
    }
}
