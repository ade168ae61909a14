/// A problem in a scenario file: where it is, what is wrong, what to do.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// What the user can do about it; may be empty.
    public var hint: String

    public init(file: String, line: Int, column: Int, message: String, hint: String = "") {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    /// `file:line:column: error: message`, then the hint on its own line, as compilers print.
    public var description: String {
        "\(file):\(line):\(column): error: \(message)" + (hint.isEmpty ? "" : "\n  hint: \(hint)")
    }
}
