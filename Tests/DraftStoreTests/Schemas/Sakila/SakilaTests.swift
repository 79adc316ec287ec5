import DraftStore
import DraftStoreTesting
import Testing

/// Sakila, the film-rental sample: every operation through DraftStore and, on a copy, in plain
/// SQL, then every table compared (last_update, which the triggers set to the clock, as NULL).
@Suite struct SakilaTests {
    static let fixture = StoreFixture(migrations: Sakila.migrations, entities: Sakila.entities)

    @Test func fetchesByKeysOfAnyNameAndComposite() throws {
        try Self.fixture.withEachKind { (test) throws in
            #expect(try test.store.fetch(SakilaActor.self, key: 1)?.lastName == "GUINESS")
            let context = test.newChildContext()
            #expect(try context.fetch(FilmActor.self, key: RowKey(2, 3))?.filmID == 3)
            #expect(try context.fetch(FilmCategory.self, key: RowKey(3, 6)) != nil)
            #expect(try context.fetch(Payment.self, id: 2)?.amount == 1.0)
            #expect(try context.fetch(Film.self, id: 3)?.replacementCost == 18.0)
            #expect(try context.fetch(Store.self, id: 2)?.managerStaffID == 2)
            #expect(try context.fetchAll(FilmText.self).count == 1)
        }
    }

    @Test func presentEditSaveReadsTheTriggersTimestampBack() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Sakila.clockColumns)
            let item = try test.store.presentEdit(Film.self, id: 1)
            item.draft.title = "ACADEMY DINOSAUR II"
            item.draft.rentalRate = 1.0
            let saved = try item.save()
            #expect(saved.lastUpdate != Sakila.stamp)
            #expect(try test.store.fetch(Film.self, id: 1) == saved.entity)
            try mirror.run("UPDATE film SET title = 'ACADEMY DINOSAUR II', rental_rate = 1.0 WHERE film_id = 1")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func cancelRunsNoStatement() throws {
        try Self.fixture.withEachKind { test in
            let item = try test.store.presentEdit(FilmActor.self, key: RowKey(1, 1))
            item.draft.filmID = 2
            let mirror = try SQLMirror(test.store)
            try expectNoStatements(test.store) { try item.cancel() }
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func insertsAFilmWithItsJoinRowsAndRentalsByTemporaryKeys() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Sakila.clockColumns)
            let context = test.newChildContext()
            let film = try context.insert(Film(title: "ZOOLANDER FICTION", releaseYear: "2006", rentalRate: 2.99, rating: "R"))
            let actor = try context.insert(SakilaActor(firstName: "UMA", lastName: "WOOD"))
            try context.insert(FilmActor(actorID: actor.actorID, filmID: film.filmID))
            try context.insert(FilmActor(actorID: 1, filmID: film.filmID))
            try context.insert(FilmCategory(filmID: film.filmID, categoryID: 2))
            let copy = try context.insert(Inventory(filmID: film.filmID!, storeID: 2))
            let rental = try context.insert(Rental(rentalDate: "2005-06-01 10:00:00.000", inventoryID: copy.inventoryID!, customerID: 2))
            try context.insert(Payment(customerID: 2, rentalID: rental.rentalID, amount: 2.99, paymentDate: "2005-06-01 10:00:00.000"))
            try context.save()
            let saved = try #require(try context.fetch(Film.self, id: 4))
            #expect(saved.rentalDuration == 3 && saved.replacementCost == 19.99 && saved.lastUpdate != Sakila.stamp)
            #expect(try context.fetch(FilmActor.self, key: RowKey(4, 4)) != nil)
            try mirror.run(
                """
                INSERT INTO film (film_id, title, release_year, language_id, rental_rate, rating, last_update)
                    VALUES (4, 'ZOOLANDER FICTION', '2006', 1, 2.99, 'R', 'x');
                INSERT INTO actor VALUES (4, 'UMA', 'WOOD', 'x');
                INSERT INTO film_actor VALUES (4, 4, 'x'), (1, 4, 'x');
                INSERT INTO film_category VALUES (4, 2, 'x');
                INSERT INTO inventory VALUES (4, 4, 2, 'x');
                INSERT INTO rental VALUES (3, '2005-06-01 10:00:00.000', 4, 2, NULL, 1, 'x');
                INSERT INTO payment VALUES (4, 2, 1, 3, 2.99, '2005-06-01 10:00:00.000', 'x');
                """)
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test(arguments: [false, true])
    func deletingARentalSetsItsPaymentsRentalToNull(registeredFirst: Bool) throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Sakila.clockColumns)
            let context = test.newChildContext()
            if registeredFirst { _ = try context.fetchAll(Payment.self) }
            try context.delete(Rental.self, id: 1)
            #expect(try context.fetch(Payment.self, id: 1)?.rentalID == nil)
            #expect(try context.fetch(Payment.self, id: 3)?.rentalID == 2)
            try context.save()
            try mirror.run("DELETE FROM rental WHERE rental_id = 1")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func deletesUnderNoActionAsSQLiteDoes() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Sakila.clockColumns)
            let context = test.newChildContext()
            try context.delete(Film.self, id: 3)
            let refused = rejectedFields { try context.save() }
            #expect(!refused.isEmpty && refused.allSatisfy { $0.code == .invalidReference })
            #expect(throws: SQLiteError.self) { try mirror.run("DELETE FROM film WHERE film_id = 3") }
            try context.delete(FilmActor.self, key: RowKey(2, 3))
            try context.delete(FilmCategory.self, key: RowKey(3, 6))
            try context.save()
            try mirror.run(
                "DELETE FROM film_actor WHERE film_id = 3; DELETE FROM film_category WHERE film_id = 3; DELETE FROM film WHERE film_id = 3")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func constraintErrorsNameTheField() throws {
        try Self.fixture.withEachKind { test in
            let before = try SQLMirror(test.store, ignoring: Sakila.clockColumns)
            for (insert, field, code) in [
                ({ (c: ObjectContext) in _ = try c.insert(Film(title: "X", rating: "X")) }, "rating", FieldError.Code.constraintViolated),
                (
                    { (c: ObjectContext) in _ = try c.insert(Film(title: "Y", specialFeatures: "Bloopers")) }, "special_features",
                    .constraintViolated
                ),
                ({ (c: ObjectContext) in _ = try c.insert(Inventory(filmID: 999, storeID: 1)) }, "film_id", .invalidReference),
                ({ (c: ObjectContext) in _ = try c.insert(FilmActor(actorID: 1, filmID: 1)) }, "actor_id", .notUnique),
                (
                    { (c: ObjectContext) in _ = try c.insert(Rental(rentalDate: "2005-05-24 22:53:30.000", inventoryID: 1, customerID: 1))
                    },
                    "rental_date", .notUnique
                ),
            ] {
                let context = test.newChildContext()
                try insert(context)
                let errors = rejectedFields { try context.save() }
                #expect(errors.flatMap(\.fields).contains(field), "\(errors)")
                #expect(errors.first?.code == code)
            }
            try before.expectSameTables(as: test.store)
        }
    }
}
