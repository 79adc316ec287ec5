import DraftStore
import Foundation

/// A schema of these tests' own, named as many apps name theirs: snake_case tables and
/// columns, entity types whose names are no words (`StockItemRow`), no labels declared.
enum ShopSchema {
    static let sql = """
        CREATE TABLE stock_items (
            item_id INTEGER PRIMARY KEY,
            item_code TEXT NOT NULL UNIQUE,
            unit_price INTEGER NOT NULL DEFAULT 0 CONSTRAINT unit_price_not_negative CHECK (unit_price >= 0),
            shelf_no INTEGER CHECK (shelf_no BETWEEN 1 AND 99),
            bin_label TEXT
        );
        CREATE UNIQUE INDEX stock_items_bin_lower ON stock_items (lower(bin_label)) WHERE bin_label IS NOT NULL;
        CREATE TABLE order_lines (
            line_id INTEGER PRIMARY KEY,
            line_code TEXT NOT NULL,
            order_no INTEGER NOT NULL DEFAULT 1,
            stock_item_id INTEGER REFERENCES stock_items (item_id),
            backup_item_id INTEGER REFERENCES stock_items (item_id) DEFERRABLE INITIALLY DEFERRED,
            UNIQUE (order_no, line_code)
        );
        """

    static let migrations = [Migration(name: "0001_shop", sql: sql)]

    /// An in-memory store with stock item #1 (`A1`).
    static func store() throws -> DraftStore {
        let store = try DraftStore(path: nil, migrations: migrations)
        try store.withWriterConnection { try $0.execute("INSERT INTO stock_items (item_id, item_code) VALUES (1, 'A1')") }
        return store
    }
}

/// A row of `stock_items`, declared with no labels and no validator.
struct StockItemRow: Entity, Hashable {
    var itemID: Int64?
    var itemCode = ""
    var unitPrice: Int64 = 0
    var shelfNo: Int64?
    var binLabel: String?
    init() {}
    init(code: String) { itemCode = code }
    static let schema = EntitySchema<StockItemRow>(
        table: "stock_items",
        columns: [
            .primaryKey("item_id", \.itemID), .column("item_code", \.itemCode), .column("unit_price", \.unitPrice),
            .column("shelf_no", \.shelfNo), .column("bin_label", \.binLabel),
        ])
}

/// A row of `order_lines`, declared with no labels and no validator.
struct OrderLineRow: Entity, Hashable {
    var lineID: Int64?
    var lineCode: String? = ""
    var orderNo: Int64 = 1
    var stockItemID: Int64?
    var backupItemID: Int64?
    init() {}
    init(code: String?, stockItemID: Int64?) {
        lineCode = code
        self.stockItemID = stockItemID
    }
    static let schema = EntitySchema<OrderLineRow>(
        table: "order_lines",
        columns: [
            .primaryKey("line_id", \.lineID), .column("line_code", \.lineCode), .column("order_no", \.orderNo),
            .column("stock_item_id", \.stockItemID), .column("backup_item_id", \.backupItemID),
        ])
}
