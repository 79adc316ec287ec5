import Bookshelf
import DraftStore
import Foundation
import Testing

@testable import AuthorsCLI

/// The full-screen form in small windows: at every size from 40×6 up the focused field, its
/// cursor and its errors are on screen; below that the screen says it needs a larger window.
@Suite("Screen: scrolling in a small window")
struct ScreenScrollTests {
    /// A new-author form after a refused Ctrl-S: every field shows an error (the bio is too long,
    /// on several lines).
    private func refusedForm() throws -> ScreenModel {
        let store = try Bookshelf.openStore(path: nil)
        let model = ScreenModel(item: try store.presentNew(Author()))
        model.move(to: AuthorField.bio.name)
        try model.handle(.paste(String(repeating: "word ", count: 300) + "\n" + String(repeating: "more ", count: 200) + "\nend"))
        try model.handle(.save)
        return model
    }

    @Test func theFocusedFieldAndItsErrorsAreOnScreenAtEverySize() throws {
        let model = try refusedForm()
        for field in AuthorField.all {
            model.move(to: field.name)
            let errors = model.item.form.visibleErrors(for: field.name)
            #expect(!errors.isEmpty, "\(field.name)")
            for width in [40, 41, 47, 60, 79, 100, 140] {
                for height in 6...30 {
                    let frame = model.render(width: width, height: height)
                    let size = "\(field.name) at \(width)×\(height)\n\(frame.text)"
                    #expect(frame.lines.count == height && !frame.isTooSmall, "\(size)")
                    #expect(frame.lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(size)")
                    #expect(frame.lines.contains { $0.hasPrefix("▶ " + field.descriptor.label) }, "\(size)")
                    for error in errors {
                        let shown = DisplayWidth.truncated("✗ " + error.message, to: width - 12)
                        #expect(frame.lines.contains { $0.contains(shown.dropLast()) }, "\(size)")
                    }
                    let cursor = try #require(frame.cursor, "\(size)")
                    #expect(cursor.row < height - 2 && cursor.column < width, "\(size)")
                }
            }
        }
    }

    @Test func typingAtTheEndOfTheLastFieldStaysInView() throws {
        let model = try refusedForm()
        model.move(to: AuthorField.bio.name)
        try model.handle(.text("X"))
        let frame = model.render(width: 60, height: 7)
        let cursor = try #require(frame.cursor)
        #expect(frame.lines[cursor.row].contains("endX"), "\(frame.text)")
    }

    @Test(arguments: [(39, 6), (40, 5), (20, 3), (100, 2)])
    func belowTheMinimumTheScreenSaysItNeedsALargerWindow(width: Int, height: Int) throws {
        let model = try refusedForm()
        let frame = model.render(width: width, height: height)
        #expect(frame.isTooSmall && frame.cursor == nil)
        #expect(frame.lines.count == height && frame.lines.allSatisfy { DisplayWidth.of($0) <= width })
        #expect(frame.lines.joined(separator: " ").hasPrefix("The form needs a window"), "\(frame.text)")
    }
}
