import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// A table that references itself (Chinook's `Employee.ReportsTo`): declared, inserted by
/// temporary key in one save in any order of creation, and deleted together (issue 12, item 9).
@Suite("Self-references: declared, inserted and deleted in one save")
struct SelfReferenceTests {
    struct Employee: Entity, Equatable {
        var id: Int64?
        var name = ""
        var reportsTo: Int64?
        static let schema = EntitySchema<Employee>(
            table: "Employee",
            columns: [.primaryKey("EmployeeId", \.id), .column("Name", \.name), .reference("ReportsTo", \.reportsTo, to: Employee.self)])
    }

    static let migrations = [
        Migration(
            name: "0001",
            sql: """
                CREATE TABLE Employee (EmployeeId INTEGER PRIMARY KEY, Name TEXT NOT NULL UNIQUE,
                    ReportsTo INTEGER REFERENCES Employee(EmployeeId) ON DELETE NO ACTION);
                """)
    ]

    @Test("rows referencing each other by temporary key save in the order their references need", arguments: DatabaseKind.allCases)
    func insertAndDelete(kind: DatabaseKind) throws {
        try TemporaryFolder.with { folder in
            let store = try DraftStore(path: kind == .file ? folder.path("e.sqlite") : nil, migrations: Self.migrations)
            defer { store.close() }
            let context = store.newChildContext()
            var worker = try context.insert(Employee(name: "Worker"))
            let boss = try context.insert(Employee(name: "Boss"))
            // The worker was made first but reports to the boss: the boss's INSERT must run first.
            worker.reportsTo = boss.id
            try context.update(worker)
            let top = try context.insert(Employee(name: "Top"))
            var bossNow = try #require(try context.fetch(Employee.self, id: boss.id!))
            bossNow.reportsTo = top.id
            try context.update(bossNow)
            try context.save()
            let stored = try store.fetch(FetchRequest<Employee>.all.sorted(by: \.name))
            let names = Dictionary(uniqueKeysWithValues: stored.map { ($0.id!, $0.name) })
            #expect(stored.map { "\($0.name)→\($0.reportsTo.flatMap { names[$0] } ?? "-")" } == ["Boss→Top", "Top→-", "Worker→Boss"])
            // Deleted together: with NO ACTION, the one reporting is deleted before the one reported to.
            let remover = store.newChildContext()
            for employee in stored { try remover.delete(employee) }
            try remover.save()
            #expect(try store.count(Employee.self) == 0)
        }
    }

    @Test("a cycle of new rows that reference each other is refused, saying so, nothing written")
    func cycle() throws {
        let store = try DraftStore(path: nil, migrations: Self.migrations)
        defer { store.close() }
        let context = store.newChildContext()
        var first = try context.insert(Employee(name: "A"))
        let second = try context.insert(Employee(name: "B", reportsTo: first.id))
        first.reportsTo = second.id
        try context.update(first)
        let error = caught(SaveError.self) { try context.save() }
        guard case let .rejected(fields)? = error else {
            Issue.record("expected a rejection, got \(String(describing: error))")
            return
        }
        #expect(fields.first?.message.contains("depend on each other") == true)
        #expect(try store.count(Employee.self) == 0)
    }
}
