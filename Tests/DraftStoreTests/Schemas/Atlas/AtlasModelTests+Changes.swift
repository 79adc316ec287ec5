import DraftStore
import DraftStoreTesting
import Foundation
import Testing

extension AtlasModelRun {
    /// One random change through the context, and the plain SQL that does the same; `nil` when
    /// there was nothing to change. Rows are picked from what the context shows; updates and
    /// deletes only touch rows that were saved before this step.
    mutating func change(_ context: ObjectContext) throws -> AtlasOperation? {
        let countries = try context.fetchAll(Country.self)
        let nums = countries.map(\.num)
        let storedCountries = countries.filter { !$0.hasTemporaryKey }
        let languages = try context.fetchAll(Language.self).compactMap(\.code)
        let storedLanguages = try storedKeys("SELECT code FROM languages")
        let spoken = try context.fetchAll(Spoken.self)
        let storedSpoken = try storedKeys("SELECT country_num, language FROM spoken")
        switch index(14) {
        case 13:
            let parent = chance(20) ? nil : pick(spoken)
            let id = "p\(next())"
            let text = name()
            try context.insert(Phrase(id: id, countryNum: parent?.countryNum, language: parent?.language, text: text))
            return .sql(
                "INSERT INTO phrases VALUES (?, ?, ?, ?)",
                [.text(id), parent?.countryNum.sqliteValue ?? .null, parent?.language.sqliteValue ?? .null, .text(text)])
        case 0:
            let num = chance(10) ? (pick(nums) ?? next()) : next()
            let country = try context.insert(Country(num: num, name: name(), population: number(), area: number()))
            return .insertCountry(temporary: country.id!, country)
        case 1:
            guard let num = chance(10) ? 9999 : pick(nums) else { return nil }
            let city = try context.insert(City(countryNum: num, capitalOf: chance(50) ? nil : pick(nums), name: name(), rating: number()))
            return .insertCity(temporary: city.id!, city)
        case 2:
            let code = "l\(next())"
            let label = chance(10) ? "" : name()
            try context.insert(Language(code: code, name: label))
            return .sql("INSERT INTO languages VALUES (?, ?)", [.text(code), .text(label)])
        case 3:
            guard let num = pick(nums), let code = pick(languages),
                !storedSpoken.contains([.integer(num), .text(code)]),
                !spoken.contains(where: { $0.countryNum == num && $0.language == code })
            else { return nil }
            let share = number()
            try context.insert(Spoken(countryNum: num, language: code, share: share))
            return .sql("INSERT INTO spoken VALUES (?, ?, ?)", [.integer(num), .text(code), share.sqliteValue])
        case 4:
            guard let parent = pick(spoken), let num = parent.countryNum else { return nil }
            let code = chance(10) ? "zz" : parent.language!
            let id = "d\(next())"
            let label = name()
            try context.insert(Dialect(id: id, countryNum: num, language: code, name: label))
            return .sql("INSERT INTO dialects VALUES (?, ?, ?, ?)", [.text(id), .integer(num), .text(code), .text(label)])
        case 5:
            guard var country = pick(storedCountries) else { return nil }
            let (column, value): (String, SQLiteValue)
            switch index(3) {
            case 0: country.name = name(); (column, value) = ("name", .text(country.name))
            case 1: country.population = number(); (column, value) = ("population", country.population.sqliteValue)
            default: country.area = number(); (column, value) = ("area", country.area.sqliteValue)
            }
            try context.update(country)
            written[country.id!, default: []].insert(column)
            return .sql("UPDATE countries SET \(column) = ? WHERE id = ?", [value, .integer(country.id!)])
        case 6:
            guard var city = pick(try context.fetchAll(City.self).filter { !$0.hasTemporaryKey }) else { return nil }
            let (column, value): (String, SQLiteValue)
            switch index(3) {
            case 0: city.name = name(); (column, value) = ("name", .text(city.name))
            case 1: city.rating = number() ?? 0; (column, value) = ("rating", city.rating.sqliteValue)
            default: city.capitalOf = chance(5) ? 9999 : pick(nums); (column, value) = ("capital_of", city.capitalOf.sqliteValue)
            }
            try context.update(city)
            return .sql("UPDATE cities SET \(column) = ? WHERE id = ?", [value, .integer(city.id!)])
        case 7:
            guard var row = pick(spoken.filter { storedSpoken.contains([.integer($0.countryNum!), .text($0.language!)]) }) else {
                return nil
            }
            row.share = number()
            try context.update(row)
            return .sql(
                "UPDATE spoken SET share = ? WHERE country_num = ? AND language = ?",
                [row.share.sqliteValue, .integer(row.countryNum!), .text(row.language!)])
        case 8:
            guard let country = pick(storedCountries) else { return nil }
            try context.delete(country)
            return .sql("DELETE FROM countries WHERE id = ?", [.integer(country.id!)])
        case 9:
            guard let city = pick(try context.fetchAll(City.self).filter { !$0.hasTemporaryKey }) else { return nil }
            try context.delete(city)
            return .sql("DELETE FROM cities WHERE id = ?", [.integer(city.id!)])
        case 10:
            guard let code = pick(languages.filter { storedLanguages.contains([.text($0)]) }) else { return nil }
            try context.delete(Language.self, key: RowKey(.text(code)))
            return .sql("DELETE FROM languages WHERE code = ?", [.text(code)])
        case 11:
            guard let row = pick(spoken.filter { storedSpoken.contains([.integer($0.countryNum!), .text($0.language!)]) }) else {
                return nil
            }
            try context.delete(row)
            return .sql("DELETE FROM spoken WHERE country_num = ? AND language = ?", [.integer(row.countryNum!), .text(row.language!)])
        default:
            let stored = try storedKeys("SELECT id FROM dialects")
            guard let dialect = pick(try context.fetchAll(Dialect.self).filter { stored.contains([.text($0.id!)]) }) else { return nil }
            try context.delete(dialect)
            return .sql("DELETE FROM dialects WHERE id = ?", [.text(dialect.id!)])
        }
    }
}

@Suite struct AtlasModelTests {
    /// Steps per seed: a few hundred in CI; set DRAFTSTORE_MODEL_STEPS for a longer run.
    static let steps = ProcessInfo.processInfo.environment["DRAFTSTORE_MODEL_STEPS"].flatMap(Int.init) ?? 300
    /// Added to each seed: set DRAFTSTORE_MODEL_SEED to explore other runs.
    static let seedOffset = ProcessInfo.processInfo.environment["DRAFTSTORE_MODEL_SEED"].flatMap(UInt64.init) ?? 0

    @Test(arguments: [(1 as UInt64, StoreFixture.Kind.inMemory), (2, .file), (3, .inMemory)])
    func randomChangesMatchPlainSQL(seed: UInt64, kind: StoreFixture.Kind) throws {
        try AtlasReferenceTests.fixture.withStore(kind) { test in
            var run = AtlasModelRun(
                test: test, mirror: try SQLMirror(test.store, ignoring: Atlas.clockColumns),
                random: SplitMix64(state: seed &+ Self.seedOffset))
            var done = 0
            while done < Self.steps { done += try run.step() }
            #expect(
                run.saved > 0 && run.refused > 0 && run.cancelled > 0,
                "saved \(run.saved), refused \(run.refused), cancelled \(run.cancelled)")
        }
    }
}
