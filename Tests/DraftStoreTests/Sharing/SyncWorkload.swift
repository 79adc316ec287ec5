import Foundation

@testable import DraftStore
@testable import DraftStoreSQLite

/// Random saves to one replica of Chinook: edits of tracks' fields and genres' names, new
/// genres (in a key range of the side's own), deleted playlist entries and genres.
struct SyncWorkload {
    /// The side's generator, seeded so each run is the same run.
    var random: SplitMix64
    /// The side's name, written into the values it edits ("A7", "B12"), so the two sides never agree by chance.
    let side: String
    /// Whether this side deletes genres both sides have (else only genres it inserted).
    let deletesSharedRows: Bool
    /// The next key of a genre this side inserts.
    var nextGenre: Int64
    /// Genres this side inserted.
    var inserted: [Int64] = []
    /// A counter that makes each value unique.
    var counter = 0

    init(side: String, seed: UInt64, deletesSharedRows: Bool, firstGenre: Int64) {
        random = SplitMix64(state: seed)
        self.side = side
        self.deletesSharedRows = deletesSharedRows
        nextGenre = firstGenre
    }

    /// A value no other edit wrote.
    mutating func value() -> String {
        counter += 1
        return "\(side)\(counter)"
    }

    /// One save of one to three random changes.
    mutating func save(to store: DraftStore) throws {
        let context = store.newChildContext()
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            try change(in: context)
        }
        try context.save()
    }

    /// One random change in a context.
    private mutating func change(in context: ObjectContext) throws {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
            guard var track = try context.fetch(Track.self, id: Int64.random(in: 1...37, using: &random)) else { return }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: track.name = value()
            case 1: track.composer = value()
            case 2: track.milliseconds = Int64.random(in: 1...1_000_000, using: &random)
            default: track.unitPrice = [0.99, 1.29, 1.99].randomElement(using: &random)!
            }
            try context.update(track)
        case 5..<7:
            let id =
                Int.random(in: 0..<3, using: &random) == 0 && !inserted.isEmpty
                ? inserted.randomElement(using: &random)! : Int64.random(in: 2...25, using: &random)
            guard var genre = try context.fetch(Genre.self, id: id) else { return }
            genre.name = value()
            try context.update(genre)
        case 7:
            _ = try context.insert(Genre(genreID: nextGenre, name: value()))
            inserted.append(nextGenre)
            nextGenre += 1
        case 8:
            let entries = try context.fetchAll(ChinookPlaylistTrack.self)
            guard let entry = entries.randomElement(using: &random) else { return }
            try context.delete(entry)
        default:
            // Genre 1 is the one tracks reference.
            let pool = deletesSharedRows ? Array(2...25) + inserted : inserted
            guard let id = pool.randomElement(using: &random), try context.fetch(Genre.self, id: id) != nil else { return }
            try context.delete(Genre.self, id: id)
        }
    }
}
