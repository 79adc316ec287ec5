// swift-tools-version: 6.2
import PackageDescription

/// Settings shared by every target the project compiles: Swift 6 mode, and no warning survives.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "DraftStore",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "DraftStore", targets: ["DraftStore"]),
        .library(name: "DraftStoreTesting", targets: ["DraftStoreTesting"]),
        .library(name: "Bookshelf", targets: ["Bookshelf"]),
        .executable(name: "authors", targets: ["authors"]),
        .executable(name: "draftstore-bench", targets: ["draftstore-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The SQLite layer: connection, statements, rows, values, errors, sessions, the lock and text
        // comparison. It knows nothing above it; what the layers above share with it is `package`.
        .target(name: "DraftStoreSQLite", dependencies: ["CSQLite"], swiftSettings: strict),
        // The product users import; it re-exports the layers below it.
        .target(name: "DraftStore", dependencies: ["DraftStoreSQLite", "CSQLite"], swiftSettings: strict),
        .target(name: "CFaultVFS", dependencies: ["CSQLite"]),
        .target(name: "DraftStoreTesting", dependencies: ["DraftStore", "CSQLite", "CFaultVFS"], swiftSettings: strict),
        .executableTarget(name: "embed-migrations", swiftSettings: strict),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["embed-migrations"]
        ),
        .target(
            name: "Bookshelf",
            dependencies: ["DraftStore"],
            swiftSettings: strict,
            plugins: ["EmbedMigrations"]
        ),
        .target(name: "AuthorsCLI", dependencies: ["DraftStore", "Bookshelf"], exclude: ["Authors.md"], swiftSettings: strict),
        .executableTarget(name: "authors", dependencies: ["AuthorsCLI"], swiftSettings: strict),
        .executableTarget(
            name: "reliability-worker", dependencies: ["DraftStore", "Bookshelf", "CSQLite", "CFaultVFS"], swiftSettings: strict),
        .target(name: "CBench", dependencies: ["CSQLite"]),
        .executableTarget(
            name: "draftstore-bench",
            dependencies: ["DraftStore", "Bookshelf", "CSQLite", "CBench"],
            exclude: ["Benchmarks.md"],
            swiftSettings: strict
        ),
        // Finds the programs outside the toolchain that some tests run, and skips those tests where one is missing.
        .target(name: "TestTools", path: "Tests/TestTools", swiftSettings: strict),
        // Plain sqlite3changeset_apply, for the test that DraftStore's changesets are SQLite's.
        .target(name: "CChangesetApply", dependencies: ["CSQLite"], path: "Tests/CChangesetApply"),
        .testTarget(
            name: "DraftStoreTests",
            dependencies: ["DraftStore", "DraftStoreSQLite", "DraftStoreTesting", "Bookshelf", "CSQLite", "CChangesetApply", "TestTools"],
            swiftSettings: strict
        ),
        // "authors" so that `swift test` builds the executable the subprocess tests run.
        .testTarget(name: "AuthorsCLITests", dependencies: ["AuthorsCLI", "authors", "DraftStore", "TestTools"], swiftSettings: strict),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: ["DraftStore", "DraftStoreTesting", "Bookshelf", "reliability-worker", "TestTools"],
            swiftSettings: strict
        ),
    ]
)

#if os(Linux)
    // SwiftUI does not exist on Linux: there, Bookshelf's SwiftUI sources are type-checked against a
    // test-only stand-in of the SwiftUI declarations they use (on Apple platforms Bookshelf compiles
    // them against SwiftUI itself). A module of another name, so no `canImport(SwiftUI)` sees it.
    package.targets += [
        .target(name: "SwiftUIStandIn", path: "Tests/SwiftUIStandIn", swiftSettings: strict),
        .testTarget(
            name: "SwiftUITypeCheckTests",
            dependencies: ["SwiftUIStandIn", "DraftStore", "Bookshelf"],
            swiftSettings: strict + [.define("SWIFTUI_STANDIN")]
        ),
    ]
#endif
