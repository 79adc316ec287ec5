import DraftStore
import Foundation

/// The tests' own schema for a form over a graph: an order and its lines, kept in the order of
/// `position`, a line's quantity checked by the store only (`CHECK (quantity > 0)`), its SKU by
/// a local rule and by the store (unique within its order).
enum OrderSchema {
    static let migrations = [
        Migration(
            name: "0001_orders",
            sql: """
                CREATE TABLE orders(id INTEGER PRIMARY KEY, customer TEXT NOT NULL);
                CREATE TABLE order_lines(
                    id INTEGER PRIMARY KEY,
                    order_id INTEGER NOT NULL REFERENCES orders ON DELETE CASCADE ON UPDATE CASCADE,
                    position INTEGER NOT NULL,
                    sku TEXT NOT NULL,
                    quantity INTEGER NOT NULL CHECK (quantity > 0),
                    UNIQUE (order_id, sku));
                INSERT INTO orders VALUES (1, 'Ada'), (2, 'Grace');
                INSERT INTO order_lines(order_id, position, sku, quantity)
                VALUES (1, 0, 'A', 1), (1, 1, 'B', 2), (1, 2, 'C', 3), (2, 0, 'A', 9);
                """)
    ]

    static func open(_ path: String?) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = [Order.self, OrderLine.self]
        return try DraftStore(path: path, migrations: migrations, configuration: configuration)
    }

    /// Every row of both tables, as plain SQL reads them.
    static func contents(_ connection: Connection) throws -> [[SQLiteValue]] {
        try ["orders", "order_lines"].flatMap { table in
            try connection.fetch("SELECT * FROM \(table) ORDER BY id") { row in try (0..<Int32(row.count)).map { try row.value(at: $0) } }
        }
    }
}

struct Order: Entity, Equatable {
    var id: Int64?
    var customer = ""
    static let schema = EntitySchema<Order>(table: "orders", columns: [.primaryKey("id", \.id), .column("customer", \.customer)])
    static let validator = Validator<Order> { Field(\.customer, "customer", label: "Customer") { .required } }
    static let lines = OrderLine.order.inverse
}

struct OrderLine: Entity, Equatable {
    var id: Int64?
    var orderID: Int64?
    var position: Int64 = 0
    var sku = ""
    var quantity: Int64 = 1
    static let schema = EntitySchema<OrderLine>(
        table: "order_lines",
        columns: [
            .primaryKey("id", \.id), .column("order_id", \.orderID), .column("position", \.position), .column("sku", \.sku),
            .column("quantity", \.quantity),
        ])
    static let validator = Validator<OrderLine> { Field(\.sku, "sku", label: "SKU") { .required } }
    static let order = ToOne<OrderLine, Order>(\.orderID)
}
