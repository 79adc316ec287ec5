/// A word that leads to several commands (`books` in `books add`), with the summary its help shows.
///
/// ```swift
/// let books = CommandGroupSpec(path: ["books"], summary: "Work with an author's books.")
/// ```
struct CommandGroupSpec: Sendable, Equatable {
    /// The group's words, e.g. `["books"]`.
    let path: [String]
    /// One line saying what the group's commands are about.
    let summary: String
}
