import Foundation

/// Prints the results as a table, or writes them as JSON.
enum Report {
    /// Formats a figure of `unit` (blank for none).
    static func figure(_ value: Double?, unit: String) -> String {
        guard let value, value.isFinite else { return "–" }
        switch unit {
        case "ms": return value < 10 ? String(format: "%.2f ms", value) : String(format: "%.1f ms", value)
        case "MiB": return String(format: "%.1f MiB", value)
        default: return String(format: "%.2f×", value)
        }
    }

    /// Formats a ratio.
    static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return String(format: "%.2f×", value)
    }

    /// The table's header lines, in Markdown.
    static let header = [
        "| | workload | size | C | raw Swift | DraftStore | DS / C | DS / raw | target | met |",
        "|---|---|---|---:|---:|---:|---:|---:|---|---|",
    ]

    /// The table lines of `rows`, one per result.
    static func lines(_ rows: [ResultRow]) -> [String] {
        rows.map { row in
            let met = row.met.map { $0 ? "yes" : "**no**" } ?? ""
            let checked = row.target.isEmpty ? "" : "\(row.target) (\(ratio(row.checked)))"
            return
                "| \(row.workload) | \(row.title) | \(row.size) | \(figure(row.c, unit: row.unit)) | \(figure(row.rawSwift, unit: row.unit)) "
                + "| \(figure(row.draftStore, unit: row.unit)) | \(ratio(row.ratioToC)) | \(ratio(row.ratioToRawSwift)) | \(checked) | \(met) |"
        }
    }

    /// The notes of `rows`, one line each; empty when none has a note.
    static func notes(_ rows: [ResultRow]) -> [String] {
        rows.filter { !$0.note.isEmpty }.map { "- \($0.workload) \($0.title): \($0.note)" }
    }

    /// The table, in Markdown, one row per result, then the notes.
    static func table(_ rows: [ResultRow]) -> String {
        let notes = notes(rows)
        return (header + lines(rows) + (notes.isEmpty ? [] : [""] + notes)).joined(separator: "\n")
    }

    /// The run as JSON: the settings, then one object per result row with its ratios.
    /// `complete` is `false` while workloads are still to run (the file is rewritten after each).
    static func json(_ rows: [ResultRow], options: BenchOptions, seconds: Double, complete: Bool) throws -> Data {
        struct Document: Encodable {
            let mode: String
            let rounds: Int
            let sqliteVersion: String
            let seconds: Double
            let complete: Bool
            let workloads: [ResultRow]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(
            Document(
                mode: options.quick ? "quick" : "full", rounds: options.rounds, sqliteVersion: sqliteVersion, seconds: seconds,
                complete: complete,
                workloads: rows))
    }
}
