import Bookshelf
import DraftStore

extension CommandSession {
    /// `add --screen` / `edit ID --screen`: the full-screen form over the item (already holding
    /// any `--name`, `--email`, `--bio` given), then the outcome reported like the one-shot commands.
    /// - Throws: A storage failure of the save.
    func screen(_ item: PresentedItem<Author>) throws {
        switch try ScreenSession(item: item).run() {
        case let .saved(author):
            report(author, verb: item.mode == .add ? "Added" : "Saved")
        case .cancelled:
            if console.json {
                console.printJSON(["cancelled": true])
            } else {
                console.print("Cancelled: nothing was written.")
            }
        }
    }
}
