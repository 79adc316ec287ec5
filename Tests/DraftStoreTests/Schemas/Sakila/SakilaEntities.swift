import DraftStore

// Entities for every table of Sakila (Fixtures/Sakila.swift): INTEGER keys named `actor_id`
// etc., the composite keys of the join tables film_actor and film_category, DECIMAL prices,
// AFTER INSERT / AFTER UPDATE triggers that set last_update, the store/staff reference cycle,
// and ON DELETE SET NULL (payment.rental_id).

enum Sakila {
    static let migrations = SchemaFixtures.migrations("sakila", SchemaFixtures.sakila)
    static let entities: [any Entity.Type] = [
        SakilaActor.self, SakilaCountry.self, SakilaCity.self, Address.self, FilmLanguage.self, Category.self, Film.self, FilmActor.self,
        FilmCategory.self, FilmText.self, Inventory.self, Staff.self, Store.self, SakilaCustomer.self, Payment.self, Rental.self,
    ]
    /// Set by the tables' triggers to DATETIME('NOW'): compared as NULL with plain SQL.
    static let clockColumns: Set<String> = ["last_update"]
    static let stamp = "2006-02-15 04:34:33"
}

struct SakilaActor: Entity, Equatable {
    var actorID: Int64?
    var firstName = ""
    var lastName = ""
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<SakilaActor>(
        table: "actor",
        columns: [
            .primaryKey("actor_id", \.actorID), .column("first_name", \.firstName), .column("last_name", \.lastName),
            .column("last_update", \.lastUpdate),
        ])
}

struct SakilaCountry: Entity, Equatable {
    var countryID: Int64?
    var country = ""
    var lastUpdate: String?
    static let schema = EntitySchema<SakilaCountry>(
        table: "country",
        columns: [.primaryKey("country_id", \.countryID), .column("country", \.country), .column("last_update", \.lastUpdate)])
}

struct SakilaCity: Entity, Equatable {
    var cityID: Int64?
    var city = ""
    var countryID: Int64 = 0
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<SakilaCity>(
        table: "city",
        columns: [
            .primaryKey("city_id", \.cityID), .column("city", \.city), .reference("country_id", \.countryID, to: SakilaCountry.self),
            .column("last_update", \.lastUpdate),
        ])
}

struct Address: Entity, Equatable {
    var addressID: Int64?
    var address = ""
    var district = ""
    var cityID: Int64 = 0
    var postalCode: String?
    var phone = ""
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<Address>(
        table: "address",
        columns: [
            .primaryKey("address_id", \.addressID), .column("address", \.address), .column("district", \.district),
            .reference("city_id", \.cityID, to: SakilaCity.self), .column("postal_code", \.postalCode), .column("phone", \.phone),
            .column("last_update", \.lastUpdate),
        ])
}

struct FilmLanguage: Entity, Equatable {
    var languageID: Int64?
    var name = ""
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<FilmLanguage>(
        table: "language",
        columns: [.primaryKey("language_id", \.languageID), .column("name", \.name), .column("last_update", \.lastUpdate)])
}

struct Category: Entity, Equatable {
    var categoryID: Int64?
    var name = ""
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<Category>(
        table: "category",
        columns: [.primaryKey("category_id", \.categoryID), .column("name", \.name), .column("last_update", \.lastUpdate)])
}

struct Film: Entity, Equatable {
    var filmID: Int64?
    var title = ""
    var description: String?
    var releaseYear: String?
    var languageID: Int64 = 1
    var originalLanguageID: Int64?
    var rentalDuration: Int64?
    var rentalRate: Double?
    var length: Int64?
    var replacementCost: Double?
    var rating: String?
    var specialFeatures: String?
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<Film>(
        table: "film",
        columns: [
            .primaryKey("film_id", \.filmID), .column("title", \.title), .column("description", \.description),
            .column("release_year", \.releaseYear), .reference("language_id", \.languageID, to: FilmLanguage.self),
            .reference("original_language_id", \.originalLanguageID, to: FilmLanguage.self), .column("rental_duration", \.rentalDuration),
            .column("rental_rate", \.rentalRate), .column("length", \.length), .column("replacement_cost", \.replacementCost),
            .column("rating", \.rating), .column("special_features", \.specialFeatures), .column("last_update", \.lastUpdate),
        ])
}

struct FilmActor: Entity, Equatable {
    var actorID: Int64?
    var filmID: Int64?
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<FilmActor>(
        table: "film_actor",
        columns: [
            .primaryKey("actor_id", \.actorID, references: SakilaActor.self), .primaryKey("film_id", \.filmID, references: Film.self),
            .column("last_update", \.lastUpdate),
        ])
}

struct FilmCategory: Entity, Equatable {
    var filmID: Int64?
    var categoryID: Int64?
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<FilmCategory>(
        table: "film_category",
        columns: [
            .primaryKey("film_id", \.filmID, references: Film.self), .primaryKey("category_id", \.categoryID, references: Category.self),
            .column("last_update", \.lastUpdate),
        ])
}

struct FilmText: Entity, Equatable {
    var filmID: Int64?
    var title = ""
    var description: String?
    static let schema = EntitySchema<FilmText>(
        table: "film_text", columns: [.primaryKey("film_id", \.filmID), .column("title", \.title), .column("description", \.description)])
}

struct Inventory: Entity, Equatable {
    var inventoryID: Int64?
    var filmID: Int64 = 0
    var storeID: Int64 = 0
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<Inventory>(
        table: "inventory",
        columns: [
            .primaryKey("inventory_id", \.inventoryID), .reference("film_id", \.filmID, to: Film.self),
            .reference("store_id", \.storeID, to: Store.self), .column("last_update", \.lastUpdate),
        ])
}
