import OutlineAppearance

extension InputFile {
    /// The text of a file input names (a scenario, a tree source, data): a
    /// regular file of at most `Limits.fileBytes` bytes of UTF-8, or an error
    /// that calls it `what`. `missing` is the hint when there is no such file.
    /// O(size).
    package static func text(_ path: String, what: String, missing: String = "check the path") throws(ScenarioError) -> String {
        String(decoding: try utf8(path, what: what, missing: missing), as: UTF8.self)
    }

    /// The bytes of a file input names, checked as `text` checks them. O(size).
    package static func utf8(_ path: String, what: String, missing: String = "check the path") throws(ScenarioError) -> [UInt8] {
        let bytes: [UInt8]
        do { bytes = try contents(of: path, limit: Limits.fileBytes) } catch {
            throw ScenarioError(file: path, line: 0, column: 0, message: error.message(what), hint: error == .missing ? missing : error.hint)
        }
        guard bytes.isWellFormedUTF8 else {
            throw ScenarioError(file: path, line: 0, column: 0, message: "the \(what) is not UTF-8 text")
        }
        return bytes
    }
}
