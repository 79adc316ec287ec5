import DraftStore
import Foundation
import Testing

/// A reminder whose dates are declared with an encoding and a field at once: `due` ISO-8601
/// TEXT (a `DATETIME` of an existing database), `done` REAL Unix seconds, optional.
private struct Reminder: Entity {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    var id: Int64?
    var due = Reminder.start
    var done: Date?

    static let schema = EntitySchema<Reminder>(
        table: "reminders",
        columns: [
            .primaryKey("id", \.id),
            .column(
                "due", \.due, date: .iso8601, label: "Due", help: "A day after the start",
                rules: [.custom(code: "early", message: "Pick a later day") { $0 > Reminder.start }]),
            .column("done", \.done, date: .unixSeconds, label: "Done", rules: [.required.when(.editing)]),
        ])
}

@Suite("Validation: date fields with an encoding, declared once with their column")
@MainActor
struct DateFieldTests {
    static let sql = "CREATE TABLE reminders (id INTEGER PRIMARY KEY, due DATETIME NOT NULL, done REAL);"

    @Test("rules of a date column run in the form and at save; the dates are stored as their encodings say")
    func dateRulesAndEncodings() throws {
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
        defer { store.close() }
        #expect(Reminder.validator.fields.map(\.label) == ["Due", "Done"])
        let item = try store.presentNew(Reminder())
        item.form.markSaveAttempted()
        #expect(try item.visibleErrors(for: \.due).map(\.message) == ["Pick a later day"])
        #expect(try item.visibleErrors(for: \.done).isEmpty, "required only when editing")
        #expect(throws: SaveError.self) { try item.save() }
        #expect(try store.count(Reminder.self) == 0)
        item.draft.due = Reminder.start.addingTimeInterval(86_400)
        let saved = try item.save()
        let stored = try store.withWriterConnection { try $0.scalar("SELECT typeof(due) || ',' || typeof(done) FROM reminders") }
        #expect(stored == .text("text,null"))

        let edit = try store.presentEdit(Reminder.self, id: saved.id!)
        edit.form.markSaveAttempted()
        #expect(try edit.visibleErrors(for: \.done).map(\.code) == [.required])
        edit.draft.done = Reminder.start.addingTimeInterval(3_600)
        #expect(try edit.save().done == Reminder.start.addingTimeInterval(3_600))
        let done = try store.withWriterConnection { try $0.scalar("SELECT typeof(done) FROM reminders") }
        #expect(done == .text("real"))
    }
}
