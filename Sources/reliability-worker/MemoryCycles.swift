import Bookshelf
import DraftStore
import Foundation

/// `reliability-worker memory CYCLES DRAFTS`: runs in its own process so that its resident
/// memory is not shared with tests running in parallel.
///
/// Each cycle makes a child context of an in-memory Bookshelf store, inserts `DRAFTS`
/// author drafts into it, opens 100 presented items (nested editors) over it, then
/// discards everything. After each cycle it writes
/// `CYCLE k rss=<VmRSS in kB> alive=<objects still referenced> drafts=<n>`, where `alive`
/// counts the contexts and items whose weak references did not become `nil`.
struct MemoryCycles {
    let cycles: Int
    let drafts: Int

    func run() throws {
        let store = try Bookshelf.openStore(path: nil)
        for cycle in 1...cycles {
            var probes = WeakProbes()
            var inserted = 0
            do {
                let context = store.newChildContext()
                probes.add(context)
                for number in 0..<drafts {
                    try context.insert(Author(name: "Draft \(number)", email: "d\(number)@example.com", bio: "cycle \(cycle)"))
                    inserted += 1
                }
                for number in 0..<100 {
                    let item = try context.presentNew(Author(name: "Item \(number)", email: "i\(number)@example.com"))
                    item.draft.bio = "typed"
                    probes.add(item)
                    probes.add(item.context)
                    if number.isMultiple(of: 2) { try item.cancel() }
                }
                context.discard()
            }
            Worker.emit("CYCLE \(cycle) rss=\(MemoryCycles.residentKilobytes()) alive=\(probes.alive) drafts=\(inserted)\n")
        }
    }

    /// VmRSS of this process in kB, from `/proc/self/status`; 0 where unavailable.
    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// Weak references to the objects of one cycle; `alive` counts those still referenced.
struct WeakProbes {
    private final class Box {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
    private var boxes: [Box] = []

    mutating func add(_ object: AnyObject) { boxes.append(Box(object)) }

    var alive: Int { boxes.filter { $0.object != nil }.count }
}
