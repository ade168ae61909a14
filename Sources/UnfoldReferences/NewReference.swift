/// A reference to record: its bytes as stored.
package struct NewReference: Sendable, Equatable {
    /// The file's bytes.
    package var bytes: [UInt8]

    /// A reference from its bytes.
    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }
}
