// The `authors` command-line demo of DraftStore. See `authors --help`.
import AuthorsCLI
import Foundation

exit(AuthorsTool.run(Array(CommandLine.arguments.dropFirst())))
