import DraftStore
import DraftStoreTesting
import Testing

/// The atlas schema's references: to a non-key UNIQUE column (CASCADE and SET NULL), composite,
/// to a WITHOUT ROWID table with a TEXT key, and to the table itself — each compared with plain SQL.
@Suite struct AtlasReferenceTests {
    static let fixture = StoreFixture(migrations: Atlas.migrations, entities: Atlas.entities)

    /// Brazil has id 1 and num 2, Argentina id 2 and num 1: deleting Brazil must delete the cities
    /// whose country_num is 2 and null the capital_of that is 2 — never touch Argentina's.
    @Test(arguments: [false, true])
    func deletingACountryCascadesByTheReferencedColumn(registeredFirst: Bool) throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            if registeredFirst { _ = try context.fetchAll(City.self) }
            try context.delete(Country.self, id: 1)
            let cities = try context.fetchAll(City.self).sorted { $0.id! < $1.id! }
            #expect(cities.map(\.name) == ["Buenos Aires", "Rosario", "Santiago", "Valparaiso"])
            #expect(cities.first { $0.name == "Buenos Aires" }?.capitalOf == 1)
            #expect(cities.first { $0.name == "Valparaiso" }?.capitalOf == nil)
            #expect(try context.fetch(Spoken.self, key: RowKey(2, "pt")) == nil)
            #expect(try context.fetch(Spoken.self, key: RowKey(1, "es")) != nil)
            #expect(try context.fetch(Dialect.self, key: "d-carioca") == nil)
            try context.save()
            try mirror.run("DELETE FROM countries WHERE id = 1")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func compositeAndTextKeyCascades() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            _ = try context.fetchAll(Dialect.self)
            try context.delete(Spoken.self, key: RowKey(1, "es"))
            #expect(try context.fetch(Dialect.self, key: "d-rioplatense") == nil)
            #expect(try context.fetch(Dialect.self, key: "d-chileno") != nil)
            try context.delete(Language.self, key: "es")
            #expect(try context.fetch(Spoken.self, key: RowKey(7, "es")) == nil)
            #expect(try context.fetchAll(Dialect.self).map(\.id) == ["d-carioca"])
            try context.save()
            try mirror.run("DELETE FROM spoken WHERE country_num = 1 AND language = 'es'; DELETE FROM languages WHERE code = 'es'")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test(arguments: [false, true])
    func compositeSetNullNullsEveryColumnOfTheKey(registeredFirst: Bool) throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            if registeredFirst { _ = try context.fetchAll(Phrase.self) }
            try context.delete(Spoken.self, key: RowKey(7, "es"))
            #expect(try context.fetch(Phrase.self, key: "p-cachai") == Phrase(id: "p-cachai", text: "¿cachai?"))
            #expect(try context.fetch(Phrase.self, key: "p-che")?.countryNum == 1)
            try context.delete(Country.self, id: 2)
            #expect(try context.fetch(Phrase.self, key: "p-che") == Phrase(id: "p-che", text: "che"))
            #expect(try context.fetch(Phrase.self, key: "p-oi")?.language == "pt")
            try context.save()
            try mirror.run("DELETE FROM spoken WHERE country_num = 7 AND language = 'es'; DELETE FROM countries WHERE id = 2")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func textKeysAreTheAppsAndWithoutRowIDTablesEdit() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            #expect(throws: (any Error).self) { try context.insert(Language(code: nil, name: "Unnamed")) }
            let quechua = try context.insert(Language(code: "qu", name: "Quechua"))
            #expect(quechua.rowKey == "qu" && !quechua.hasTemporaryKey)
            try context.insert(Spoken(countryNum: 7, language: "qu", share: 0.001))
            try context.insert(Dialect(id: "d-cuzco", countryNum: 7, language: "qu", name: "Cuzco"))
            try context.save()
            let item = try test.store.presentEdit(Language.self, key: "gn")
            item.draft.name = "Guaraní"
            _ = try item.save()
            try mirror.run(
                """
                INSERT INTO languages VALUES ('qu', 'Quechua'); INSERT INTO spoken VALUES (7, 'qu', 0.001);
                INSERT INTO dialects VALUES ('d-cuzco', 7, 'qu', 'Cuzco'); UPDATE languages SET name = 'Guaraní' WHERE code = 'gn';
                """)
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func selfReferencesInsertAndDeleteTogether() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            let top = try context.insert(Folder(parentID: 1, name: "projects"))
            let middle = try context.insert(Folder(parentID: top.id, name: "2026"))
            let leaf = try context.insert(Folder(parentID: middle.id, name: "december"))
            #expect([top, middle, leaf].allSatisfy { $0.hasTemporaryKey })
            try context.save()
            try mirror.run(
                "INSERT INTO folders VALUES (3, 1, 'projects'); INSERT INTO folders VALUES (4, 3, '2026'); INSERT INTO folders VALUES (5, 4, 'december')"
            )
            try mirror.expectSameTables(as: test.store)
            let deleting = test.newChildContext()
            for id: Int64 in [1, 2, 3, 4, 5] { try deleting.delete(Folder.self, id: id) }
            try deleting.save()
            try mirror.run("DELETE FROM folders WHERE id IN (5, 4, 2); DELETE FROM folders WHERE id = 3; DELETE FROM folders WHERE id = 1")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func constraintErrorsNameTheField() throws {
        try Self.fixture.withEachKind { test in
            let before = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            for (insert, field, code) in [
                ({ (c: ObjectContext) in _ = try c.insert(Language(code: "xx", name: "")) }, "name", FieldError.Code.constraintViolated),
                ({ (c: ObjectContext) in _ = try c.insert(Country(num: 7, name: "Chile again")) }, "num", .notUnique),
                ({ (c: ObjectContext) in _ = try c.insert(City(countryNum: 99, name: "Nowhere")) }, "country_num", .invalidReference),
                (
                    { (c: ObjectContext) in _ = try c.insert(Dialect(id: "d-x", countryNum: 7, language: "pt", name: "X")) }, "country_num",
                    .invalidReference
                ),
            ] {
                let context = test.newChildContext()
                try insert(context)
                let errors = rejectedFields { try context.save() }
                #expect(errors.flatMap(\.fields).contains(field), "\(errors)")
                #expect(errors.first?.code == code)
            }
            try before.expectSameTables(as: test.store)
        }
    }
}

