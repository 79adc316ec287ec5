import CSQLite
import DraftStore
import Foundation
import Testing

/// French words for every kind of error: what an app supplies to show its own language.
struct FrenchMessages: MessageProvider {
    func rule(_ rule: RuleMessage) -> String {
        switch rule {
        case .required: "Remplissez ce champ"
        case let .wholeNumber(range): "Saisissez un nombre entier de \(range.lowerBound) à \(range.upperBound)"
        case let .digitsOnly(range): "Saisissez uniquement des chiffres (de \(range.lowerBound) à \(range.upperBound))"
        case let .atLeast(count): "Saisissez au moins \(count) caractères"
        case let .atMost(count): "Saisissez au plus \(count) caractères"
        case .email, .emailTooLong: "Saisissez une adresse électronique valide"
        case .controlCharacters: "Retirez les caractères invisibles"
        case .inclusion: "Choisissez une des options"
        case .confirmation: "Saisissez exactement le même texte"
        case .acceptance: "Cochez la case pour accepter"
        }
    }

    func rejection(_ wording: RejectionWording) -> String {
        let champs = wording.labels.joined(separator: " et ")
        return switch wording.rejection.kind {
        case .unique, .primaryKey: "Un autre enregistrement « \(wording.entity) » a déjà ce \(champs)"
        case .check: "Valeur refusée par une règle de la base (\(wording.rejection.constraint ?? "sans nom"))"
        case .notNull: "Remplissez \(champs)"
        case .foreignKey: "La référence n’existe pas"
        case .trigger: "Refusé : \(wording.rejection.message ?? "")"
        case .rowDeleted: "Cette ligne a été supprimée"
        case .generated: "Calculé par la base ; non modifiable"
        case .notANumber, .datatype, .temporaryKey, .other: "Valeur refusée par la base"
        }
    }

    func conflict(_ conflict: ConflictError) -> String { "Modifié ailleurs entre-temps : \(conflict.objects.count) ligne(s)" }
    func storage(_ failure: StorageFailure) -> String { "La base de données a échoué (\(failure.kind.rawValue)) ; réessayez." }
    func misuse(_ misuse: Misuse) -> String { "Cet éditeur est fermé." }
    func refusal(_ source: FieldError.Source, errors: [FieldError]) -> String {
        (source == .local ? "Non enregistré : " : "Refusé par la base : ")
            + errors.map { "\($0.fields.joined(separator: ", ")) : \($0.message)" }.joined(separator: " ; ")
    }
}

@Suite struct MessageProviderTests {
    /// Words the English provider uses; none may appear once the provider is replaced.
    static let english = ["Another", "Enter", "Fill", "database", "try again", "refused", "deleted", "rule", "This "]

