/// Key paths of the observed properties of generic `@Observable` classes, made once per
/// specialization and shared.
///
/// The `@Observable` macro's accessors pass a key path literal (`\.property`) to the
/// observation registrar on every read and write. In a generic class the runtime builds that
/// key path anew each time (`swift_getKeyPath` with a generic environment: a mangled-name
/// lookup and an allocation, tens of thousands of instructions), which made up most of an
/// editing cycle of ``PresentedItem`` (W3, W4 of `draftstore-bench`). Key paths are compared
/// by value, so a cached instance observes exactly as a fresh one.
final class ObservedKeyPaths: Sendable {
    /// The process-wide cache.
    static let shared = ObservedKeyPaths()

    /// Key-path holders by their (specialized) type.
    private let holders = Lock<[ObjectIdentifier: any AnyObject & Sendable]>([:])

    /// The holder of type `Keys`, made with `make` the first time.
    /// - Complexity: One lock and one dictionary lookup after the first call.
    func keys<Keys: AnyObject & Sendable>(_ make: () -> Keys) -> Keys {
        let id = ObjectIdentifier(Keys.self)
        if let found = holders.withLock({ $0[id] }) { return unsafeDowncast(found, to: Keys.self) }
        let made = make()
        let kept = holders.withLock { holders in
            if let existing = holders[id] { return existing }
            holders[id] = made
            return made
        }
        return unsafeDowncast(kept, to: Keys.self)
    }
}
