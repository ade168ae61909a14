import Foundation
import ScenarioFormat

/// The scenario parser against arbitrary bytes: it must return a scenario or
/// a located error, never crash, hang or allocate without bound; and the
/// block YAML scanner must read the bytes as libyaml does. Built
/// normally, this replays inputs (`unfold-fuzz FILE...`, the regression
/// corpus in CI); built with `-sanitize=fuzzer` and `-D FUZZING` (see
/// `Tools/fuzz/scenario.sh`) it is a libFuzzer target.
func parseScenario(_ bytes: UnsafeRawBufferPointer) {
    let text = String(decoding: bytes, as: UTF8.self)
    // The block YAML scanner reads what it reads as libyaml does.
    if let difference = YAMLScannerCheck(Array(text.utf8)).difference { preconditionFailure("the YAML scanner differs from libyaml: \(difference)") }
    do {
        let scenario = try Scenario.parse(text, file: "fuzz.yaml")
        // Playing the steps is part of reading a scenario for every command.
        _ = try? Playback(scenario)
    } catch {
        // An error has a line, unless it is about another file as a whole (a tree source that is missing or holds no tree).
        precondition(!error.message.isEmpty && (error.line >= 1 || error.file != "fuzz.yaml"), "an error without a message or a line")
    }
}

#if FUZZING
/// libFuzzer's entry point; its own `main` drives it (`Tools/fuzz-scenario/run.sh` links it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    parseScenario(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#else
@main
enum ReplayInputs {
    static func main() {
        var failed = false
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("error: cannot read \(path)\n".utf8))
                failed = true
                continue
            }
            data.withUnsafeBytes(parseScenario)
        }
        print("replayed \(CommandLine.arguments.count - 1) inputs")
        if failed { exit(2) }
    }
}
#endif
