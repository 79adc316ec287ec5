import DraftStore
import Testing

/// Runs `body` and records a test issue, in words, if any statement ran — what a cancel must satisfy.
/// - Parameters:
///   - store: The store to watch.
///   - sourceLocation: Where the issue is reported.
///   - body: The code under test.
/// - Throws: What `body` throws.
public func expectNoStatements(_ store: DraftStore, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) rethrows {
    let statements = try StatementRecorder.record(store, body)
    if !statements.isEmpty {
        Issue.record(
            "Expected no SQL statement, but \(statements.count) ran: \(statements.joined(separator: "; "))", sourceLocation: sourceLocation)
    }
}

/// Runs `body` and records an issue unless exactly one transaction ran (one BEGIN, one COMMIT, no ROLLBACK) — what a save must satisfy.
/// - Parameters:
///   - store: The store to watch.
///   - sourceLocation: Where the issue is reported.
///   - body: The code under test.
/// - Throws: What `body` throws.
public func expectOneTransaction(_ store: DraftStore, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) rethrows
{
    let statements = try StatementRecorder.record(store, body).map { $0.uppercased() }
    let begins = statements.filter { $0.hasPrefix("BEGIN") }.count
    let commits = statements.filter { $0.hasPrefix("COMMIT") }.count
    let rollbacks = statements.filter { $0.hasPrefix("ROLLBACK") }.count
    if begins != 1 || commits != 1 || rollbacks != 0 {
        Issue.record(
            "Expected exactly one transaction, but saw \(begins) BEGIN, \(commits) COMMIT, \(rollbacks) ROLLBACK among \(statements.count) statements",
            sourceLocation: sourceLocation)
    }
}

/// Runs `body` and records an issue naming each statement that wrote — what a fetch must satisfy.
/// - Parameters:
///   - store: The store to watch.
///   - sourceLocation: Where the issue is reported.
///   - body: The code under test.
/// - Throws: What `body` throws.
public func expectNoWrites(_ store: DraftStore, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) rethrows {
    let writes = try StatementRecorder.record(store, body).filter(StatementRecorder.isWrite)
    if !writes.isEmpty {
        Issue.record("Expected no write, but these ran: \(writes.joined(separator: "; "))", sourceLocation: sourceLocation)
    }
}

/// Runs `body` (which may throw) and records an issue naming each table whose rows differ afterwards.
/// - Parameters:
///   - store: The store whose database must stay as it was.
///   - sourceLocation: Where the issue is reported.
///   - body: The code under test, typically a save expected to fail.
/// - Returns: The error `body` threw, if any, for further checks.
@discardableResult
public func expectUnchanged(_ store: DraftStore, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> (
    any Error
)? {
    let before: DatabaseContents
    do {
        before = try DatabaseContents(store)
    } catch {
        Issue.record("Could not read the database before the body: \(error)", sourceLocation: sourceLocation)
        return nil
    }
    var thrown: (any Error)?
    do { try body() } catch { thrown = error }
    do {
        let differences = before.differences(from: try DatabaseContents(store))
        if !differences.isEmpty {
            Issue.record(
                "Expected the database to be unchanged, but \(differences.joined(separator: "; "))", sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("Could not read the database after the body: \(error)", sourceLocation: sourceLocation)
    }
    return thrown
}

/// Runs `body` and records an issue unless it throws a `SaveError/conflict(_:)` that lists `field`.
/// - Parameters:
///   - field: The field name expected among the conflicting fields.
///   - sourceLocation: Where the issue is reported.
///   - body: The save under test.
/// - Returns: The conflict, when it was thrown.
@discardableResult
public func expectConflict(on field: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> ConflictError?
{
    do {
        try body()
        Issue.record("Expected a conflict on \(field), but the body succeeded", sourceLocation: sourceLocation)
    } catch let SaveError.conflict(conflict) {
        if !conflict.objects.contains(where: { $0.fields.contains { $0.name == field } }) {
            Issue.record("Expected a conflict on \(field), but it lists: \(conflict)", sourceLocation: sourceLocation)
        }
        return conflict
    } catch {
        Issue.record("Expected a conflict on \(field), but got: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Runs `body` and records an issue unless it throws a conflict on the column of `keyPath`.
/// - Parameters:
///   - keyPath: A declared column of `E`; its field name is expected among the conflicting fields.
///     One that is not records an issue (`UnknownColumnError`) and runs nothing.
///   - sourceLocation: Where the issue is reported.
///   - body: The save under test.
/// - Returns: The conflict, when it was thrown.
@discardableResult
public func expectConflict<E: Entity, V>(
    on keyPath: KeyPath<E, V>, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> ConflictError? {
    do {
        return expectConflict(on: try E.schema.field(for: keyPath), sourceLocation: sourceLocation, body)
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Runs `body` and records an issue unless it throws a `SaveError` holding a field error
/// on `field` with `code` (and `source`, when given).
/// - Parameters:
///   - field: The field name expected.
///   - code: The error code expected.
///   - source: The source expected (validation or the store); `nil` accepts either.
///   - sourceLocation: Where the issue is reported.
///   - body: The save under test.
/// - Returns: The matching field error, when it was thrown.
@discardableResult
public func expectFieldError(
    _ field: String, code: FieldError.Code, source: FieldError.Source? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> FieldError? {
    do {
        try body()
        Issue.record("Expected a field error \(code.rawValue) on \(field), but the body succeeded", sourceLocation: sourceLocation)
    } catch let error as SaveError {
        if let match = error.fieldErrors.first(where: { $0.field == field && $0.code == code && (source == nil || $0.source == source) }) {
            return match
        }
        // By field name (`FieldError/description`), as the test names the field: not the labels a person reads.
        let got = error.fieldErrors.isEmpty ? error.description : error.fieldErrors.map(\.description).joined(separator: "; ")
        Issue.record("Expected a field error \(code.rawValue) on \(field), but got: \(got)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("Expected a field error \(code.rawValue) on \(field), but got: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
