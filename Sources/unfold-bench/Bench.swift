import ArgumentParser
import Foundation

@main
struct UnfoldBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfold-bench",
        abstract: "Benchmarks of Unfold (build with -c release). Figures are medians in milliseconds.",
        subcommands: [EngineBench.self, RenderBench.self, DiffBench.self, ScenarioBench.self, ReadBench.self, TreeSourceBench.self])
}

/// Median wall time of `body` in milliseconds, over `runs` runs after one warm-up.
/// `body` returns a value that is kept alive so the work is not optimised away.
func medianMilliseconds<T>(runs: Int, _ body: () -> T) -> Double {
    medianMilliseconds(runs: runs, setup: {}) { (_: inout Void) in body() }
}

/// The same, with an untimed `setup` before each run that makes the state `body` works on.
func medianMilliseconds<S, T>(runs: Int, setup: () -> S, _ body: (inout S) -> T) -> Double {
    var sink = [T]()
    var times: [Double] = []
    let clock = ContinuousClock()
    for run in 0 ... runs {
        var state = setup()
        let start = clock.now
        sink.append(body(&state))
        let elapsed = clock.now - start
        if run > 0 {  // run 0 warms up
            times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
        }
        if sink.count > 4 { sink.removeFirst() }
    }
    times.sort()
    return times[times.count / 2]
}

/// Formats a number of milliseconds for a table or a JSON line.
func ms(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : value >= 1 ? String(format1(value, 2)) : format1(value, 5)
}

func format1(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0 ..< digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return "\(rounded)"
}

/// Runs `unfold-bench` with `arguments` in a child process (so that its peak
/// memory is its own) and reads the one JSON line it prints.
func childResult(_ arguments: [String]) throws -> [String: String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath()
    if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
        process.executableURL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(CommandLine.arguments[0])
    }
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
        throw ValidationError("case \(arguments) failed")
    }
    return object.mapValues { "\($0)" }
}

/// This process's peak resident memory so far, in MB.
func peakMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// Maps buffers of a megabyte or more on their own, as `unfold` does (see
/// its `returnLargeBuffersToTheSystem`), so that a case's time and memory
/// are those of the command.
func mapLargeBuffersAsUnfoldDoes() {
    #if canImport(Glibc)
    _ = mallopt(-3, 1 << 20)
    #endif
}

/// glibc's `mallopt`; -3 is `M_MMAP_THRESHOLD`.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
