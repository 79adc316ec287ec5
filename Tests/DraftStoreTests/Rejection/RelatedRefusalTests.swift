import DraftStore
import Foundation
import Testing

/// Refusals in a form that adds related objects with its draft: each reported on its own
/// object, never under the draft's field of the same name; a dry run finds all of them.
@Suite struct RelatedRefusalTests {
    /// A form adding supplier "Beta" with two products: the first a duplicate of P1 (edition 1),
    /// the second with a zero quantity and a negative price.
    func formWithProducts(_ store: DraftStore) throws -> (PresentedItem<Supplier>, Product, Product) {
        let item = try store.presentNew(Supplier(name: "Beta", code: "BET"))
        let duplicate = try item.insertRelated(Product(supplierID: item.draft.id!, code: "P1"))
        var broken = Product(supplierID: item.draft.id!, code: "P2")
        broken.qty = 0
        broken.price = -1
        let second = try item.insertRelated(broken)
        return (item, duplicate, second)
    }

    @Test func aRelatedObjectsRejectionIsOnThatObject() throws {
        let store = try RefusalSchema.seededStore()
        let (item, duplicate, second) = try formWithProducts(store)
        let error = try #require(throws: SaveError.self) { try item.save() }
        let rejection = try #require(error.rejections.first)
        #expect(rejection.kind == .unique)
        #expect(rejection.object == StoreRejection.Object(table: "products", key: [.integer(duplicate.id!)]))
        let shown = item.storeErrors(for: duplicate)
        #expect(shown.map(\.fields) == [["products[1].code", "products[1].edition"]])
        #expect(shown.first?.message == "Another product already has this code and edition; change one of them.")
        #expect(item.form.visibleErrors(for: "code").isEmpty)  // not under the supplier's own code
        #expect(item.storeErrors(for: second).isEmpty)  // SQLite stopped at the first
        #expect(item.canSave)
        #expect(try store.count(Supplier.self) == 1 && store.count(Product.self) == 1)
    }

    @Test func aDryRunReportsEveryRejectionOfEveryObject() throws {
        let store = try RefusalSchema.seededStore()
        let (item, duplicate, second) = try formWithProducts(store)
        let errors = try item.dryRun()
        let about = { (product: Product) in
            errors.filter { $0.rejection?.object.key == [.integer(product.id!)] }.compactMap(\.rejection)
        }
        #expect(about(duplicate).map(\.kind) == [.unique])
        #expect(Set(about(second).map(\.constraint)) == [nil, "products_price_positive"])
        #expect(about(second).allSatisfy { $0.kind == .check })
        #expect(errors.filter { $0.rejection?.object.table == "products" }.allSatisfy { $0.field.hasPrefix("products[") })
        #expect(try store.count(Supplier.self) == 1 && store.count(Product.self) == 1)
    }

    @Test func aReferenceToAnotherEditorsUnsavedRowIsAForeignKeyRejection() throws {
        let store = try RefusalSchema.seededStore()
        let elsewhere = store.newChildContext()
        let unsaved = try elsewhere.insert(Supplier(name: "Gamma", code: "GAM"))
        let item = try store.presentNew(Product(supplierID: unsaved.id!, code: "P7"))
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case let .rejected(errors) = error else {
            Issue.record("expected .rejected, got \(error)")
            return
        }
        #expect(errors.map(\.fields) == [["supplier"]])
        #expect(errors.first?.rejection?.kind == .foreignKey)
        #expect(errors.first?.rejection?.relatedTable == "suppliers")
        #expect(!item.canSave)
        item.draft.supplierID = 1
        #expect(item.canSave)
        try item.save()
    }

    @Test func aRejectionIsCodableAndEquatable() throws {
        let store = try RefusalSchema.seededStore()
        let item = try store.presentNew(Supplier(name: "Other", code: "acm"))
        let error = try #require(throws: SaveError.self) { try item.save() }
        let fieldError = try #require(error.fieldErrors.first)
        let data = try JSONEncoder().encode(fieldError)
        let decoded = try JSONDecoder().decode(FieldError.self, from: data)
        #expect(decoded == fieldError)
        #expect(decoded.message == fieldError.message)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rejection = try #require(json["rejection"] as? [String: Any])
        #expect(rejection["kind"] as? String == "unique")
        #expect(rejection["constraint"] as? String == "suppliers_code_lower")
    }
}
