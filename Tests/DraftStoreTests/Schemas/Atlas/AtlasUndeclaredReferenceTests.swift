import DraftStore
import DraftStoreTesting
import Testing

/// `dialects` mapped without declaring its composite foreign key as references: the database
/// still has it, so a save must insert the referenced `spoken` row first.
struct LooseDialect: Entity, Equatable {
    var id: String?
    var countryNum: Int64 = 0
    var language = ""
    var name = ""
    static let schema = EntitySchema<LooseDialect>(
        table: "dialects",
        columns: [.primaryKey("id", \.id), .column("country_num", \.countryNum), .column("language", \.language), .column("name", \.name)])
}

@Suite struct AtlasUndeclaredReferenceTests {
    static let fixture = StoreFixture(
        migrations: Atlas.migrations, entities: [Country.self, City.self, Language.self, Spoken.self, LooseDialect.self])

    @Test
    func insertsFollowTheDatabasesForeignKeys() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            try context.insert(Spoken(countryNum: 7, language: "pt", share: 0.01))
            try context.insert(LooseDialect(id: "d-x", countryNum: 7, language: "pt", name: "Portuñol"))
            try context.save()
            #expect(try test.store.fetch(LooseDialect.self, key: "d-x")?.name == "Portuñol")
        }
    }

    @Test func aMissingCompositeParentIsNamedOnTheChildsColumns() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            try context.insert(LooseDialect(id: "d-x", countryNum: 7, language: "pt", name: "Portuñol"))
            let errors = rejectedFields { try context.save() }
            #expect(Set(errors.flatMap(\.fields)) == ["country_num", "language"])
            #expect(errors.allSatisfy { $0.code == .invalidReference })
        }
    }
}