/// ON DELETE SET DEFAULT and RESTRICT, which a context leaves to SQLite.
@Suite struct AtlasLeftToSQLiteTests {
    static let fixture = AtlasReferenceTests.fixture

    @Test(arguments: [false, true])
    func setDefaultIsDoneBySQLiteAndSeenAfterwards(registeredFirst: Bool) throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            if registeredFirst { _ = try context.fetch(AtlasVisit.self, id: 1) }
            try context.delete(City.self, id: 1)
            try context.save()
            try mirror.run("DELETE FROM cities WHERE id = 1")
            try mirror.expectSameTables(as: test.store)
            if registeredFirst {
                // The saving context read its unchanged rows again after the save: nothing is stale.
                #expect(try context.staleObjects().isEmpty)
            }
            var visit = try #require(try context.fetch(AtlasVisit.self, id: 1))
            #expect(visit.cityID == 5)
            visit.note = "tango lessons"
            try context.update(visit)
            try context.save()
            try mirror.run("UPDATE visits SET note = 'tango lessons' WHERE id = 1")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func setDefaultIsSeenByTheSavingContext() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            _ = try context.fetch(AtlasVisit.self, id: 1)
            try context.delete(City.self, id: 1)
            try context.save()
            #expect(try context.fetch(AtlasVisit.self, id: 1)?.cityID == 5)
        }
    }

    @Test func aTriggersRaiseIsARejectionOfTheRecord() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            try context.insert(Folder(parentID: 1, name: "trash"))
            let errors = rejectedFields { try context.save() }
            #expect(errors.map(\.code) == [.refusedByTrigger])
            #expect(errors.first?.message.contains("the name trash is reserved") == true)
        }
    }

    @Test func restrictRefusesTheDeleteOnTheRecord() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            try context.delete(Language.self, key: "gn")
            let errors = rejectedFields { try context.save() }
            #expect(errors.map(\.code) == [.invalidReference])
            #expect(throws: SQLiteError.self) { try mirror.run("DELETE FROM languages WHERE code = 'gn'") }
            try mirror.expectSameTables(as: test.store)
            try context.delete(AtlasVisit.self, id: 1)
            try context.save()
            try mirror.run("DELETE FROM visits WHERE id = 1; DELETE FROM languages WHERE code = 'gn'")
            try mirror.expectSameTables(as: test.store)
        }
    }
}
