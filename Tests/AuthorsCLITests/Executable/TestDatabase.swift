import DraftStore
import Foundation
import Testing

/// A database file of its own in a temporary folder (removed with the value), and the
/// executable run against it with `--db`.
///
/// ```swift
/// let db = try TestDatabase()
/// try db.run("add", "--name", "Ann Lee", "--email", "ann@example.com")
/// #expect(try db.authors().map(\.name) == ["Ann Lee"])
/// ```
final class TestDatabase {
    /// One row of `authors`, read straight from the file.
    struct Row: Equatable, CustomStringConvertible {
        /// The row id.
        var id: Int64
        /// The name.
        var name: String
        /// The e-mail address.
        var email: String
        /// The bio, `nil` for NULL.
        var bio: String?

        /// The row, for failure messages.
        var description: String { "#\(id) \(name.debugDescription) <\(email.debugDescription)> \(bio?.debugDescription ?? "nil")" }
    }

    /// The folder holding the database (and any file a test writes next to it).
    let folder: TemporaryFolder
    /// The database path given with `--db`.
    let path: String

    /// A folder with no database yet: the first command creates and migrates it.
    /// - Throws: When the folder cannot be created.
    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("authors.sqlite")
    }

    /// Runs `authors ARGUMENTS --db PATH`.
    /// - Parameters:
    ///   - arguments: The command line without the program name and `--db`.
    ///   - input: Standard input, if any.
    /// - Returns: What the run produced.
    @discardableResult
    func run(_ arguments: String..., input: String? = nil) throws -> AuthorsExecutable.Result {
        try AuthorsExecutable.run(arguments + ["--db", path], input: input, directory: folder.url)
    }

    /// Runs `authors ARGUMENTS --db PATH` and records an issue unless it exits with `status`.
    /// - Parameters:
    ///   - status: The expected exit status.
    ///   - arguments: The command line without the program name and `--db`.
    /// - Returns: What the run produced.
    @discardableResult
    func expect(_ status: Int32, _ arguments: String..., input: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> AuthorsExecutable.Result
    {
        let result = try AuthorsExecutable.run(arguments + ["--db", path], input: input, directory: folder.url)
        #expect(result.status == status, "\(arguments.joined(separator: " "))\n\(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Adds an author through the executable and returns its id.
    /// - Parameters:
    ///   - name: The name.
    ///   - email: The e-mail address.
    ///   - bio: The bio, if any.
    @discardableResult
    func add(_ name: String, _ email: String, bio: String? = nil) throws -> Int64 {
        var arguments = ["add", "--name", name, "--email", email, "--json", "--db", path]
        if let bio { arguments += ["--bio", bio] }
        let result = try AuthorsExecutable.run(arguments, directory: folder.url)
        let object = try #require(try result.outputJSON() as? [String: Any], "\(result)")
        return try #require((object["id"] as? NSNumber)?.int64Value)
    }

    /// Every author, by id, read with a connection of its own (the executable is not involved).
    func authors() throws -> [Row] {
        let connection = try Connection(path: path)
        defer { connection.close() }
        return try connection.fetch("SELECT id, name, email, bio FROM authors ORDER BY id") { row in
            Row(
                id: row.int64(at: 0), name: try row.text(at: 1), email: try row.text(at: 2),
                bio: row.isNull(at: 3) ? nil : try row.text(at: 3))
        }
    }

    /// The titles of an author's books, by id.
    /// - Parameter author: The author's id.
    func bookTitles(of author: Int64) throws -> [String] {
        let connection = try Connection(path: path)
        defer { connection.close() }
        return try connection.fetch("SELECT title FROM books WHERE author_id = ? ORDER BY id", [.integer(author)]) { try $0.text(at: 0) }
    }

    /// Changes a row as another program would: a second connection, outside any draft.
    /// - Parameters:
    ///   - sql: An UPDATE or DELETE.
    ///   - arguments: Its arguments.
    func otherWriter(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        let connection = try Connection(path: path)
        defer { connection.close() }
        try connection.run(sql, arguments)
    }

    /// The database file's bytes, with its write-ahead log's, to prove nothing was written.
    func snapshot() -> [Data] {
        ["", "-wal"].map { suffix in
            FileManager.default.contents(atPath: path + suffix) ?? Data()
        }
    }

    /// The names of the files in the database's folder, sorted (`authors.sqlite`, and any `-wal` or `-shm`).
    func filesBeside() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    /// Writes a file next to the database and returns its path.
    /// - Parameters:
    ///   - name: The file's name.
    ///   - bytes: Its content.
    func write(_ name: String, _ bytes: Data) throws -> String {
        let file = folder.path(name)
        try bytes.write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes a text file next to the database and returns its path.
    func write(_ name: String, _ text: String) throws -> String { try write(name, Data(text.utf8)) }
}
