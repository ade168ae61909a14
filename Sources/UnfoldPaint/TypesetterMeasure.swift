import Foundation
import OutlineAppearance
import OutlineLayout
import UnfoldCanvas

extension TextMeasure {
    /// Layout's view of a typesetter, in points at `scale` device pixels per
    /// point, for an outline reading in `direction`: the same measurements the
    /// painter's drawing makes.
    package static func typesetter(_ typesetter: Typesetter, scale: Double, direction: Appearance.Direction) -> TextMeasure {
        let shared = LockedTypesetter(typesetter)
        let d = TextDirection(direction)
        return TextMeasure(
            wrap: { text, size, weight, width in
                shared.with { $0.wrap(text, size: size * scale, weight: FontWeight(weight), maxWidth: width * scale, direction: d) }
            },
            ellipsize: { text, size, weight, width, truncation in
                shared.with {
                    $0.ellipsized(
                        text, size: size * scale, weight: FontWeight(weight), maxWidth: width * scale, direction: d,
                        truncation: truncation == .middle ? .middle : .end)
                }
            },
            width: { text, size, weight in
                shared.with { $0.width(text, size: size * scale, weight: FontWeight(weight), direction: d) / scale }
            },
            lineHeight: { size in
                shared.with { t in
                    let (a, d) = t.lineMetrics(size: size * scale)
                    return (a + d) / scale
                }
            })
    }
}

/// A typesetter that layout may call from any thread, one caller at a time.
final class LockedTypesetter: @unchecked Sendable {
    private let typesetter: Typesetter
    private let lock = NSLock()
    init(_ typesetter: Typesetter) { self.typesetter = typesetter }
    func with<T>(_ body: (Typesetter) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(typesetter)
    }
}
