/// The order in which file browsers list names, made the same on every
/// machine: letters without regard to case, runs of digits by their value
/// (`file2` before `file10`), and where two names still tie, their bytes.
/// Finder and VS Code's explorer list a folder this way; the locale plays no
/// part, so the order is the same in every language and on every machine.
enum NameOrder {
    /// Whether `a` comes before `b`. O(length of the shorter name).
    static func precedes(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.lowercased().unicodeScalars), Array(b.lowercased().unicodeScalars))
        var (i, j) = (0, 0)
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                let (startX, startY) = (i, j)
                while i < x.count, isDigit(x[i]) { i += 1 }
                while j < y.count, isDigit(y[j]) { j += 1 }
                let numberX = x[startX ..< i].drop { $0 == "0" }, numberY = y[startY ..< j].drop { $0 == "0" }
                if numberX.count != numberY.count { return numberX.count < numberY.count }
                if let k = zip(numberX, numberY).first(where: { $0 != $1 }) { return k.0.value < k.1.value }
                continue
            }
            if x[i] != y[j] { return x[i].value < y[j].value }
            i += 1
            j += 1
        }
        if x.count - i != y.count - j || i != j { return (x.count - i, i) < (y.count - j, j) }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0" ... "9").contains(scalar) }
}
