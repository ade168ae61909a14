import UnfoldSupport

/// The block YAML scanner set against libyaml alone on one text, for the
/// tests and the fuzzer: a scenario must read the same whichever of the two
/// reads it. O(the text's size).
package struct YAMLScannerCheck {
    /// Where the two readings differ, in words; nil when they agree.
    package let difference: String?
    /// Whether the scanner read the whole text (libyaml none of it).
    package let isReadByScanner: Bool

    /// Reads `bytes` (UTF-8) both ways: the tokens, and the error if any,
    /// must be the same.
    package init(_ bytes: [UInt8]) {
        let alone = Self.libyaml(bytes)
        var source = YAMLTokens(bytes: bytes, file: "check.yaml", libyamlAlone: false)
        let both = Self.drain { () throws(ScenarioError) in
            guard let token = try source.nextToken() else { return nil }
            return (token, token.isAnchored ? source.takeAnchor() : nil)
        }
        isReadByScanner = !source.isReadByLibyaml
        if both.error != alone.error {
            difference = "libyaml: \(alone.error ?? "no error"); scanner: \(both.error ?? "no error")"
        } else if both.tokens != alone.tokens {
            let i = zip(both.tokens, alone.tokens).prefix { $0 == $1 }.count
            difference = "token \(i): libyaml \(alone.tokens.dropFirst(i).first ?? "none"); scanner \(both.tokens.dropFirst(i).first ?? "none")"
        } else {
            difference = nil
        }
    }

    /// libyaml's tokens, up to its error if any, and the error.
    private static func libyaml(_ bytes: [UInt8]) -> (tokens: [String], error: String?) {
        let events: YAMLEvents
        do {
            events = try YAMLEvents(bytes: bytes, file: "check.yaml")
        } catch {
            return ([], "\(error.message)")
        }
        return drain { () throws(ScenarioError) in try events.next() }
    }

    /// Each token of `next` in words, until the end or an error.
    private static func drain(_ next: () throws(ScenarioError) -> (DocumentToken, String?)?) -> (tokens: [String], error: String?) {
        var out: [String] = []
        do {
            while let (token, anchor) = try next() {
                out.append("\(token.kind) \(token.text.debugDescription)\(anchor.map { " &\($0)" } ?? "") \(token.line):\(token.column)")
            }
            return (out, nil)
        } catch {
            return (out, "\(error.message) \(error.line):\(error.column)")
        }
    }
}
