import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// One change a context made, replayed in plain SQL on the copy once the context's save is known.
enum AtlasOperation: CustomStringConvertible {
    case insertCountry(temporary: Int64, Country)
    case insertCity(temporary: Int64, City)
    case sql(String, [SQLiteValue])

    var isDelete: Bool {
        if case let .sql(sql, _) = self { sql.hasPrefix("DELETE") } else { false }
    }

    var description: String {
        switch self {
        case let .insertCountry(_, country): "insert \(country)"
        case let .insertCity(_, city): "insert \(city)"
        case let .sql(sql, arguments): "\(sql) \(arguments)"
        }
    }
}

/// A seeded random run over the atlas schema (TEXT key, composite key, a foreign key to a non-key
/// UNIQUE column with CASCADE and one with SET NULL, composite foreign keys (CASCADE, SET NULL), NUMERIC and REAL
/// columns): contexts make random inserts, updates and deletes, then save or cancel; the same
/// changes run in plain SQL on a copy, and after every step each table must equal the copy's.
struct AtlasModelRun {
    let test: TestStore
    let mirror: SQLMirror
    var random: SplitMix64
    var counter: Int64 = 100
    var saved = 0
    var refused = 0
    var cancelled = 0
    var foreignWrites = 0
    var conflicts = 0
    /// The countries' columns this step's updates wrote (a value equal to the stored one included).
    var written: [Int64: Set<String>] = [:]

    static let names = ["Lima", "Quito", "José", "Jose\u{301}", "Öland", "x"]
    static let numbers: [Double?] = [nil, 1.0, 0.49, 2.5, 1000.0, 45_376_763, -0.0, 1e-3]

    mutating func number() -> Double? { Self.numbers[index(Self.numbers.count)] }
    mutating func name() -> String { Self.names[index(Self.names.count)] }
    mutating func index(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[index(items.count)] }
    mutating func next() -> Int64 {
        counter += 1
        return counter
    }

    /// The keys of a table as the copy (and so the store, before this step) holds them.
    func storedKeys(_ sql: String) throws -> Set<[SQLiteValue]> {
        Set(try mirror.connection.fetch(sql) { row in try (0..<Int32(row.count)).map { try row.value(at: $0) } })
    }

    /// One context: a few random changes, then a save or a cancel; checked against the copy.
    mutating func step() throws -> Int {
        let context = test.newChildContext()
        var operations: [AtlasOperation] = []
        let count = 1 + index(4)
        // Registered rows are what the context's own cascades act on; unregistered ones SQLite's.
        if chance(50) {
            _ = try context.fetchAll(Phrase.self)
            _ = try context.fetchAll(Dialect.self)
            _ = try context.fetchAll(City.self)
        }
        written = [:]
        for _ in 0..<count {
            if let operation = try change(context) { operations.append(operation) }
        }
        let conflicting = chance(30) ? try foreignWrite(context) : false
        if chance(15) {
            expectNoStatements(test.store) { context.discard() }
            cancelled += 1
        } else {
            let outcome: Result<SaveResult, SaveError>
            do { outcome = .success(try context.save()) } catch { outcome = .failure(error) }
            if conflicting {
                // The other writer changed a field this context changed too, to another value.
                switch outcome {
                case .success: Issue.record("a field changed on both sides was saved without a conflict: \(operations)")
                case .failure(.conflict), .failure(.rejected): conflicts += 1
                case let .failure(error): Issue.record("expected a conflict, got \(error)")
                }
                try mirror.expectSameTables(as: test.store)
                return count
            }
            let ids = (try? outcome.get())?.insertedIDs ?? [:]
            // A save is judged by its net effect: foreign keys are checked at COMMIT, as a
            // context's changes are (a row updated to a missing parent and then deleted is fine),
            // and the statements may run in any order SQLite accepts: as made, or the deletes
            // first (a row deleted and another inserted with its UNIQUE value).
            let deletesFirst = operations.filter(\.isDelete) + operations.filter { !$0.isDelete }
            var failure: (any Error)?
            for order in [operations, deletesFirst] {
                try mirror.run("BEGIN; PRAGMA defer_foreign_keys = ON")
                do {
                    for operation in order { try replay(operation, ids: ids) }
                    try mirror.run("COMMIT")
                    failure = nil
                    break
                } catch {
                    failure = error
                    try mirror.run("ROLLBACK")
                }
            }
            switch outcome {
            case .success:
                saved += 1
                #expect(failure == nil, "DraftStore saved what SQLite refused (\(String(describing: failure))): \(operations)")
            case let .failure(error):
                refused += 1
                #expect(failure != nil, "DraftStore refused what SQLite accepts (\(error)): \(operations)")
                if case .rejected = error {} else { Issue.record("expected a rejection, got \(error)") }
            }
        }
        try mirror.expectSameTables(as: test.store)
        return count
    }

