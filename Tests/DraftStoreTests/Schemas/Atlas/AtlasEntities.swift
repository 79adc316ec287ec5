import DraftStore

// Entities for the tests' own atlas schema (Fixtures/Atlas.swift).

enum Atlas {
    static let migrations = SchemaFixtures.migrations("atlas", SchemaFixtures.atlas)
    static let entities: [any Entity.Type] = [
        Country.self, City.self, Language.self, Spoken.self, Dialect.self, AtlasNote.self, Folder.self, AtlasVisit.self, Phrase.self,
        LedgerEntry.self,
    ]
    /// Columns the clock fills (DEFAULT CURRENT_TIMESTAMP), compared as NULL with plain SQL.
    static let clockColumns: Set<String> = ["created"]
}

struct Country: Entity, Equatable {
    var id: Int64?
    var num: Int64 = 0
    var name = ""
    var population: Double?
    var area: Double?
    static let schema = EntitySchema<Country>(
        table: "countries",
        columns: [
            .primaryKey("id", \.id), .column("num", \.num), .column("name", \.name), .column("population", \.population),
            .column("area", \.area),
        ])
}

struct City: Entity, Equatable {
    var id: Int64?
    var countryNum: Int64 = 0
    var capitalOf: Int64?
    var name = ""
    var rating: Double?
    static let schema = EntitySchema<City>(
        table: "cities",
        columns: [
            .primaryKey("id", \.id), .reference("country_num", \.countryNum, to: Country.self),
            .reference("capital_of", \.capitalOf, to: Country.self), .column("name", \.name), .column("rating", \.rating),
        ])
}

struct Language: Entity, Equatable {
    var code: String?
    var name = ""
    static let schema = EntitySchema<Language>(table: "languages", columns: [.primaryKey("code", \.code), .column("name", \.name)])
}

struct Spoken: Entity, Equatable {
    var countryNum: Int64?
    var language: String?
    var share: Double?
    static let schema = EntitySchema<Spoken>(
        table: "spoken",
        columns: [
            .primaryKey("country_num", \.countryNum, references: Country.self),
            .primaryKey("language", \.language, references: Language.self),
            .column("share", \.share),
        ])
}

struct Dialect: Entity, Equatable {
    var id: String?
    var countryNum: Int64 = 0
    var language = ""
    var name = ""
    static let schema = EntitySchema<Dialect>(
        table: "dialects",
        columns: [
            .primaryKey("id", \.id), .reference("country_num", \.countryNum, to: Spoken.self),
            .reference("language", \.language, to: Spoken.self),
            .column("name", \.name),
        ])
}

struct AtlasNote: Entity, Equatable {
    var id: String?
    var title: String?
    var created: String?
    var body: String?
    var words: Int64?
    var slug: String?
    static let schema = EntitySchema<AtlasNote>(
        table: "notes",
        columns: [
            .primaryKey("id", \.id), .column("title", \.title), .column("created", \.created), .column("body", \.body),
            .column("words", \.words), .column("slug", \.slug),
        ])
}

struct Folder: Entity, Equatable {
    var id: Int64?
    var parentID: Int64?
    var name = ""
    static let schema = EntitySchema<Folder>(
        table: "folders", columns: [.primaryKey("id", \.id), .reference("parent_id", \.parentID, to: Folder.self), .column("name", \.name)])
}

struct AtlasVisit: Entity, Equatable {
    var id: Int64?
    var cityID: Int64?
    var language: String?
    var note: String?
    static let schema = EntitySchema<AtlasVisit>(
        table: "visits",
        columns: [
            .primaryKey("id", \.id), .reference("city_id", \.cityID, to: City.self), .reference("language", \.language, to: Language.self),
            .column("note", \.note),
        ])
}

struct Phrase: Entity, Equatable {
    var id: String?
    var countryNum: Int64?
    var language: String?
    var text = ""
    static let schema = EntitySchema<Phrase>(
        table: "phrases",
        columns: [
            .primaryKey("id", \.id), .reference("country_num", \.countryNum, to: Spoken.self),
            .reference("language", \.language, to: Spoken.self),
            .column("text", \.text),
        ])
}

struct LedgerEntry: Entity, Equatable {
    var id: String?
    var countryNum: Int64?
    var amount = 0.0
    var qty: Int64 = 0
    var memo: String?
    static let schema = EntitySchema<LedgerEntry>(
        table: "ledger",
        columns: [
            .primaryKey("id", \.id), .reference("country_num", \.countryNum, to: Country.self), .column("amount", \.amount),
            .column("qty", \.qty), .column("memo", \.memo),
        ])
}
