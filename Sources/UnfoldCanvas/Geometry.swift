/// A point in device pixels.
package struct Point: Sendable, Equatable {
    package var x: Double
    package var y: Double
    package init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A size in whole device pixels, printed as `780x1688`.
public struct PixelSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Columns of pixels.
    public var width: Int
    /// Rows of pixels.
    public var height: Int
    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// How many pixels: width × height.
    public var pixels: Int { width * height }
    /// `780x1688`.
    public var description: String { "\(width)x\(height)" }
}

/// An affine transform: x' = a x + c y + tx, y' = b x + d y + ty.
package struct Transform: Sendable, Equatable {
    package var a, b, c, d, tx, ty: Double

    package static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// A rotation by `degrees` about `center`. Uses `DeterministicMath` so the
    /// same angle gives the same pixels on every machine.
    package static func rotation(degrees: Double, about center: Point) -> Transform {
        let (s, co) = DeterministicMath.sinCos(degrees: degrees)
        return Transform(
            a: co, b: s, c: -s, d: co,
            tx: center.x - co * center.x + s * center.y,
            ty: center.y - s * center.x - co * center.y)
    }

    /// This transform followed by a mirror image about the vertical line at `width / 2`.
    package func mirrored(width: Double) -> Transform {
        Transform(a: -a, b: b, c: -c, d: d, tx: width - tx, ty: ty)
    }

    package func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
}

/// sin and cos from + and × only (libm's may differ in the last bit between
/// platforms, and a last bit can flip a pixel).
package enum DeterministicMath {
    package static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        var deg = degrees.truncatingRemainder(dividingBy: 360)
        if deg < 0 { deg += 360 }
        // Exact values at the quarter turns, which chevrons use most.
        switch deg {
        case 0: return (0, 1)
        case 90: return (1, 0)
        case 180: return (0, -1)
        case 270: return (-1, 0)
        default: break
        }
        let quadrant = Int(deg / 90)
        let x = (deg - Double(quadrant) * 90) * (Double.pi / 180)  // 0 ..< pi/2
        let (s, c) = (series(x, sine: true), series(x, sine: false))
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// Taylor series to 20 terms: below 1e-16 error on [0, pi/2].
    private static func series(_ x: Double, sine: Bool) -> Double {
        var term = sine ? x : 1
        var sum = term
        var n = sine ? 1.0 : 0.0
        let x2 = x * x
        for _ in 0 ..< 20 {
            term = -term * x2 / ((n + 1) * (n + 2))
            n += 2
            sum += term
        }
        return sum
    }
}
