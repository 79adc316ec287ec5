import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// 30 authors named "Ana 00" … "Ana 29" (each contains "a"), then 10 named "Bo Li 0" … "Bo Li 9"
/// (none does), ids 1 … 40 in that order.
let thirtyAnas = StoreFixture(migrations: Bookshelf.migrations, entities: Bookshelf.entities) { store in
    let context = store.newChildContext()
    for index in 0..<30 { try context.insert(Author(name: String(format: "Ana %02d", index), email: "ana\(index)@example.com")) }
    for index in 0..<10 { try context.insert(Author(name: "Bo Li \(index)", email: "bo\(index)@example.com")) }
    try context.save()
}

/// The request of the observation tests: authors whose name contains "a", by name, 20 of them.
let twentyAnas = FetchRequest<Author>.all.filter(\.name, contains: "a").sorted(by: \.name).limit(20)

/// Sets one author's e-mail in a save of its own.
func setEmail(_ store: DraftStore, id: Int64, _ email: String) throws {
    let context = store.newChildContext()
    var author = try #require(try context.fetch(Author.self, id: id))
    author.email = email
    try context.update(author)
    try context.save()
}

/// Collects the elements of an async sequence from a task of its own, until cancelled.
final class Collector<Element: Sendable>: Sendable {
    let elements = Lock<[Element]>([])
    private let task = Lock<Task<Void, Never>?>(nil)

    init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
        let elements = self.elements
        task.withLock {
            $0 = Task {
                do {
                    for try await element in sequence { elements.withLock { $0.append(element) } }
                } catch {}
            }
        }
    }

    var count: Int { elements.withLock { $0.count } }
    var last: Element? { elements.withLock { $0.last } }

    /// Waits (generously: a loaded machine starves the task pool) until at least `count` elements arrived.
    func wait(for count: Int) async {
        await eventually(within: .seconds(600)) { self.count >= count }
    }

    func cancel() { task.withLock { $0?.cancel() } }
    deinit { cancel() }
}