    func expectFrench(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for word in Self.english {
            #expect(!text.contains(word), "English left in \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyKindOfErrorIsWordedByTheReplacedProvider() throws {
        try Messages.withProvider(FrenchMessages()) {
            let store = try RefusalSchema.seededStore()
            var texts: [String] = []
            // Local validation.
            let blank = try store.presentNew(Supplier(name: "", code: ""))
            let invalid = try #require(throws: SaveError.self) { try blank.save() }
            texts += invalid.fieldErrors.map(\.message) + [invalid.description]
            #expect(invalid.fieldErrors.first?.message == "Remplissez ce champ")
            // Store rejections of each kind.
            var badCheck = Product(supplierID: 1, code: "P2")
            badCheck.price = -1
            let drafts: [Product] = [
                Product(supplierID: 1, code: "P1"), badCheck, Product(supplierID: 1, code: nil), Product(supplierID: 42, code: "P3"),
                Product(supplierID: 1, code: "RESERVED"),
            ]
            for draft in drafts {
                let item = try store.presentNew(draft)
                let error = try #require(throws: SaveError.self) { try item.save() }
                #expect(!error.rejections.isEmpty)
                texts += item.visibleErrors.map(\.message) + [error.description]
            }
            let unique = try store.presentNew(Supplier(name: "X", code: "acm"))
            let rejected = try #require(throws: SaveError.self) { try unique.save() }
            #expect(rejected.fieldErrors.first?.message == "Un autre enregistrement « Supplier » a déjà ce Code")
            let deleted = try store.presentEdit(Product.self, id: 1)
            deleted.draft.qty = 5
            try deleted.context.delete(Product.self, id: 1)
            texts += [try #require(throws: SaveError.self) { try deleted.save() }.description]
            // A conflict, a storage failure and a misuse.
            let edit = try store.presentEdit(Supplier.self, id: 1)
            edit.draft.name = "Mine"
            let other = store.newChildContext()
            var theirs = try #require(try other.fetch(Supplier.self, id: 1))
            theirs.name = "Theirs"
            try other.update(theirs)
            try other.save()
            texts += [try #require(throws: SaveError.self) { try edit.save() }.description]
            texts += [SaveError.storage(SQLiteError(extendedCode: SQLITE_FULL, message: "database or disk is full")).description]
            try edit.cancel()
            texts += [try #require(throws: SaveError.self) { try edit.save() }.description]
            #expect(texts.count >= 14)
            for text in texts { expectFrench(text) }
        }
        // Outside the scope, English again.
        #expect(SaveError.finished(.contextDiscarded).description.contains("discarded"))
    }

    @Test func theEnglishProviderUsesTheFormsLabels() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentNew(Supplier(name: "X", code: "acm"))
        let error = try #require(throws: SaveError.self) { try item.save() }
        #expect(error.fieldErrors.map(\.message) == ["Another supplier already has this code; enter a different one."])
        #expect(
            error.description == "Not saved, the database refused it: Code: Another supplier already has this code; enter a different one.")
        let storage = SaveError.storage(SQLiteError(extendedCode: SQLITE_BUSY, message: "database is locked"))
        #expect(storage.storageFailure?.kind == .busy)
        #expect(storage.description.contains("try again"))
        #expect(!error.description.contains("try again"))  // only storage says so
    }

    /// A value with one field per built-in rule.
    struct Signup: Hashable {
        var short = "a"
        var long = String(repeating: "x", count: 9)
        var email = "not an address"
        var control = "tab\there"
        var choice = "z"
        var password = "one"
        var repeated = "two"
        var terms = false
        var count = 99
        var digits = "1.5"
        var blank = ""
    }

    @Test func everyBuiltInRuleIsWordedByTheReplacedProvider() {
        let validator = Validator<Signup> {
            Field(\.short, "short", label: "Short") { .minLength(2) }
            Field(\.long, "long", label: "Long") { .maxLength(3) }
            Field(\.email, "email", label: "E-mail") { .email }
            Field(\.control, "control", label: "Control") { .noControlCharacters() }
            Field(\.choice, "choice", label: "Choice") { .inclusion(in: ["a", "b"]) }
            Field(\.repeated, "repeated", label: "Repeat") { .confirmation(of: \.password) }
            Field(\.terms, "terms", label: "Terms") { .acceptance }
            Field(\.count, "count", label: "Count") { .range(1...10) }
            Field(\.digits, "digits", label: "Digits") { .wholeNumber(in: 1...10) }
            Field(\.blank, "blank", label: "Blank") { .required }
        }
        let french = Messages.withProvider(FrenchMessages()) { validator.errors(in: Signup()).map(\.message) }
        #expect(french.count == 10)
        let provider = FrenchMessages()
        #expect(
            french == [
                provider.rule(.atLeast(2)), provider.rule(.atMost(3)), provider.rule(.email),
                provider.rule(.controlCharacters(allowingLineBreaks: false)),
                provider.rule(.inclusion(["a", "b"])), provider.rule(.confirmation), provider.rule(.acceptance),
                provider.rule(.wholeNumber(1...10)), provider.rule(.digitsOnly(1...10)), provider.rule(.required),
            ])
        for text in french { expectFrench(text) }
        #expect(validator.errors(in: Signup()).first?.message == "Enter at least 2 characters")
    }
}

/// A provider that words only the query, key-path and journal errors, in French: the rest stays English.
private struct FrenchLookupMessages: MessageProvider {
    private let english = EnglishMessages()
    func rule(_ rule: RuleMessage) -> String { english.rule(rule) }
    func rejection(_ wording: RejectionWording) -> String { english.rejection(wording) }
    func conflict(_ conflict: ConflictError) -> String { english.conflict(conflict) }
    func storage(_ failure: StorageFailure) -> String { english.storage(failure) }
    func misuse(_ misuse: Misuse) -> String { english.misuse(misuse) }
    func refusal(_ source: FieldError.Source, errors: [FieldError]) -> String { english.refusal(source, errors: errors) }
    func query(_ error: QueryError) -> String { "Requête impossible" }
    func unknownColumn(_ error: UnknownColumnError) -> String { "\(error.keyPath) n’est pas une colonne de \(error.table)" }
    func draftJournal(_ error: DraftJournalError) -> String { "Le journal des brouillons a échoué" }
}

@Suite struct LookupErrorWordingTests {
    @Test func queryKeyPathAndJournalErrorsAreWordedByTheProvider() throws {
        let query = QueryError.unsupportedCollation(table: "words", column: "spelling", collation: "unicase")
        let column = try #require(throws: UnknownColumnError.self) { try Supplier.schema.field(for: \Supplier.name.count) }
        let journal = DraftJournalError.unavailable(.inMemory)
        #expect(query.description.contains("collation 'unicase'"))
        #expect(column.description.contains("is not a declared column of Supplier (table \(column.table))"))
        #expect(journal.description.contains("open the store on a file"))
        Messages.withProvider(FrenchLookupMessages()) {
            #expect(query.description == "Requête impossible")
            #expect(column.description == "\(column.keyPath) n’est pas une colonne de \(column.table)")
            #expect(journal.description == "Le journal des brouillons a échoué")
        }
    }
}
