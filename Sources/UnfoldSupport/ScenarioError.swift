/// A problem in a scenario file or a tree source (a Markdown page, a
/// folder, a `tree` drawing, `tree -J` output, an OPML outline): where it
/// is, what is wrong, what to do.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file the problem is in, as it was named (printed inert).
    public var file: String
    /// 1-based; 0 when the problem is the file as a whole (missing, unreadable, not text).
    public var line: Int
    /// 1-based; 0 when the problem has no column.
    public var column: Int
    /// What is wrong. Text from input in it is already escaped (a newline as
    /// `\u{A}`, a right-to-left override as `\u{202E}`), so it stays one line.
    public var message: String
    /// What the user can do about it; may be empty.
    public var hint: String

    /// A problem at `line` and `column` of `file` (0: none) saying `message`
    /// (with input text in it escaped), and what to do about it.
    public init(file: String, line: Int, column: Int, message: String, hint: String = "") {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    /// `file:line:column: error: message` (`file: error: message` when the
    /// problem has no line), then the hint on its own line, as compilers
    /// print. The file's name is shown inert.
    public var description: String {
        let place = line > 0 ? ":\(line)" + (column > 0 ? ":\(column)" : "") : ""
        return "\(InertText(file))\(place): error: \(message)" + (hint.isEmpty ? "" : "\n  hint: \(hint)")
    }
}

extension ScenarioError: DescribedError {}
