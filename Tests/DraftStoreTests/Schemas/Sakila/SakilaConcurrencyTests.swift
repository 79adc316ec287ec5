import DraftStore
import DraftStoreTesting
import TestTools
import Testing

/// Sakila: other writers (a second connection, Python's sqlite3) whose updates also fire the
/// last_update triggers, staleness, observation and rebase.
@Suite struct SakilaConcurrencyTests {
    static let fixture = SakilaTests.fixture

    @Test func aSecondConnectionsChangeIsAConflictOnlyOnTheSameField() throws {
        try Self.fixture.withEachKind { test in
            let item = try test.store.presentEdit(Film.self, id: 2)
            try writeBehind(test, "UPDATE film SET rental_rate = 3.99 WHERE film_id = 2")
            item.draft.rentalRate = 0.99
            let conflict = saveConflict { _ = try item.save() }
            #expect(conflict?.objects.first?.fields.map(\.name) == ["rental_rate"])
            // Another field: theirs is kept (and the trigger's last_update is no conflict); the
            // DECIMAL replacement cost 12.99 read and written back is no change.
            let other = try test.store.presentEdit(Film.self, id: 3)
            try writeBehind(test, "UPDATE film SET rental_rate = 3.99 WHERE film_id = 3")
            other.draft.title = "ADAPTATION HOLES (DIRECTOR'S CUT)"
            let saved = try other.save()
            #expect(saved.rentalRate == 3.99 && saved.replacementCost == 18.0 && saved.title.hasSuffix("CUT)"))
        }
    }

    @Test(.requires(.python3)) func pythonsChangeIsAConflict() throws {
        try Self.fixture.withStore(.file) { test in
            let item = try test.store.presentEdit(FilmCategory.self, key: RowKey(2, 1))
            guard try runPython(test, "c.execute(\"UPDATE film_category SET category_id = 2 WHERE film_id = 2 AND category_id = 1\")")
            else {
                return
            }
            item.draft.lastUpdate = "2020-01-01 00:00:00"
            let conflict = saveConflict { _ = try item.save() }
            #expect(conflict?.objects.first?.wasDeleted == true)
            #expect(try test.store.fetch(FilmCategory.self, key: RowKey(2, 2)) != nil)
        }
    }

    @Test func stalenessAndRebase() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            var actor = try #require(try context.fetch(SakilaActor.self, id: 2))
            _ = try context.fetch(FilmActor.self, key: RowKey(2, 3))
            if test.kind == .file {
                try writeBehind(test, "UPDATE actor SET last_name = 'WAHLBERG-SMITH' WHERE actor_id = 2")
                try writeBehind(test, "DELETE FROM film_actor WHERE actor_id = 2 AND film_id = 3")
            } else {
                let other = test.newChildContext()
                var theirs = try #require(try other.fetch(SakilaActor.self, id: 2))
                theirs.lastName = "WAHLBERG-SMITH"
                try other.update(theirs)
                try other.delete(FilmActor.self, key: RowKey(2, 3))
                try other.save()
            }
            let stale = try context.staleObjects()
            let actorFields = stale.first { $0.table == "actor" }?.fields.map(\.name) ?? []
            #expect(actorFields.contains("last_name"))
            #expect(stale.first { $0.table == "film_actor" }?.wasDeleted == true)
            actor.firstName = "NICHOLAS"
            try context.update(actor)
            let undecided = try context.rebase()
            #expect(undecided.map(\.table) == ["film_actor"])
            context.forget(FilmActor.self, key: RowKey(2, 3))
            try context.save()
            let saved = try test.store.fetch(SakilaActor.self, id: 2)
            #expect(saved?.firstName == "NICHOLAS" && saved?.lastName == "WAHLBERG-SMITH")
        }
    }

    @Test func observersSeeEachSave() throws {
        try Self.fixture.withEachKind { test in
            let deliveries = Deliveries<FilmActor>()
            let observation = test.store.observe(FetchRequest<FilmActor>.all.filter(\.filmID, equals: 1)) { deliveries.append($0) }
            defer { observation.cancel() }
            waitForObservers(test.store)
            #expect(deliveries.last?.compactMap(\.actorID).sorted() == [1, 2])
            let context = test.newChildContext()
            try context.insert(FilmActor(actorID: 3, filmID: 1))
            try context.save()
            waitForObservers(test.store)
            #expect(deliveries.last?.compactMap(\.actorID).sorted() == [1, 2, 3])
            #expect(deliveries.last?.allSatisfy { $0.lastUpdate != Sakila.stamp } == true)
        }
    }
}
