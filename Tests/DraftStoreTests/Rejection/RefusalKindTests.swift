import DraftStore
import Foundation
import Testing

/// Each kind of refusal by the database, through a form: the right kind, on the right fields
/// or the whole record, cleared as stated, Save enabled again after the fix, nothing written.
@Suite struct RefusalKindTests {
    /// Saves `item`, expecting a rejection; returns its errors.
    func rejected<E: Entity>(_ item: PresentedItem<E>) throws -> [FieldError] {
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case let .rejected(errors) = error else {
            Issue.record("expected .rejected, got \(error)")
            return []
        }
        #expect(errors.allSatisfy { $0.source == .store && $0.rejection != nil })
        return errors
    }

    @Test func aUniqueOnAnExpressionIsOnTheFieldItReads() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentNew(Supplier(name: "Other", code: "acm"))
        let errors = try rejected(item)
        let error = try #require(errors.first)
        #expect(error.rejection?.kind == .unique)
        #expect(error.rejection?.constraint == "suppliers_code_lower")
        #expect(error.rejection?.columns == ["code"])
        #expect(error.fields == ["code"])
        #expect(error.message == "Another supplier already has this code; enter a different one.")
        #expect(item.form.visibleErrors(for: "code") == [error])
        #expect(!item.canSave)
        #expect(try store.count(Supplier.self) == 1)
        item.draft.code = "OTH"
        #expect(item.canSave)
        #expect(item.form.storeErrors.isEmpty)
        #expect(try item.save().code == "OTH")
    }

    @Test func aPartialUniqueIndexCountsOnlyTheRowsItCovers() throws {
        let store = try RefusalSchema.seededStore()
        let inactive = try store.presentNew(Supplier(name: "ACME", code: "AC2", active: false))
        #expect(try inactive.save().name == "ACME")  // outside the index's WHERE: no rejection
        let item = try store.presentNew(Supplier(name: "acme", code: "AC3"))
        let error = try #require(try rejected(item).first)
        #expect(error.rejection?.kind == .unique)
        #expect(error.rejection?.constraint == "suppliers_name_active")
        #expect(error.fields == ["name"])
        #expect(try store.count(Supplier.self) == 2)
        item.draft.name = "Acme East"
        #expect(item.canSave)
        try item.save()
    }

    @Test func aCompositeUniqueIsOneErrorUnderEachOfItsFields() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentNew(Product(supplierID: 1, code: "P1", edition: 1))
        let errors = try rejected(item)
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.rejection?.kind == .unique)
        #expect(error.rejection?.columns == ["code", "edition"])
        #expect(error.rejection?.values == [.text("P1"), .integer(1)])
        #expect(error.fields == ["code", "edition"])
        #expect(item.form.visibleErrors(for: "code") == [error])
        #expect(item.form.visibleErrors(for: "edition") == [error])
        #expect(error.message == "Another product already has this code and edition; change one of them.")
        item.draft.edition = 2
        #expect(item.form.storeErrors.isEmpty && item.canSave)
        try item.save()
        #expect(try store.count(Product.self) == 2)
    }

    @Test func namedAndUnnamedChecksOnOneColumnAreOnTheirFields() throws {
        let store = try RefusalSchema.seededStore()
        var product = Product(supplierID: 1, code: "P2")
        product.price = -1
        let named = try store.presentNew(product)
        let error = try #require(try rejected(named).first)
        #expect(error.rejection?.kind == .check)
        #expect(error.rejection?.constraint == "products_price_positive")
        #expect(error.fields == ["price"])
        named.draft.price = 3
        #expect(named.canSave)
        try named.save()

        var other = Product(supplierID: 1, code: "P3")
        other.qty = 0
        let unnamed = try store.presentNew(other)
        let check = try #require(try rejected(unnamed).first)
        #expect(check.rejection?.kind == .check)
        #expect(check.rejection?.constraint == nil)
        #expect(check.fields == ["qty"])
        #expect(check.message == "This quantity is not allowed; change it.")
        #expect(try store.count(Product.self) == 2)
        unnamed.draft.qty = 4
        #expect(unnamed.canSave)
        try unnamed.save()
    }

    /// Every column is a field: a CHECK over columns the entity maps but its form declares no
    /// field with a label for (`min_qty`, `max_qty`) is under both fields, and blocks Save until
    /// one of them is edited.
    @Test func aTableCheckOverUndeclaredColumnsIsUnderTheirFields() throws {
        let store = try RefusalSchema.seededStore()
        var product = Product(supplierID: 1, code: "P2")
        product.minQty = 5
        product.maxQty = 2
        let item = try store.presentNew(product)
        let error = try #require(try rejected(item).first)
        #expect(error.rejection?.kind == .check)
        #expect(error.rejection?.columns == ["min_qty", "max_qty"])
        #expect(error.fields == ["minQty", "maxQty"])
        #expect(item.form.recordErrors.isEmpty)
        #expect(item.form.visibleErrors(for: "minQty") == [error] && item.form.visibleErrors(for: "maxQty") == [error])
        #expect(!item.canSave)
        item.draft.qty = 2  // another field: still refused
        #expect(!item.canSave)
        item.draft.maxQty = 9
        #expect(item.canSave)
        try item.save()
        #expect(try store.count(Product.self) == 2)
    }

    @Test func aTriggerRaiseAbortIsARejectionOfTheRecordWithItsText() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentNew(Product(supplierID: 1, code: "RESERVED"))
        let error = try #require(try rejected(item).first)
        #expect(error.rejection?.kind == .trigger)
        #expect(error.rejection?.message == "code RESERVED is kept for the warehouse")
        #expect(error.code == .refusedByTrigger && error.isRecordError)
        #expect(error.message == "code RESERVED is kept for the warehouse")
        #expect(item.canSave)
        #expect(try store.count(Product.self) == 1)
        // The next save attempt clears it, whatever its outcome.
        _ = try? item.save()
        #expect(item.form.recordErrors.count == 1)
        item.draft.code = "P9"
        #expect(item.form.recordErrors.isEmpty)
        try item.save()
    }

    @Test func aTriggerRaiseFailIsARejectionAndNothingIsWritten() throws {
        let store = try RefusalSchema.seededStore()
        let freeze = try store.presentEdit(Product.self, id: 1)
        freeze.draft.note = "frozen"
        try freeze.save()
        let item = try store.presentEdit(Product.self, id: 1)
        item.draft.qty = 7
        let error = try #require(try rejected(item).first)
        #expect(error.rejection?.kind == .trigger)
        #expect(error.rejection?.message == "this product is frozen")
        #expect(error.rejection?.object == StoreRejection.Object(table: "products", key: [.integer(1)]))
        #expect(error.isRecordError && item.canSave)
        #expect(try store.fetch(Product.self, id: 1)?.qty == 1)
        // Fixed elsewhere: the same draft saves.
        let thaw = store.newChildContext()
        var row = try #require(try thaw.fetch(Product.self, id: 1))
        row.note = nil
        try thaw.update(row)
        try thaw.save()
        try item.save(policy: .draftWins)
        #expect(try store.fetch(Product.self, id: 1)?.qty == 7)
    }

    @Test func aDeferrableForeignKeyIsNamedBeforeTheRollback() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentNew(Product(supplierID: 42, code: "P5"))
        let error = try #require(try rejected(item).first)
        #expect(error.rejection?.kind == .foreignKey)
        #expect(error.rejection?.columns == ["supplier_id"])
        #expect(error.rejection?.relatedTable == "suppliers")
        #expect(error.fields == ["supplier"])
        #expect(!item.canSave)
        #expect(try store.count(Product.self) == 1)
        item.draft.supplierID = 1
        #expect(item.canSave)
        try item.save()
        #expect(try store.count(Product.self) == 2)
    }

    @Test func notNullIsOnItsField() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentNew(Product(supplierID: 1, code: nil))
        let error = try #require(try rejected(item).first)
        #expect(error.rejection?.kind == .notNull)
        #expect(error.fields == ["code"])
        #expect(error.message == "Fill in code.")
        item.draft.code = "P6"
        #expect(item.canSave)
        try item.save()
    }

    @Test func aRowDeletedMeanwhileIsAConflictOfItsOwnKind() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentEdit(Product.self, id: 1)
        item.draft.qty = 3
        let other = store.newChildContext()
        try other.delete(Product.self, id: 1)
        try other.save()
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case let .conflict(conflict) = error else {
            Issue.record("expected .conflict, got \(error)")
            return
        }
        #expect(conflict.objects.map(\.wasDeleted) == [true])
        #expect(item.saveFailure != nil && item.form.storeErrors.isEmpty)
        #expect(try store.count(Product.self) == 0)
        #expect(try item.saveAsNew().qty == 3)
    }

    @Test func aRowDeletedInTheContextIsARowDeletedRejectionNotStorage() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentEdit(Product.self, id: 1)
        item.draft.qty = 3
        try item.context.delete(Product.self, id: 1)
        let error = try #require(try rejected(item).first)
        #expect(error.rejection?.kind == .rowDeleted)
        #expect(error.code == .deleted && error.isRecordError)
        #expect(error.message == "This product was deleted; save it as new or cancel.")
        #expect(try store.count(Product.self) == 1)
    }

    @Test func aCheckOfAnotherTableBrokenThroughATriggerIsARecordErrorThatNeverBlocksSave() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentNew(Reorder(productID: 1, qty: 50))  // stock is 10
        let error = try #require(try rejected(item).first)
        #expect(error.rejection?.kind == .check)
        #expect(error.rejection?.table == "reorders" && error.rejection?.columns == [])
        #expect(error.isRecordError)
        #expect(error.message == "This reorder breaks a rule of the database; change it.")
        #expect(item.canSave && item.saveBlockers.isEmpty)
        #expect(try store.count(Reorder.self) == 0)
        item.draft.qty = 4
        #expect(item.form.recordErrors.isEmpty)
        try item.save()
        #expect(try store.count(Reorder.self) == 1)
    }

    /// SQLite enforces ON DELETE RESTRICT as a trigger (`SQLITE_CONSTRAINT_TRIGGER`); it is still a foreign key's refusal.
    @Test func deletingAParentWithChildrenIsAForeignKeyRejectionOfThatObject() throws {
        let store = try RefusalSchema.seededStore()
        let context = store.newChildContext()
        try context.delete(Supplier.self, key: 1)
        let error = try #require(throws: SaveError.self) { try context.save() }
        let rejection = try #require(error.rejections.first)
        #expect(rejection.kind == .foreignKey && rejection.relatedTable == "products")
        #expect(rejection.object == StoreRejection.Object(table: "suppliers", key: [.integer(1)]))
        #expect(error.fieldErrors.first?.isRecordError == true)
        #expect(error.fieldErrors.first?.message == "Other product records still refer to this supplier; remove them first.")
        #expect(try store.count(Supplier.self) == 1)
    }
}
