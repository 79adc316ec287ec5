import Foundation
import PackagePlugin

/// Embeds the `.sql` files of the package's top-level `Migrations/` folder into the target
/// that applies this plugin, as a generated `EmbeddedMigrations.swift`.
///
/// The files become part of the binary, so a copied or installed executable needs neither
/// the source tree nor a resource bundle beside it.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Migrations")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let inputs = names.filter { $0.hasSuffix(".sql") }.sorted().map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) migrations from Migrations/",
                executable: try context.tool(named: "embed-migrations").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
