import DraftStore
import Foundation

/// `authors changes apply [--policy P] FILE`: applies a changeset made by another copy
/// (`authors changes export`, `sqldiff --changeset`) in one transaction, field by field, and
/// reports every row changed on both sides.
struct ChangesApplyCommand: AuthorsCommand {
    /// The merge policies by their command-line names.
    enum Policy: String, CaseIterable, ArgumentValue {
        /// Apply nothing when a field changed on both sides.
        case error
        /// Take the file's value.
        case draftWins = "draft-wins"
        /// Keep this copy's value.
        case storeWins = "store-wins"
        /// Write the file's row over this copy's.
        case overwrite
        /// Keep this copy's whole row.
        case rollback

        /// The library's policy of that name.
        var mergePolicy: MergePolicy {
            switch self {
            case .error: .error
            case .draftWins: .draftWins
            case .storeWins: .storeWins
            case .overwrite: .overwrite
            case .rollback: .rollback
            }
        }
    }

    static let path = ["changes", "apply"]
    static let summary = "Apply a changeset file made by another copy, reporting fields changed on both sides."
    static let database = DatabaseUse.writes

    /// The changeset file.
    var file = ""
    /// The merge policy.
    var policy = Policy.error

    static var parameters: [CommandParameter<Self>] {
        [
            .argument(
                "FILE", \.file, help: "The changeset file (from changes export, or sqldiff --changeset); - for standard input.",
                completion: .files),
            .option(
                "policy", \.policy, valueName: "POLICY",
                help: "For fields changed on both sides: error (apply nothing), draft-wins (take the file's), "
                    + "store-wins (keep this copy's), overwrite, rollback (keep this copy's whole row)."),
        ]
    }

    func run(_ session: CommandSession) throws {
        let changeset: Data
        do {
            changeset = try file == "-" ? FileHandle.standardInput.readToEnd() ?? Data() : Data(contentsOf: URL(filePath: file))
        } catch {
            throw CLIFailure.refused("notFound", "\(file): cannot read the changeset (\(error.localizedDescription)).")
        }
        let report: ChangesetApplication
        do {
            report = try session.store().apply(changeset: changeset, policy: policy.mergePolicy)
        } catch let ChangesetError.conflict(conflicts) {
            throw CLIFailure.refused(
                "conflict",
                "Not applied: \(conflicts.count) row(s) changed on both sides; nothing was written. "
                    + "Choose --policy (store-wins keeps this copy's values, draft-wins takes the file's).\n"
                    + conflicts.map { "  " + Self.line($0) }.joined(separator: "\n"))
        } catch let error as ChangesetError {
            switch error {
            case .storage, .finished: throw CLIFailure.storage(error.description)
            default: throw CLIFailure.refused("refused", "\(file): \(error.description) Nothing was written.")
            }
        }
        if session.console.json {
            session.console.printJSON([
                "applied": report.applied, "unchanged": report.unchanged, "skipped": report.skippedOwnChanges,
                "conflicts": report.conflicts.map { conflict in
                    [
                        "table": conflict.table, "key": "\(conflict.key)", "kind": conflict.kind.rawValue,
                        "resolution": conflict.resolution.rawValue,
                        "fields": conflict.fields.map {
                            [
                                "name": $0.name, "base": Rendering.jsonValue($0.base), "mine": Rendering.jsonValue($0.mine),
                                "theirs": Rendering.jsonValue($0.theirs),
                            ]
                        },
                    ] as [String: Any]
                },
            ])
            return
        }
        session.console.print("Applied \(report.applied) row(s) from \(file); \(report.unchanged) already as in the file.")
        if report.skippedOwnChanges > 0 {
            session.console.print(
                "Skipped \(report.skippedOwnChanges) change(s) to DraftStore's own tables (\(report.skippedOwnTables.joined(separator: ", "))): they describe the other copy, not this one."
            )
        }
        if !report.conflicts.isEmpty {
            session.console.print("\(report.conflicts.count) row(s) changed on both sides:")
            for conflict in report.conflicts { session.console.print("  " + Self.line(conflict)) }
        }
    }

    /// One conflict in words: `authors #1 name: base 'A', here 'B', in the file 'C' (kept here)`.
    static func line(_ conflict: ChangesetConflict) -> String {
        let row = "\(conflict.table) #\(conflict.key)"
        let outcome =
            switch conflict.resolution {
            case .refused: "not applied"
            case .theirsTaken: "the file's taken"
            case .mineKept: "this copy's kept"
            }
        switch conflict.kind {
        case .deletedHere: return "\(row) was deleted here; the file changes it (\(outcome))"
        case .deletedThere:
            return "\(row) is deleted in the file; here it changed: "
                + conflict.fields.map { "\($0.name) (base \($0.base), here \($0.mine))" }.joined(separator: "; ") + " (\(outcome))"
        case .changedOnBothSides, .insertedOnBothSides:
            return "\(row) "
                + conflict.fields.map { "\($0.name): base \($0.base), here \($0.mine), in the file \($0.theirs)" }.joined(separator: "; ")
                + " (\(outcome))"
        }
    }
}
