import UnfoldSupport

extension JSONStream: DocumentTokenSource {
    /// The events as a document's tokens: a key and a value are both scalars.
    mutating func nextToken() throws(ScenarioError) -> DocumentToken? {
        guard let (event, line, column) = try next() else { return nil }
        var token = DocumentToken(kind: .scalar, line: Int32(clamping: line), column: Int32(clamping: column))
        switch event {
        case .objectStart: token.kind = .mappingStart
        case .objectEnd: token.kind = .mappingEnd
        case .arrayStart: token.kind = .sequenceStart
        case .arrayEnd: token.kind = .sequenceEnd
        case let .key(text), let .string(text), let .literal(text): token.text = text
        }
        return token
    }
}