    /// Another writer changes a field of a stored country, committed before the save: usually
    /// one the context did not change (it may have read it, or changed other fields of the row),
    /// which the save must keep; sometimes one it changed, to a value no context writes, which
    /// must be a conflict.
    /// - Returns: Whether the save must be refused as a conflict.
    mutating func foreignWrite(_ context: ObjectContext) throws -> Bool {
        let rows = try mirror.connection.fetch("SELECT id, name, population, area FROM countries ORDER BY id") { row in
            try (0..<Int32(4)).map { try row.value(at: $0) }
        }
        guard let row = pick(rows), case let .integer(id) = row[0], let current = try context.fetch(Country.self, id: id) else {
            return false
        }
        // The fields this context changed: compared as stored (text by bytes, numbers by value).
        func number(_ value: SQLiteValue) -> Double? {
            switch value {
            case let .integer(integer): Double(integer)
            case let .real(real): real
            default: nil
            }
        }
        var mine: Set<String> = []
        if row[1] != .text(current.name) { mine.insert("name") }
        if number(row[2]) != current.population { mine.insert("population") }
        if number(row[3]) != current.area { mine.insert("area") }
        // Either a field the context changed (a conflict), or one none of its updates wrote (whose
        // plain-SQL replay would otherwise write the context's unchanged value over theirs).
        let both = !mine.isEmpty && chance(25)
        let candidates = ["population", "area", "name"].filter { both ? mine.contains($0) : !(written[id] ?? []).contains($0) }
        guard let column = pick(candidates) else { return false }
        let value: SQLiteValue =
            both
            ? (column == "name" ? .text("Theirs \(next())") : .real(7777.5))
            : column == "name" ? .text("Their \(name())") : self.number().sqliteValue
        let sql = "UPDATE countries SET \(column) = ? WHERE id = ?"
        try writeBehind(test, sql, [value, .integer(id)])
        try mirror.run(sql, [value, .integer(id)])
        foreignWrites += 1
        return both
    }

    func replay(_ operation: AtlasOperation, ids: [Int64: Int64]) throws {
        switch operation {
        case let .insertCountry(temporary, country):
            try mirror.run(
                "INSERT INTO countries (id, num, name, population, area) VALUES (?, ?, ?, ?, ?)",
                [
                    ids[temporary].map { .integer($0) } ?? .null, .integer(country.num), .text(country.name),
                    country.population.sqliteValue,
                    country.area.sqliteValue,
                ])
        case let .insertCity(temporary, city):
            let id: SQLiteValue = ids[temporary].map { .integer($0) } ?? .null
            if let rating = city.rating {
                try mirror.run(
                    "INSERT INTO cities (id, country_num, capital_of, name, rating) VALUES (?, ?, ?, ?, ?)",
                    [id, .integer(city.countryNum), city.capitalOf.sqliteValue, .text(city.name), .real(rating)])
            } else {
                try mirror.run(
                    "INSERT INTO cities (id, country_num, capital_of, name) VALUES (?, ?, ?, ?)",
                    [id, .integer(city.countryNum), city.capitalOf.sqliteValue, .text(city.name)])
            }
        case let .sql(sql, arguments): try mirror.run(sql, arguments)
        }
    }
}
