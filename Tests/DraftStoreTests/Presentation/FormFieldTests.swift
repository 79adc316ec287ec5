import DraftStore
import DraftStoreTesting
import Testing

/// A crew and its members, both with a field named `name`: fields named by key path, the
/// original beside the draft, and a related object's local errors named on that object.
private struct Crew: Entity {
    var id: Int64?
    var name = ""
    static let schema = EntitySchema<Crew>(
        table: "crews",
        columns: [
            .primaryKey("id", \.id),
            .column("crew_name", \.name, field: "name", label: "Crew name", help: "As painted on the boat", rules: [.required]),
        ])
}

private struct CrewMember: Entity {
    var id: Int64?
    var crewID: Int64 = 0
    var name = ""
    static let schema = EntitySchema<CrewMember>(
        table: "crew_members",
        columns: [
            .primaryKey("id", \.id), .reference("crew_id", \.crewID, to: Crew.self),
            .column("member_name", \.name, field: "name", label: "Member name", rules: [.required, .length(2...40)]),
        ])
}

@Suite struct FormFieldTests {
    static let fixture = StoreFixture(
        migrations: [
            Migration(
                name: "0001",
                sql: """
                    CREATE TABLE crews (id INTEGER PRIMARY KEY, crew_name TEXT NOT NULL);
                    CREATE TABLE crew_members (id INTEGER PRIMARY KEY, crew_id INTEGER NOT NULL REFERENCES crews(id),
                                               member_name TEXT NOT NULL);
                    INSERT INTO crews VALUES (1, 'Gull');
                    """)
        ], entities: [Crew.self, CrewMember.self])

    /// `item.field(\.name)` never throws: the declared label and help, the visible errors, edited or not.
    @Test func aFieldNamedByKeyPathCarriesItsDeclarationAndErrors() throws {
        try Self.fixture.withStore { test in
            let item = try test.store.presentNew(Crew())
            #expect(item.field(\.name).label == "Crew name" && item.field(\.name).help == "As painted on the boat")
            #expect(item.field(\.name).errors.isEmpty && !item.field(\.name).isEdited)
            item.draft.name = " "
            #expect(item.field(\.name).errors.map(\.code) == [.required])
            #expect(item.field(\.name).isEdited)
            #expect(item.field(\.name).errors == item.form.visibleErrors(for: "name"))
        }
    }

    /// A key path that is no declared column does not throw, and does not show nothing: its error says so.
    @Test func aKeyPathThatIsNoColumnShowsTheMistake() throws {
        try Self.fixture.withStore { test in
            let item = try test.store.presentNew(Crew())
            let field = item.field(\.name.count)
            #expect(field.errors.map(\.code) == ["unknownColumn"])
            #expect(field.errors.first?.message.contains("is not a declared column of Crew") == true, "\(field.errors)")
        }
    }

    /// The original beside the draft: the row as read, from the item and from its context.
    @Test func theOriginalIsTheRowAsRead() throws {
        try Self.fixture.withEachKind { test in
            let item = try test.store.presentEdit(Crew.self, id: 1)
            item.draft.name = "Tern"
            #expect(item.original?.name == "Gull")
            #expect(try item.context.original(Crew.self, key: 1)?.name == "Gull")
            #expect(try item.context.fetch(Crew.self, id: 1)?.name == "Tern")
            try item.save()
            #expect(item.original?.name == "Gull")  // as presented, after the end too
            #expect(try test.store.presentNew(Crew(name: "Skua")).original == nil)  // an add has none
            let context = test.newChildContext()
            let inserted = try context.insert(Crew(name: "Skua"))
            #expect(try context.original(Crew.self, key: RowKey(.integer(inserted.id!))) == nil)
        }
    }

    /// A related object's local errors name it (`crew_members[1].name`), in `dryRun()` and
    /// `save()`, and are never shown under the draft's own `name`.
    @Test func aRelatedObjectsLocalErrorsCarryTheObject() throws {
        try Self.fixture.withStore { test in
            let item = try test.store.presentNew(Crew(name: "Skua"))
            try item.insertRelated(CrewMember(crewID: item.draft.id!, name: "A"))
            let dry = try item.dryRun()
            #expect(dry.map(\.fields) == [["crew_members[1].name"]])
            #expect(dry.map(\.field) == ["crew_members[1].name"])
            #expect(dry.first?.labels == ["Member name"])
            let error = try #require(throws: SaveError.self) { try item.save() }
            guard case let .invalid(errors) = error else {
                Issue.record("expected .invalid, got \(error)")
                return
            }
            #expect(errors.map(\.fields) == [["crew_members[1].name"]])
            #expect(item.form.visibleErrors(for: "name").isEmpty)
            #expect(!errors.contains { $0.concerns("name") })
        }
    }
}

extension Crew {
    init(name: String) { self.name = name }
}

extension CrewMember {
    init(crewID: Int64, name: String) {
        self.crewID = crewID
        self.name = name
    }
}
