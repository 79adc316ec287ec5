import DraftStore
import Foundation

/// `authors changes export [--after N] FILE`: the changes saved since point N, as one SQLite
/// changeset in FILE, for `authors changes apply` on another copy of the database.
struct ChangesExportCommand: AuthorsCommand {
    static let path = ["changes", "export"]
    static let summary = "Write the changes saved since a point to a file (an SQLite changeset)."
    static let database = DatabaseUse.reads

    /// The file to write.
    var file = ""
    /// The last change already exported.
    var after: Int64 = 0

    static var parameters: [CommandParameter<Self>] {
        [
            .argument(
                "FILE", \.file, help: "The changeset file to write (replaced if it exists); - for standard output.", completion: .files),
            .option(
                "after", \.after, valueName: "N",
                help: "Only changes numbered above N, N excluded (the number the last export printed); 0 for all."),
        ]
    }

    /// `--after` is 0 or more.
    /// - Throws: ``CLIFailure`` (usage) naming a negative value.
    func validate() throws {
        guard after >= 0 else { throw CLIFailure.usage("--after must be 0 or a change number printed by an export, not '\(after)'") }
    }

    func run(_ session: CommandSession) throws {
        let export = try session.store().exportChanges(after: after)
        let console = session.console
        if file == "-" {
            // The changeset is standard output; the report goes to standard error.
            console.flush()
            FileHandle.standardOutput.write(export.changeset)
            console.printError(
                export.count == 0
                    ? "No changes after #\(after)." : "Exported \(Self.range(export, after: after)). Next time: --after \(export.through)")
            return
        }
        do {
            try export.changeset.write(to: URL(filePath: file), options: .atomic)
        } catch {
            throw CLIFailure.storage("\(file): cannot write the changeset (\(error.localizedDescription)).")
        }
        if console.json {
            session.console.printJSON([
                "file": file, "changes": export.count, "after": Int(after), "through": Int(export.through), "bytes": export.changeset.count,
            ])
        } else if export.count == 0 {
            session.console.print("No changes after #\(after); wrote an empty changeset to \(file).")
        } else {
            session.console.print("Exported \(Self.range(export, after: after)) to \(file). Next time: --after \(export.through)")
        }
    }

    /// `change #4 (1 save)`, or `changes #2–#3 (2 saves)` for several.
    static func range(_ export: ChangeExport, after: Int64) -> String {
        export.count == 1 ? "change #\(export.through) (1 save)" : "changes #\(after + 1)–#\(export.through) (\(export.count) saves)"
    }
}
