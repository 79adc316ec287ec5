import DraftStore
import DraftStoreTesting
import Testing

/// A STRICT, WITHOUT ROWID table with a deferred foreign key.
@Suite struct AtlasStrictTests {
    static let fixture = AtlasReferenceTests.fixture

    /// 2.0 in a STRICT REAL column, read and written back, is no change; another writer's change
    /// to another field is kept.
    @Test func valuesReadBackAreNoChangeInAStrictTable() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let item = try test.store.presentEdit(LedgerEntry.self, key: "e-1")
            #expect(item.draft.amount == 2.0)
            try writeBehind(test, "UPDATE ledger SET qty = 4 WHERE id = 'e-1'")
            item.draft.memo = "first entry"
            _ = try item.save(policy: .draftWins)
            try mirror.run("UPDATE ledger SET qty = 4 WHERE id = 'e-1'; UPDATE ledger SET memo = 'first entry' WHERE id = 'e-1'")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func aDeferredReferenceMayPrecedeItsParentInOneSave() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            try context.insert(LedgerEntry(id: "e-3", countryNum: 40, amount: 1.5, qty: 1))
            try context.insert(Country(num: 40, name: "Peru"))
            try context.save()
            try mirror.run(
                "BEGIN; INSERT INTO ledger VALUES ('e-3', 40, 1.5, 1, NULL); INSERT INTO countries (id, num, name) VALUES (4, 40, 'Peru'); COMMIT"
            )
            try mirror.expectSameTables(as: test.store)
        }
    }

    /// A deferred foreign key is checked at COMMIT: the refusal still names the field, and nothing is written.
    @Test func aDeferredReferenceToNothingIsRefusedOnItsField() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            try context.insert(LedgerEntry(id: "e-4", countryNum: 9999, amount: 1, qty: 1))
            let errors = rejectedFields { try context.save() }
            #expect(errors.flatMap(\.fields) == ["country_num"] && errors.first?.code == .invalidReference, "\(errors)")
            try mirror.expectSameTables(as: test.store)
            #expect(throws: SQLiteError.self) { try mirror.run("INSERT INTO ledger VALUES ('e-4', 9999, 1.0, 1, NULL)") }
        }
    }

    /// The same refusal, as it is today: a rejection (not a storage failure), nothing written.
    @Test func aDeferredReferenceToNothingIsRefused() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Atlas.clockColumns)
            let context = test.newChildContext()
            try context.insert(LedgerEntry(id: "e-4", countryNum: 9999, amount: 1, qty: 1))
            let errors = rejectedFields { try context.save() }
            #expect(errors.map(\.code) == [.invalidReference])
            try mirror.expectSameTables(as: test.store)
        }
    }
}
