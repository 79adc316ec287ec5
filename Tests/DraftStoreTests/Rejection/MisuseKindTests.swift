import DraftStore
import Testing

/// Misuse by the program is its own kind (`.finished`), never a storage failure.
@Suite struct MisuseKindTests {
    @Test func savingIntoAClosedStoreIsAMisuse() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentEdit(Supplier.self, id: 1)
        item.draft.name = "Closed"
        store.close()
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case .finished(.storeClosed) = error else {
            Issue.record("expected .finished(.storeClosed), got \(error)")
            return
        }
        #expect(error.storageFailure == nil && !error.description.contains("try again"))
    }

    @Test func aTransactionLeftOpenByTheCallerIsAMisuseAndNothingJoinsIt() throws {
        let store = try RefusalSchema.seededStore()
        try store.withWriterConnection { try $0.execute("BEGIN") }
        let item = try store.presentNew(Supplier(name: "Late", code: "LAT"))
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case .finished(.transactionOpen) = error else {
            Issue.record("expected .finished(.transactionOpen), got \(error)")
            return
        }
        try store.withWriterConnection { try $0.execute("ROLLBACK") }
        #expect(try item.save().name == "Late")
    }

    @Test func aFailedUpdateOfTheDraftIsNotReportedAsADeletedRow() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentEdit(Supplier.self, id: 1)
        item.draft.name = "Renamed"
        item.context.forget(Supplier.self, id: 1)  // the save's update of the draft must read the row again
        store.close()
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case .finished(.storeClosed) = error else {
            Issue.record("expected .finished(.storeClosed), got \(error)")
            return
        }
        #expect(error.rejections.isEmpty && item.form.storeErrors.isEmpty)
    }
}
