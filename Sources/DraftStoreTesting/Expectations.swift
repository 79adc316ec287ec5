import DraftStore
import Testing

/// Runs `body` and records a test issue, in words, if any statement ran — what a cancel must satisfy.
/// - Parameters:
///   - store: The store to watch.
///   - sourceLocation: Where the issue is reported.
///   - body: The code under test.
/// - Throws: What `body` throws.
public func expectNoStatements(_ store: DraftStore, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) rethrows {
    record(try ExpectationCheck.noStatements(store, body), at: sourceLocation)
}

/// Runs `body` and records an issue unless exactly one transaction ran (one BEGIN, one COMMIT, no ROLLBACK) — what a save must satisfy.
/// - Parameters:
///   - store: The store to watch.
///   - sourceLocation: Where the issue is reported.
///   - body: The code under test.
/// - Throws: What `body` throws.
public func expectOneTransaction(_ store: DraftStore, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) rethrows
{
    record(try ExpectationCheck.oneTransaction(store, body), at: sourceLocation)
}

/// Runs `body` and records an issue naming each statement that wrote — what a fetch must satisfy.
/// - Parameters:
///   - store: The store to watch.
///   - sourceLocation: Where the issue is reported.
///   - body: The code under test.
/// - Throws: What `body` throws.
public func expectNoWrites(_ store: DraftStore, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) rethrows {
    record(try ExpectationCheck.noWrites(store, body), at: sourceLocation)
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
    record(ExpectationCheck.unchanged(store, body), at: sourceLocation)
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
    record(ExpectationCheck.conflict(on: field, body), at: sourceLocation)
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
    record(ExpectationCheck.conflict(on: keyPath, body), at: sourceLocation)
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
    record(ExpectationCheck.fieldError(field, code: code, source: source, body), at: sourceLocation)
}

/// Records `check`'s failure, if any, as a test issue at `sourceLocation`.
private func record(_ failure: String?, at sourceLocation: SourceLocation) {
    if let failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
}

/// Records the failure of `check`, if any, and returns what it found.
private func record<Value>(_ check: ExpectationCheck.Finding<Value>, at sourceLocation: SourceLocation) -> Value? {
    record(check.failure, at: sourceLocation)
    return check.value
}
