import DraftStore
import DraftStoreTesting
import Testing

/// What `save()` returns carries the row's real key, present and typed: no `!`.
@Suite struct SavedKeyTests {
    @Test func aSavedRowidRowHasItsRealIntegerKey() throws {
        try Hiring.fixture.withEachKind { test in
            let item = try test.store.presentNew(Company(companyName: "Globex"))
            #expect(item.draft.id.map { $0 < 0 } == true)  // temporary while open
            let saved = try item.save()
            let stored = try scalar(test.store, "SELECT id FROM companies WHERE company_name = 'Globex'")
            #expect(stored == .integer(saved.rowID))
            #expect(saved.key == RowKey(.integer(saved.rowID)))
            #expect(saved.entity.id == saved.rowID && saved.companyName == "Globex")
            #expect(try test.store.presentEdit(Company.self, key: saved.key).draft.companyName == "Globex")
        }
    }

    @Test func aSavedTextKeyIsItsKey() throws {
        try Hiring.fixture.withEachKind { test in
            let saved = try test.store.presentNew(TagCode(tagCode: "t-9", companyID: 1, tagLabel: "Hybrid")).save()
            #expect(saved.key == "t-9")
            #expect(try test.store.fetch(TagCode.self, key: saved.key)?.tagLabel == "Hybrid")
        }
    }
}

extension Company {
    init(companyName: String) { self.companyName = companyName }
}
