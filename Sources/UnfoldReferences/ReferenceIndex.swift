import Foundation
import ScenarioFormat
import UnfoldCanvas
import UnfoldComparison
import UnfoldDiff
import UnfoldRender
import UnfoldSupport

/// What a scenario's `index.json` says: the names of its references and
/// the environment they were recorded in. It names no path: a reference's
/// file is its name (`state-03.png` beside the index), and only names that
/// `ReferenceKind` knows are accepted.
///
/// It changes only when the set of names or the environment does: a
/// picture says itself that Unfold stored it (`PNGStamp`), and text is
/// compared whole, so accepting a changed picture changes that picture and
/// nothing beside it. The index is input like every file of a pull request;
/// a verdict never rests on it, it decodes the files (`DecodedReferences`).
///
/// The file is written the same way every time (one name per line, sorted),
/// so that it diffs well in git:
///
///     {
///       "environment": {"comparison": "pixelmatch 7.2.0", "fonts": "3f2a…", "renderer": "3"},
///       "references": [
///         "state-00.png",
///         "updates.json"
///       ]
///     }
///
/// The same shape with each name's hash (`"state-00.png": {"bytes": "529992a5…"}`)
/// is what indexes held before pictures were stamped (read, so that their
/// hashes still tell an unchanged picture) and what an undo record keeps of
/// the sets it wrote (`json(hashing:)`).
package struct ReferenceIndex: Equatable, Sendable {
    /// The references' names.
    package var names: Set<String> = []
    /// Name → the `ContentHash` of the file's bytes (32 hex digits), where
    /// the file read held them: an index written before pictures were
    /// stamped, or an undo record's.
    package var hashes: [String: String] = [:]
    /// Nil for references recorded before environments were stamped.
    package var environment: SnapshotEnvironment?

    /// An index of `names`.
    package init(names: Set<String> = [], hashes: [String: String] = [:], environment: SnapshotEnvironment? = nil) {
        self.names = names
        self.hashes = hashes
        self.environment = environment
    }

    /// Why an `index.json` cannot be used.
    package struct Unreadable: DescribedError {
        /// What is wrong with it.
        package var description: String
    }

    /// Parses `index.json`, either shape. Every reference name must be of a
    /// kind in `catalog` and every hash 32 hex digits: an index is input (a
    /// pull request may edit it) and never chooses a path. O(bytes).
    package init(json data: [UInt8], catalog: ReferenceCatalog) throws(Unreadable) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any] else {
            throw Unreadable(description: "it is not a JSON object (a merge conflict?)")
        }
        func add(_ name: String) throws(Unreadable) {
            guard catalog.kind(of: name) != nil else {
                throw Unreadable(description: "it lists \(InertText(name)), which is not a reference name (\(catalog.patterns))")
            }
            guard names.insert(name).inserted else { throw Unreadable(description: "it lists \(InertText(name)) twice") }
        }
        if let list = object["references"] as? [Any] {
            for value in list {
                guard let name = value as? String else { throw Unreadable(description: "its `references` holds something that is not a name") }
                try add(name)
            }
        } else if let references = object["references"] as? [String: Any] {
            for (name, value) in references {
                try add(name)
                guard let fields = value as? [String: String], let bytes = fields["bytes"] else {
                    throw Unreadable(description: "the entry of \(name) has no `bytes` hash")
                }
                guard Self.isHash(bytes) else { throw Unreadable(description: "the hash of \(name) is not 32 hex digits") }
                hashes[name] = bytes
            }
        } else {
            throw Unreadable(description: "it has no `references` list")
        }
        if let stamp = object["environment"] {
            guard let fields = stamp as? [String: String], let renderer = fields["renderer"], let fonts = fields["fonts"],
                let comparison = fields["comparison"], [renderer, fonts, comparison].allSatisfy({ $0.utf8.count <= 200 })
            else { throw Unreadable(description: "its `environment` is not {renderer, fonts, comparison}") }
            environment = SnapshotEnvironment(renderer: renderer, fonts: fonts, comparison: comparison)
        }
    }

    /// The file's bytes: the names and the environment (this layout).
    package func json() -> [UInt8] {
        render(names.sorted().map { "    \(JSONText.quoted($0))" }, list: true)
    }

    /// The index with the hash of each name's file in `files`: what an undo
    /// record keeps, to tell later whether a set is still as it was written.
    /// O(bytes of the files).
    package func json(hashing files: [String: [UInt8]]) -> [UInt8] {
        render(names.sorted().map { "    \(JSONText.quoted($0)): {\"bytes\": \(JSONText.quoted(Self.hash(files[$0] ?? [])))}" }, list: false)
    }

    /// The index with the hashes of `files` in place of any it was read with.
    /// O(bytes of the files).
    package func hashing(_ files: [String: [UInt8]]) -> ReferenceIndex {
        ReferenceIndex(names: names, hashes: Dictionary(uniqueKeysWithValues: names.map { ($0, Self.hash(files[$0] ?? [])) }), environment: environment)
    }

    private func render(_ lines: [String], list: Bool) -> [UInt8] {
        var text = "{\n"
        if let environment {
            text += "  \"environment\": {\"comparison\": \(JSONText.quoted(environment.comparison)), "
            text += "\"fonts\": \(JSONText.quoted(environment.fonts)), \"renderer\": \(JSONText.quoted(environment.renderer))},\n"
        }
        let (open, close) = list ? ("[", "]") : ("{", "}")
        text += "  \"references\": \(open)\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "  \(close)\n}\n"
        return Array(text.utf8)
    }

    /// The hash that names the bytes of a file: 32 hex digits of `ContentHash`. O(n).
    package static func hash(_ bytes: [UInt8]) -> String {
        var hash = ContentHash()
        hash.update(bytes)
        return hash.hex
    }

    private static func isHash(_ s: String) -> Bool {
        s.utf8.count == 32 && s.utf8.allSatisfy { (48 ... 57).contains($0) || (97 ... 102).contains($0) }
    }
}
