import Bookshelf
import DraftStore
import Foundation

/// `authors export [--format csv|json] [FILE]`: every author on standard output (or in FILE), in a
/// form `import` reads back.
struct ExportCommand: AuthorsCommand {
    static let path = ["export"]
    static let summary = "Write every author to standard output, in a form import reads back."
    static let database = DatabaseUse.reads

    /// The format asked for with `--format`; `nil` when not given (then `--json` chooses JSON).
    var format: ImportFormat?

    /// The file to write; `nil` (or `-`) for standard output.
    var file: String?

    static var parameters: [CommandParameter<Self>] {
        [
            .argument(
                "FILE", \.file, help: "A file to write instead (replaced if it exists); - for standard output.", completion: .files),
            .option("format", \.format, valueName: "FORMAT", help: "The file format.", defaultDescription: "csv"),
        ]
    }

    func run(_ session: CommandSession) throws {
        let file = file == "-" ? nil : file
        let authors = try session.store().fetch(FetchRequest<Author>.all)
        let records = authors.map { ImportRecord(number: Int($0.id!), name: $0.name, email: $0.email, bio: $0.bio) }
        let format = format ?? (session.console.json ? .json : .csv)
        guard let file else { return session.console.prompt(String(decoding: format.write(records), as: UTF8.self)) }
        do {
            try format.write(records).write(to: URL(filePath: file), options: .atomic)
        } catch {
            throw CLIFailure.storage("\(file): cannot write the export (\(error.localizedDescription)).")
        }
    }
}
