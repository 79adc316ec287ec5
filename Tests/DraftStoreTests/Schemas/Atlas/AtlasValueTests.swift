import DraftStore
import DraftStoreTesting
import TestTools
import Testing

/// The atlas schema's values: NUMERIC and REAL columns compared as SQLite stores them, column
/// DEFAULTs, an AFTER INSERT trigger and a generated column read back into the saved entity.
@Suite struct AtlasValueTests {
    static let fixture = AtlasReferenceTests.fixture

    /// Brazil's population was written as 1.0, which NUMERIC stores as the integer 1: read into a
    /// Double and written back, it is no change.
    @Test(arguments: [MergePolicy.error, .draftWins])
    func anUntouchedNumericFieldIsNoChangeAndNeverOverwritten(policy: MergePolicy) throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let item = try test.store.presentEdit(Country.self, id: 1)
            #expect(item.draft.population == 1.0)
            try writeBehind(test, "UPDATE countries SET population = 0.49, area = 8515767.0 WHERE id = 1")
            item.draft.name = "Brasil"
            let saved = try item.save(policy: policy)
            #expect(saved.name == "Brasil")
            try mirror.run(
                "UPDATE countries SET population = 0.49, area = 8515767.0 WHERE id = 1; UPDATE countries SET name = 'Brasil' WHERE id = 1")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func readingAndSavingUnchangedValuesWritesNothing() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            for city in try context.fetchAll(City.self) { try context.update(city) }
            for country in try context.fetchAll(Country.self) { try context.update(country) }
            #expect(!context.hasChanges)
            try expectNoWrites(test.store) { try context.save() }
        }
    }

    @Test func aRealFieldBothSidesChangedIsAConflict() throws {
        try Self.fixture.withEachKind { test in
            let item = try test.store.presentEdit(Spoken.self, key: RowKey(1, "gn"))
            try writeBehind(test, "UPDATE spoken SET share = 0.02 WHERE country_num = 1 AND language = 'gn'")
            item.draft.share = 0.05
            let conflict = saveConflict { _ = try item.save() }
            #expect(conflict?.objects.first?.key == RowKey(1, "gn"))
            #expect(
                conflict?.objects.first?.fields.first.map { [$0.base, $0.mine, $0.theirs] } == [.real(0.01), .real(0.05), .real(0.02)])
        }
    }

    /// Python's sqlite3 changes a WITHOUT ROWID row and a NUMERIC value: staleness sees it, the
    /// same field changed here is a conflict, and another field is merged.
    @Test(.requires(.python3)) func pythonsChangesToATextKeyedRow() throws {
        try Self.fixture.withStore(.file) { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            var guarani = try #require(try context.fetch(Language.self, key: "gn"))
            var chile = try #require(try context.fetch(Country.self, id: 3))
            let script =
                "c.execute(\"UPDATE languages SET name = 'Avañe''ẽ' WHERE code = 'gn'\")\nc.execute(\"UPDATE countries SET population = 19.0 WHERE id = 3\")"
            guard try runPython(test, script) else { return }
            #expect(Set(try context.staleObjects().map(\.table)) == ["languages", "countries"])
            guarani.name = "Guaraní"
            try context.update(guarani)
            chile.area = 756_102.4
            try context.update(chile)
            let conflict = saveConflict { try context.save() }
            #expect(conflict?.objects.map(\.table) == ["languages"])
            #expect(conflict?.objects.first?.fields.first?.theirs == .text("Avañe'ẽ"))
            context.forget(Language.self, key: "gn")
            try context.save()
            try mirror.run(
                "UPDATE languages SET name = 'Avañe''ẽ' WHERE code = 'gn'; UPDATE countries SET population = 19, area = 756102.4 WHERE id = 3"
            )
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func defaultsTriggersAndGeneratedColumnsAreReadBack() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let item = try test.store.presentNew(AtlasNote(id: "n-1", body: "hello big world"))
            let saved = try item.save()
            #expect(saved.title == "untitled")
            #expect(saved.created?.count == 19)
            #expect(saved.words == 3)
            #expect(saved.slug == "untitled")
            let context = test.newChildContext()
            var named = try context.insert(AtlasNote(id: "n-2", title: "Trip Plan", body: ""))
            try context.save()
            named = try #require(try context.fetch(AtlasNote.self, key: "n-2"))
            #expect(named.slug == "trip-plan" && named.words == 0 && named.created != nil)
            named.body = "pack the bags"
            try context.update(named)
            try context.save()
            #expect(try context.fetch(AtlasNote.self, key: "n-2")?.words == 3)
            try mirror.run(
                """
                INSERT INTO notes (id, body) VALUES ('n-1', 'hello big world');
                INSERT INTO notes (id, title, body) VALUES ('n-2', 'Trip Plan', '');
                UPDATE notes SET body = 'pack the bags' WHERE id = 'n-2';
                """)
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func aRowATriggerRewroteDeletesWithoutAFalseConflict() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            try context.insert(AtlasNote(id: "n-3", title: "Short Lived"))
            try context.save()
            #expect(try context.fetch(AtlasNote.self, key: "n-3")?.slug == "short-lived")
            try context.delete(AtlasNote.self, key: "n-3")
            try context.save()
            #expect(try test.store.fetch(AtlasNote.self, key: "n-3") == nil)
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func stalenessObservationAndRebaseOverTextAndCompositeKeys() throws {
        try Self.fixture.withEachKind { test in
            let deliveries = Deliveries<Language>()
            let observation = test.store.observe(FetchRequest<Language>.all.sorted(by: \.code)) { deliveries.append($0) }
            defer { observation.cancel() }
            let context = test.newChildContext()
            var spoken = try #require(try context.fetch(Spoken.self, key: RowKey(7, "es")))
            _ = try context.fetch(Language.self, key: "pt")
            let other = test.newChildContext()
            try other.insert(Language(code: "ay", name: "Aymara"))
            var portuguese = try #require(try other.fetch(Language.self, key: "pt"))
            portuguese.name = "Português"
            try other.update(portuguese)
            try other.save()
            waitForObservers(test.store)
            #expect(deliveries.last?.map(\.code) == ["ay", "es", "gn", "pt"])
            if test.kind == .file {
                try writeBehind(test, "UPDATE spoken SET share = 0.9 WHERE country_num = 7 AND language = 'es'")
            }
            let stale = try context.staleObjects()
            #expect(stale.first { $0.table == "languages" }?.key == "pt")
            #expect(stale.contains { $0.table == "spoken" } == (test.kind == .file))
            spoken.share = 0.95
            try context.update(spoken)
            let undecided = try context.rebase()
            #expect(undecided.map(\.table) == (test.kind == .file ? ["spoken"] : []))
            try context.save()
            #expect(try test.store.fetch(Spoken.self, key: RowKey(7, "es"))?.share == 0.95)
            #expect(try test.store.fetch(Language.self, key: "pt")?.name == "Português")
        }
    }
}
