/// A position in a scenario file or a tree source. Every node of a tree has one, so it
/// keeps its numbers in 32 bits (a file's lines and columns fit): 24 bytes.
public struct ScenarioLocation: Sendable, Equatable {
    /// The file, as it was named.
    public var file: String
    private var storedLine: Int32
    private var storedColumn: Int32
    /// 1-based; 0 when there is no line (a value made in code).
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// 1-based; 0 when there is no column.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// Line `line`, column `column` of `file`; 0 for none.
    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// An error at this place.
    package func error(_ message: String, hint: String) -> ScenarioError {
        ScenarioError(file: file, line: line, column: column, message: message, hint: hint)
    }
}
