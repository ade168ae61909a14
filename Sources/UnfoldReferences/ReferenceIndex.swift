import Foundation
import ScenarioFormat
import UnfoldCanvas
import UnfoldComparison
import UnfoldDiff
import UnfoldRender
import UnfoldSupport

/// What a scenario's `index.json` says: for each reference, the hash of its
/// file's bytes, and the environment the references were recorded in. It
/// names no file: a reference's file is its name (`state-03.png` beside the
/// index), and only names that `ReferenceKind` knows are accepted.
///
/// The index is input like every file of a pull request: its hashes only
/// tell that a file was changed outside Unfold. A verdict never rests on
/// them; it decodes the file (`DecodedReferences`).
///
/// The file is written the same way every time (keys sorted, one reference
/// per line), so that it diffs well in git:
///
///     {
///       "environment": {"comparison": "pixelmatch 7.2.0", "fonts": "3f2a…", "renderer": "3"},
///       "references": {
///         "state-00.png": {"bytes": "529992a5…"},
///         "updates.json": {"bytes": "4af7a29e…"}
///       }
///     }
package struct ReferenceIndex: Equatable, Sendable {
    /// One reference's record.
    package struct Entry: Equatable, Sendable {
        /// The `ContentHash` of the file's bytes (32 hex digits): a file that
        /// hashes otherwise was changed outside Unfold.
        package var bytes: String

        /// An entry for a file whose bytes hash as `bytes`.
        package init(bytes: String) {
            self.bytes = bytes
        }
    }

    /// Reference name → entry.
    package var entries: [String: Entry] = [:]
    /// Nil for references recorded before environments were stamped.
    package var environment: SnapshotEnvironment?

    /// An index holding `entries`.
    package init(entries: [String: Entry] = [:], environment: SnapshotEnvironment? = nil) {
        self.entries = entries
        self.environment = environment
    }

    /// Why an `index.json` cannot be used.
    package struct Unreadable: DescribedError {
        /// What is wrong with it.
        package var description: String
    }

    /// Parses `index.json`. Every reference name must be of a kind in
    /// `catalog` and every hash 32 hex digits: an index is input (a pull
    /// request may edit it) and never chooses a path. O(bytes).
    package init(json data: [UInt8], catalog: ReferenceCatalog) throws(Unreadable) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any] else {
            throw Unreadable(description: "it is not a JSON object (a merge conflict?)")
        }
        guard let references = object["references"] as? [String: Any] else {
            throw Unreadable(description: "it has no `references` object")
        }
        for (name, value) in references {
            guard catalog.kind(of: name) != nil else {
                throw Unreadable(description: "it lists \(InertText(name)), which is not a reference name (\(catalog.patterns))")
            }
            guard let fields = value as? [String: String], let bytes = fields["bytes"] else {
                throw Unreadable(description: "the entry of \(name) has no `bytes` hash")
            }
            guard Self.isHash(bytes) else { throw Unreadable(description: "the hash of \(name) is not 32 hex digits") }
            entries[name] = Entry(bytes: bytes)
        }
        if let stamp = object["environment"] {
            guard let fields = stamp as? [String: String], let renderer = fields["renderer"], let fonts = fields["fonts"],
                let comparison = fields["comparison"], [renderer, fonts, comparison].allSatisfy({ $0.utf8.count <= 200 })
            else { throw Unreadable(description: "its `environment` is not {renderer, fonts, comparison}") }
            environment = SnapshotEnvironment(renderer: renderer, fonts: fonts, comparison: comparison)
        }
    }

    /// The file's bytes (this layout).
    package func json() -> [UInt8] {
        var text = "{\n"
        if let environment {
            text += "  \"environment\": {\"comparison\": \(JSONText.quoted(environment.comparison)), "
            text += "\"fonts\": \(JSONText.quoted(environment.fonts)), \"renderer\": \(JSONText.quoted(environment.renderer))},\n"
        }
        let lines = entries.sorted(by: { $0.key < $1.key }).map { name, entry in
            "    \(JSONText.quoted(name)): {\"bytes\": \(JSONText.quoted(entry.bytes))}"
        }
        text += "  \"references\": {\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "  }\n}\n"
        return Array(text.utf8)
    }

    /// The hash that names the bytes of a reference: 32 hex digits of `ContentHash`. O(n).
    package static func hash(_ bytes: [UInt8]) -> String {
        var hash = ContentHash()
        hash.update(bytes)
        return hash.hex
    }

    /// Whether `bytes` are what `entry` records. O(bytes).
    package static func matches(_ bytes: [UInt8], _ entry: Entry) -> Bool { hash(bytes) == entry.bytes }

    private static func isHash(_ s: String) -> Bool {
        s.utf8.count == 32 && s.utf8.allSatisfy { (48 ... 57).contains($0) || (97 ... 102).contains($0) }
    }
}
