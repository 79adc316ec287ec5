import Foundation
import Testing

/// A program outside the toolchain that some tests run, found on `PATH` as a shell would find it.
///
/// A test that needs one is enabled only when it is there, and otherwise skipped with a comment
/// that names the program and the package that brings it, so a machine with only README's
/// prerequisites passes and says what it did not try:
///
/// ```swift
/// @Test(.requires(.sqldiff)) func aChangesetMadeBySqldiffApplies() throws { … }
/// ```
///
/// CI installs every tool and then fails if any test was skipped for a missing one: it looks for
/// ``skipMarker`` in the test log.
public struct ExternalTool: Sendable {
    /// The program's name, as typed in a shell.
    public let name: String
    /// The Debian package that installs it.
    public let debianPackage: String
    /// The Homebrew formula that installs it.
    public let homebrewFormula: String
    /// What the tests that need it do with it.
    public let purpose: String

    /// `sqldiff`, which makes SQLite changesets from two database files.
    public static let sqldiff = ExternalTool(
        name: "sqldiff", debianPackage: "sqlite3-tools", homebrewFormula: "sqlite",
        purpose: "changesets made by SQLite's own sqldiff")
    /// `python3`, whose `sqlite3` module is a writer DraftStore does not control.
    public static let python3 = ExternalTool(
        name: "python3", debianPackage: "python3", homebrewFormula: "python",
        purpose: "another process writing through Python's sqlite3")
    /// `tmux`, a terminal the full-screen form's tests type into and read back.
    public static let tmux = ExternalTool(
        name: "tmux", debianPackage: "tmux", homebrewFormula: "tmux",
        purpose: "the full-screen form in a real terminal")

    /// The words every skip for a missing tool starts with; CI fails a run whose log holds them.
    public static let skipMarker = "missing tool:"

    /// The program's full path: the first executable file of that name in a folder of `PATH`.
    public var path: String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.lazy.map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile)
    }

    /// Whether the program can be run here.
    public var isAvailable: Bool { path != nil }

    /// Why a test that needs the program was skipped.
    public var missing: Comment {
        "\(Self.skipMarker) \(name) is not on PATH, so the tests of \(purpose) did not run (Debian: apt-get install \(debianPackage); Homebrew: brew install \(homebrewFormula))"
    }
}

extension Trait where Self == ConditionTrait {
    /// Enables a test or suite only where `tool` is on `PATH`; elsewhere it is skipped with a
    /// comment naming the tool and its package.
    ///
    /// - Parameter tool: The program the test runs.
    public static func requires(_ tool: ExternalTool) -> Self {
        .enabled(if: tool.isAvailable, tool.missing)
    }
}
