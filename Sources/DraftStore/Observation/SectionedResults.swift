/// The results of a request as they change, grouped by a key path into ordered sections: each
/// element of ``StoreResults`` grouped by ``ListSection/grouping(_:by:)``, so one element per
/// commit that changes the result, none for a commit that leaves it as it was. See
/// ``StoreResults/sections(by:)``.
public struct SectionedResults<Root: Entity, Key: Hashable & Sendable>: AsyncSequence, Sendable {
    /// A result: its sections, in the order of their first rows.
    public typealias Element = [ListSection<Key, Root>]
    /// As ``StoreResults``.
    public typealias Failure = any Error

    let base: StoreResults<Root>
    /// The grouping key path.
    let keyPath: any KeyPath<Root, Key> & Sendable

    /// Starts observing.
    /// - Returns: An iterator over the sectioned results.
    public func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), keyPath: keyPath) }

    /// Takes the results one by one.
    public struct Iterator: AsyncIteratorProtocol {
        var base: StoreResults<Root>.Iterator
        let keyPath: KeyPath<Root, Key>

        /// The next result's sections, waiting for a commit that changes it.
        /// - Returns: The sections; `nil` once the observation ended.
        /// - Throws: As ``StoreResults/Iterator/next()``.
        public mutating func next() async throws -> [ListSection<Key, Root>]? {
            try await base.next().map { ListSection.grouping($0, by: keyPath) }
        }

        /// The next result's sections, on the caller's actor.
        /// - Parameter actor: The caller's isolation.
        /// - Returns: The sections; `nil` once the observation ended.
        /// - Throws: As ``StoreResults/Iterator/next()``.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> [ListSection<Key, Root>]? {
            try await base.next(isolation: actor).map { ListSection.grouping($0, by: keyPath) }
        }
    }
}

extension StoreResults {
    /// The same results, grouped by a key path into ordered sections.
    ///
    /// ```swift
    /// for try await sections in store.results(of: books).sections(by: \.authorID) { … }
    /// ```
    /// - Parameter keyPath: What groups the rows.
    /// - Returns: The sectioned sequence.
    public func sections<Key: Hashable & Sendable>(by keyPath: any KeyPath<Root, Key> & Sendable) -> SectionedResults<Root, Key> {
        SectionedResults(base: self, keyPath: keyPath)
    }
}
