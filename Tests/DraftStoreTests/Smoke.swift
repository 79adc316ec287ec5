import Testing
@testable import DraftStore

@Test func opens() throws {
    let c = try Connection(path: nil)
    try c.execute("CREATE TABLE t(x TEXT)")
    try c.run("INSERT INTO t VALUES (?)", [.text("a\u{0}b")])
    #expect(try c.scalar("SELECT x FROM t") == .text("a\u{0}b"))
}
