/// A vector outline: subpaths of lines and quadratic and cubic Bézier curves,
/// filled with the non-zero rule.
package struct Path: Sendable, Equatable {
    package enum Element: Sendable, Equatable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    package private(set) var elements: [Element] = []

    package init() {}

    package mutating func move(to p: Point) { elements.append(.move(p)) }
    package mutating func line(to p: Point) { elements.append(.line(p)) }
    package mutating func quad(to p: Point, control: Point) { elements.append(.quad(control, p)) }
    package mutating func cubic(to p: Point, control1: Point, control2: Point) { elements.append(.cubic(control1, control2, p)) }
    package mutating func close() { elements.append(.close) }

    /// A closed polygon.
    package static func polygon(_ points: [Point]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for p in points.dropFirst() { path.line(to: p) }
        path.close()
        return path
    }

    package static func rect(x: Double, y: Double, width: Double, height: Double) -> Path {
        polygon([Point(x, y), Point(x + width, y), Point(x + width, y + height), Point(x, y + height)])
    }

    /// The lines of a polyline `width` wide with butt ends, after `transform`:
    /// each segment a quadrilateral, filled with the non-zero rule. O(points).
    package static func stroke(_ points: [Point], width: Double, transform: Transform = .identity) -> Path {
        var path = Path()
        for (p, q) in zip(points, points.dropFirst()) {
            let a = transform.apply(p), b = transform.apply(q)
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let nx = -dy / length * width / 2, ny = dx / length * width / 2
            path.move(to: Point(a.x + nx, a.y + ny))
            path.line(to: Point(b.x + nx, b.y + ny))
            path.line(to: Point(b.x - nx, b.y - ny))
            path.line(to: Point(a.x - nx, a.y - ny))
            path.close()
        }
        return path
    }

    /// A rectangle with circular corners (cubic arcs).
    package static func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double) -> Path {
        let r = max(0, min(radius, width / 2, height / 2))
        let k = r * 0.5522847498  // control distance of a cubic quarter circle
        var p = Path()
        let x1 = x + width, y1 = y + height
        p.move(to: Point(x + r, y))
        p.line(to: Point(x1 - r, y))
        p.cubic(to: Point(x1, y + r), control1: Point(x1 - r + k, y), control2: Point(x1, y + r - k))
        p.line(to: Point(x1, y1 - r))
        p.cubic(to: Point(x1 - r, y1), control1: Point(x1, y1 - r + k), control2: Point(x1 - r + k, y1))
        p.line(to: Point(x + r, y1))
        p.cubic(to: Point(x, y1 - r), control1: Point(x + r - k, y1), control2: Point(x, y1 - r + k))
        p.line(to: Point(x, y + r))
        p.cubic(to: Point(x + r, y), control1: Point(x, y + r - k), control2: Point(x + r - k, y))
        p.close()
        return p
    }

    /// Appends `other`'s subpaths traced the other way round: inside a shape
    /// traced the usual way, they cut holes (the non-zero rule), as in a ring.
    /// O(elements).
    package mutating func append(reversed other: Path) {
        // Each subpath as its start point and segments (end point and controls).
        var subpaths: [(start: Point, segments: [Element])] = []
        var current: Point?
        for element in other.elements {
            switch element {
            case let .move(p):
                subpaths.append((p, []))
                current = p
            case .line, .quad, .cubic:
                if current == nil {  // a path that does not start with a move starts at the origin
                    subpaths.append((Point(0, 0), []))
                    current = Point(0, 0)
                }
                subpaths[subpaths.count - 1].segments.append(element)
            case .close:
                current = nil
            }
        }
        for (start, segments) in subpaths {
            // The points each segment starts from, so that each can be traced backwards.
            var starts: [Point] = []
            var at = start
            for segment in segments {
                starts.append(at)
                switch segment {
                case let .line(p), let .quad(_, p), let .cubic(_, _, p): at = p
                default: break
                }
            }
            move(to: at)
            for (segment, from) in zip(segments, starts).reversed() {
                switch segment {
                case .line: line(to: from)
                case let .quad(c, _): quad(to: from, control: c)
                case let .cubic(c1, c2, _): cubic(to: from, control1: c2, control2: c1)
                default: break
                }
            }
            close()
        }
    }

    /// The outline as closed polygons after `transform`, curves flattened to
    /// within about 1/8 pixel.
    func polygons(_ transform: Transform) -> [[Point]] {
        var out: [[Point]] = []
        var current: [Point] = []
        var last = Point(0, 0)
        func finish() {
            if current.count > 1 { out.append(current) }
            current = []
        }
        for element in elements {
            switch element {
            case let .move(p):
                finish()
                last = transform.apply(p)
                current = [last]
            case let .line(p):
                last = transform.apply(p)
                current.append(last)
            case let .quad(c, p):
                let c1 = transform.apply(c), p1 = transform.apply(p)
                let n = Self.segments(last, c1, c1, p1)
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(
                        Point(
                            u * u * last.x + 2 * u * t * c1.x + t * t * p1.x,
                            u * u * last.y + 2 * u * t * c1.y + t * t * p1.y))
                }
                last = p1
            case let .cubic(c, d, p):
                let c1 = transform.apply(c), d1 = transform.apply(d), p1 = transform.apply(p)
                let n = Self.segments(last, c1, d1, p1)
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                    current.append(
                        Point(
                            w0 * last.x + w1 * c1.x + w2 * d1.x + w3 * p1.x,
                            w0 * last.y + w1 * c1.y + w2 * d1.y + w3 * p1.y))
                }
                last = p1
            case .close:
                if let first = current.first { last = first }
                finish()
            }
        }
        finish()
        return out
    }

    /// Segments for a curve, from how far its control points stray from the chord.
    private static func segments(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point) -> Int {
        let dx = abs(p0.x - 2 * c1.x + c2.x) + abs(c1.x - 2 * c2.x + p1.x)
        let dy = abs(p0.y - 2 * c1.y + c2.y) + abs(c1.y - 2 * c2.y + p1.y)
        let deviation = max(dx, dy)
        guard deviation.isFinite else { return 1 }
        return max(1, min(64, Int((deviation * 6).squareRoot().rounded(.up))))
    }
}
