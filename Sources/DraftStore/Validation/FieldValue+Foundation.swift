import Foundation

/// A date value (a `Date` column of any ``DateEncoding``); never empty, compared with `==`,
/// so a `Date` field carries rules without a conformance written by the app.
extension Date: FieldValue {}

/// A blob value (a `Data` column); never empty, compared with `==`.
extension Data: FieldValue {}
