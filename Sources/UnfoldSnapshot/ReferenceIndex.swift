import Foundation
import ScenarioFormat
import UnfoldCanvas
import UnfoldDiff
import UnfoldRender

/// What a scenario's `index.json` says: each reference's blob and pixel
/// hash, and the environment the references were recorded in.
///
/// The file is written the same way every time (keys sorted, one reference
/// per line), so that it diffs well in git:
///
///     {
///       "environment": {"comparison": "pixelmatch 7.2.0", "fonts": "3f2a…", "renderer": "1"},
///       "references": {
///         "state-00.png": {"blob": "state-00.529992a5a1298bbb.png", "pixels": "8c1e…"},
///         "updates.json": {"blob": "updates.4af7a29ef74d5b4f.json"}
///       }
///     }
///
/// The first format, a flat object of name → blob, is still read.
public struct ReferenceIndex: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// The file in the scenario's folder that holds the bytes.
        public var blob: String
        /// The `pixelHash` of a PNG reference's decoded pixels: a picture that
        /// hashes the same matches without encoding or decoding.
        public var pixels: String?

        public init(blob: String, pixels: String? = nil) {
            self.blob = blob
            self.pixels = pixels
        }
    }

    public var entries: [String: Entry] = [:]
    /// Nil for references recorded before environments were stamped.
    public var environment: SnapshotEnvironment?

    public init(entries: [String: Entry] = [:], environment: SnapshotEnvironment? = nil) {
        self.entries = entries
        self.environment = environment
    }

    /// Parses `index.json`; nil when it is not an index.
    public init?(json data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        if let references = object["references"] as? [String: Any] {
            for (name, value) in references {
                guard let fields = value as? [String: String], let blob = fields["blob"] else { return nil }
                entries[name] = Entry(blob: blob, pixels: fields["pixels"])
            }
            if let stamp = object["environment"] {
                guard let fields = stamp as? [String: String], let renderer = fields["renderer"], let fonts = fields["fonts"],
                    let comparison = fields["comparison"]
                else { return nil }
                environment = SnapshotEnvironment(renderer: renderer, fonts: fonts, comparison: comparison)
            }
        } else {
            for (name, value) in object {
                guard let blob = value as? String else { return nil }
                entries[name] = Entry(blob: blob)
            }
        }
    }

    /// The file's bytes.
    public func json() -> [UInt8] {
        var text = "{\n"
        if let environment {
            text += "  \"environment\": {\"comparison\": \(jsonString(environment.comparison)), "
            text += "\"fonts\": \(jsonString(environment.fonts)), \"renderer\": \(jsonString(environment.renderer))},\n"
        }
        let lines = entries.sorted(by: { $0.key < $1.key }).map { name, entry in
            "    \(jsonString(name)): {\"blob\": \(jsonString(entry.blob))"
                + (entry.pixels.map { ", \"pixels\": \(jsonString($0))" } ?? "") + "}"
        }
        text += "  \"references\": {\n" + lines.joined(separator: ",\n") + "\n  }\n}\n"
        return Array(text.utf8)
    }
}

/// What drew and judged a set of references: the renderer's version, the
/// fonts' fingerprint and the comparison's algorithm. When a failing
/// scenario's references were recorded in another environment, the failure
/// says that once, instead of listing every picture.
public struct SnapshotEnvironment: Codable, Equatable, Sendable {
    public var renderer: String
    public var fonts: String
    public var comparison: String

    public init(renderer: String, fonts: String, comparison: String) {
        self.renderer = renderer
        self.fonts = fonts
        self.comparison = comparison
    }

    /// This build's environment with `fonts`. Reads font files (`FontSet.fingerprint`).
    public init(fonts: FontSet) throws(TextError) {
        self.init(renderer: ScenarioRenderer.version, fonts: try fonts.fingerprint(), comparison: DiffOptions.algorithm)
    }

    /// What differs from the environment `recorded` names, as a sentence; nil when nothing does.
    public func change(from recorded: SnapshotEnvironment) -> String? {
        var parts: [String] = []
        if recorded.fonts != fonts { parts.append("font set \(recorded.fonts.prefix(8)) (this build has \(fonts.prefix(8)))") }
        if recorded.renderer != renderer { parts.append("renderer version \(recorded.renderer) (this build has \(renderer))") }
        if recorded.comparison != comparison { parts.append("comparison \(recorded.comparison) (this build has \(comparison))") }
        guard !parts.isEmpty else { return nil }
        return "the references were recorded with " + parts.joined(separator: " and ")
            + ": if the new pictures are right, re-record them with `unfold test --record all` (UNFOLD_RECORD=all for the Swift test helpers)"
    }
}

/// A reference to record: its bytes and, for a picture, its `pixelHash`.
public struct NewReference: Sendable {
    public var bytes: [UInt8]
    public var pixels: String?

    public init(bytes: [UInt8], pixels: String? = nil) {
        self.bytes = bytes
        self.pixels = pixels
    }
}
