/// The results of a request as they change, grouped by a key path into ordered sections: each
/// element of the base sequence (``DraftStore/results(of:)``) grouped by
/// ``ListSection/grouping(_:by:)``, so one element per commit that changes the result, none for a
/// commit that leaves it as it was. Made by `sections(by:)` on the results.
package struct SectionedResults<Base: AsyncSequence & Sendable, Root: Entity, Key: Hashable & Sendable>: AsyncSequence, Sendable
where Base.Element == [Root], Base.Failure == any Error {
    /// A result: its sections, in the order of their first rows.
    package typealias Element = [ListSection<Key, Root>]
    /// As the base sequence's.
    package typealias Failure = any Error

    let base: Base
    /// The grouping key path.
    let keyPath: any KeyPath<Root, Key> & Sendable

    /// Starts observing.
    /// - Returns: An iterator over the sectioned results.
    package func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), keyPath: keyPath) }

    /// Takes the results one by one.
    package struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let keyPath: KeyPath<Root, Key>

        /// The next result's sections, waiting for a commit that changes it.
        /// - Returns: The sections; `nil` once the observation ended.
        /// - Throws: What the base sequence throws.
        package mutating func next() async throws -> [ListSection<Key, Root>]? {
            try await base.next().map { ListSection.grouping($0, by: keyPath) }
        }

        /// The next result's sections, on the caller's actor.
        /// - Parameter actor: The caller's isolation.
        /// - Returns: The sections; `nil` once the observation ended.
        /// - Throws: What the base sequence throws.
        package mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> [ListSection<Key, Root>]? {
            try await base.next(isolation: actor).map { ListSection.grouping($0, by: keyPath) }
        }
    }
}

extension AsyncSequence where Self: Sendable, Failure == any Error {
    /// The same results, grouped by a key path into ordered sections, in the order of each
    /// section's first row; one element for each element of this sequence.
    ///
    /// ```swift
    /// for try await sections in store.results(of: books).sections(by: \.authorID) { … }
    /// ```
    /// - Parameter keyPath: What groups the rows.
    /// - Returns: The sectioned sequence; it throws what this sequence throws.
    /// - Complexity: O(*n*) per element in its rows.
    public func sections<Root: Entity, Key: Hashable & Sendable>(
        by keyPath: any KeyPath<Root, Key> & Sendable
    ) -> some AsyncSequence<[ListSection<Key, Root>], any Error> & Sendable where Element == [Root] {
        SectionedResults(base: self, keyPath: keyPath)
    }
}
