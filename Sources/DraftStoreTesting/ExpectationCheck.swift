import DraftStore

/// The checks behind the `expect…` functions: each runs its body and returns what it found and,
/// when the promise was broken, the words of the failure — recorded as a test issue by the public
/// function. Kept apart so the harness's own tests can assert those words without recording an issue.
enum ExpectationCheck {
    /// What a check found: the value the expectation returns, and the failure's words, if any.
    struct Finding<Value> {
        /// The value the expectation returns (the error thrown, the conflict, the field error).
        var value: Value?
        /// Why the expectation failed; `nil` when it held.
        var failure: String?
    }

    /// The words for a body that ran statements, or `nil` when it ran none.
    static func noStatements(_ store: DraftStore, _ body: () throws -> Void) rethrows -> String? {
        let statements = try StatementRecorder.record(store, body)
        guard !statements.isEmpty else { return nil }
        return "Expected no SQL statement, but \(statements.count) ran: \(statements.joined(separator: "; "))"
    }

    /// The words for a body that ran other than one transaction, or `nil` when it ran exactly one.
    static func oneTransaction(_ store: DraftStore, _ body: () throws -> Void) rethrows -> String? {
        let statements = try StatementRecorder.record(store, body).map { $0.uppercased() }
        let begins = statements.filter { $0.hasPrefix("BEGIN") }.count
        let commits = statements.filter { $0.hasPrefix("COMMIT") }.count
        let rollbacks = statements.filter { $0.hasPrefix("ROLLBACK") }.count
        guard begins != 1 || commits != 1 || rollbacks != 0 else { return nil }
        return
            "Expected exactly one transaction, but saw \(begins) BEGIN, \(commits) COMMIT, \(rollbacks) ROLLBACK among \(statements.count) statements"
    }

    /// The words naming each statement of the body that wrote, or `nil` when none did.
    static func noWrites(_ store: DraftStore, _ body: () throws -> Void) rethrows -> String? {
        let writes = try StatementRecorder.record(store, body).filter(StatementRecorder.isWrite)
        guard !writes.isEmpty else { return nil }
        return "Expected no write, but these ran: \(writes.joined(separator: "; "))"
    }

    /// The error the body threw, and the words naming each table whose rows differ afterwards.
    static func unchanged(_ store: DraftStore, _ body: () throws -> Void) -> Finding<any Error> {
        let before: DatabaseContents
        do {
            before = try DatabaseContents(store)
        } catch {
            return Finding(failure: "Could not read the database before the body: \(error)")
        }
        var thrown: (any Error)?
        do { try body() } catch { thrown = error }
        do {
            let differences = before.differences(from: try DatabaseContents(store))
            guard !differences.isEmpty else { return Finding(value: thrown) }
            return Finding(value: thrown, failure: "Expected the database to be unchanged, but \(differences.joined(separator: "; "))")
        } catch {
            return Finding(value: thrown, failure: "Could not read the database after the body: \(error)")
        }
    }

    /// The conflict the body threw, and the words when it threw none or one without `field`.
    static func conflict(on field: String, _ body: () throws -> Void) -> Finding<ConflictError> {
        do {
            try body()
            return Finding(failure: "Expected a conflict on \(field), but the body succeeded")
        } catch let SaveError.conflict(conflict) {
            guard !conflict.objects.contains(where: { $0.fields.contains { $0.name == field } }) else { return Finding(value: conflict) }
            return Finding(value: conflict, failure: "Expected a conflict on \(field), but it lists: \(conflict)")
        } catch {
            return Finding(failure: "Expected a conflict on \(field), but got: \(error)")
        }
    }

    /// ``conflict(on:_:)-(String,_)`` for the field of a declared column; an undeclared one fails
    /// (`UnknownColumnError`) without running the body.
    static func conflict<E: Entity, V>(on keyPath: KeyPath<E, V>, _ body: () throws -> Void) -> Finding<ConflictError> {
        do {
            return conflict(on: try E.schema.field(for: keyPath), body)
        } catch {
            return Finding(failure: "\(error)")
        }
    }

    /// The matching field error the body threw, and the words when it threw none or another.
    static func fieldError(_ field: String, code: FieldError.Code, source: FieldError.Source?, _ body: () throws -> Void) -> Finding<
        FieldError
    > {
        let expected = "Expected a field error \(code.rawValue) on \(field)"
        do {
            try body()
            return Finding(failure: "\(expected), but the body succeeded")
        } catch let error as SaveError {
            if let match = error.fieldErrors.first(where: { $0.field == field && $0.code == code && (source == nil || $0.source == source) }
            ) {
                return Finding(value: match)
            }
            // By field name (`FieldError/description`), as the test names the field: not the labels a person reads.
            let got = error.fieldErrors.isEmpty ? error.description : error.fieldErrors.map(\.description).joined(separator: "; ")
            return Finding(failure: "\(expected), but got: \(got)")
        } catch {
            return Finding(failure: "\(expected), but got: \(error)")
        }
    }
}
