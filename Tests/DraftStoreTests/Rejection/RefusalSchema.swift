import DraftStore
import Foundation

/// A schema of the refusal tests' own (not Bookshelf): suppliers and their products, with one
/// rule of each kind SQLite can refuse a row for.
enum RefusalSchema {
    static let sql = """
        CREATE TABLE suppliers (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            code TEXT NOT NULL,
            active INTEGER NOT NULL DEFAULT 1,
            CONSTRAINT "suppliers code, shape" CHECK (length(code) >= 2)
        );
        -- A UNIQUE on an expression, and a partial UNIQUE index.
        CREATE UNIQUE INDEX suppliers_code_lower ON suppliers (lower(code));
        CREATE UNIQUE INDEX suppliers_name_active ON suppliers (name COLLATE NOCASE) WHERE active = 1;
        CREATE TABLE products (
            id INTEGER PRIMARY KEY,
            supplier_id INTEGER NOT NULL REFERENCES suppliers (id) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED,
            code TEXT NOT NULL,                                             /* NOT NULL */
            edition INTEGER NOT NULL DEFAULT 1,
            qty INTEGER NOT NULL CHECK (qty > 0),                           -- an unnamed CHECK on one column
            price INTEGER NOT NULL CONSTRAINT products_price_positive CHECK (price >= 0),  -- a named one
            min_qty INTEGER,
            max_qty INTEGER,
            note TEXT,
            stock INTEGER NOT NULL DEFAULT 10 CONSTRAINT products_stock_not_negative CHECK (stock >= 0),
            CHECK (min_qty IS NULL OR max_qty IS NULL OR min_qty <= max_qty),  -- table-level, two columns
            UNIQUE (code, edition)                                          -- composite
        );
        -- A reorder takes stock: a named CHECK of another table, broken through a trigger.
        CREATE TABLE reorders (id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL REFERENCES products (id), qty INTEGER NOT NULL);
        CREATE TRIGGER reorders_take_stock AFTER INSERT ON reorders
        BEGIN UPDATE products SET stock = stock - NEW.qty WHERE id = NEW.product_id; END;
        CREATE TRIGGER products_reserved BEFORE INSERT ON products WHEN NEW.code = 'RESERVED'
        BEGIN SELECT RAISE(ABORT, 'code RESERVED is kept for the warehouse'); END;
        CREATE TRIGGER products_frozen BEFORE UPDATE ON products WHEN OLD.note = 'frozen' AND NEW.note IS 'frozen'
        BEGIN SELECT RAISE(FAIL, 'this product is frozen'); END;
        """

    static let migrations = [Migration(name: "0001_refusals", sql: sql)]

    /// A store with supplier #1 "Acme" (code ACM, active) and its product #1 (P1, edition 1).
    static func seededStore() throws -> DraftStore {
        let store = try DraftStore(path: nil, migrations: migrations)
        let context = store.newChildContext()
        let supplier = try context.insert(Supplier(name: "Acme", code: "ACM"))
        try context.insert(Product(supplierID: supplier.id!, code: "P1"))
        try context.save()
        return store
    }
}

/// A reorder of a product; the form shows the product and the quantity.
struct Reorder: Entity, Hashable {
    var id: Int64?
    var productID: Int64 = 0
    var qty = 0
    init() {}
    init(productID: Int64, qty: Int) {
        self.productID = productID
        self.qty = qty
    }
    static let schema = EntitySchema<Reorder>(
        table: "reorders",
        columns: [
            .primaryKey("id", \.id), .reference("product_id", \.productID, to: Product.self, field: "product"), .column("qty", \.qty),
        ])
    static let validator = Validator<Reorder>(label: "Reorder") {
        Field(\.productID, "product", label: "Product")
        Field(\.qty, "qty", label: "Quantity")
    }
}

/// A supplier; the form shows name and code.
struct Supplier: Entity, Hashable {
    var id: Int64?
    var name = ""
    var code = ""
    var active = true
    init() {}
    init(name: String, code: String, active: Bool = true) {
        self.name = name
        self.code = code
        self.active = active
    }
    static let schema = EntitySchema<Supplier>(
        table: "suppliers",
        columns: [.primaryKey("id", \.id), .column("name", \.name), .column("code", \.code), .column("active", \.active)])
    static let validator = Validator<Supplier>(label: "Supplier") {
        Field(\.name, "name", label: "Name") { .required }
        Field(\.code, "code", label: "Code") { .required }
    }
}

/// A product of a supplier; the form shows supplier, code, edition, quantity and price, not
/// the minimum and maximum quantities nor the note.
struct Product: Entity, Hashable {
    var id: Int64?
    var supplierID: Int64 = 0
    var code: String?
    var edition = 1
    var qty = 1
    var price = 0
    var minQty: Int?
    var maxQty: Int?
    var note: String?
    init() {}
    init(supplierID: Int64, code: String?, edition: Int = 1) {
        self.supplierID = supplierID
        self.code = code
        self.edition = edition
    }
    static let schema = EntitySchema<Product>(
        table: "products",
        columns: [
            .primaryKey("id", \.id),
            .reference("supplier_id", \.supplierID, to: Supplier.self, field: "supplier"),
            .column("code", \.code), .column("edition", \.edition), .column("qty", \.qty), .column("price", \.price),
            .column("min_qty", \.minQty, field: "minQty"), .column("max_qty", \.maxQty, field: "maxQty"), .column("note", \.note),
        ])
    static let validator = Validator<Product>(label: "Product") {
        Field(\.supplierID, "supplier", label: "Supplier")
        Field(\.code, "code", label: "Code")
        Field(\.edition, "edition", label: "Edition")
        Field(\.qty, "qty", label: "Quantity")
        Field(\.price, "price", label: "Price")
    }
}
