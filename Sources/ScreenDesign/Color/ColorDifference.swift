import Foundation

/// How different two colours look: CIEDE2000 (ΔE₀₀) in CIELAB, D65.
public enum ColorDifference {
    /// The difference below which people do not tell two colours apart side by side, about 1;
    /// 2 is the default the app-colour check allows.
    public static let defaultTolerance = 2.0

    /// CIELAB (L*, a*, b*) of `color`, D65 white.
    public static func lab(_ color: AppColor) -> [Double] {
        let xyz = color.xyz
        let white = [0.95047, 1.0, 1.08883]
        func f(_ t: Double) -> Double { t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116 }
        let fx = f(xyz[0] / white[0])
        let fy = f(xyz[1] / white[1])
        let fz = f(xyz[2] / white[2])
        return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)]
    }

    /// ΔE₀₀ between two colours (opacity aside).
    public static func deltaE(_ first: AppColor, _ second: AppColor) -> Double {
        ciede2000(lab(first), lab(second))
    }

    /// ΔE₀₀ between two CIELAB colours (Sharma, Wu and Dalal, 2005), kL = kC = kH = 1.
    public static func ciede2000(_ first: [Double], _ second: [Double]) -> Double {
        let (l1, a1, b1) = (first[0], first[1], first[2])
        let (l2, a2, b2) = (second[0], second[1], second[2])
        let c1 = hypot(a1, b1)
        let c2 = hypot(a2, b2)
        let meanC = (c1 + c2) / 2
        let meanC7 = pow(meanC, 7)
        let g = 0.5 * (1 - sqrt(meanC7 / (meanC7 + pow(25, 7))))
        let a1p = (1 + g) * a1
        let a2p = (1 + g) * a2
        let c1p = hypot(a1p, b1)
        let c2p = hypot(a2p, b2)
        func hue(_ b: Double, _ a: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let degrees = atan2(b, a) * 180 / .pi
            return degrees < 0 ? degrees + 360 : degrees
        }
        let h1p = hue(b1, a1p)
        let h2p = hue(b2, a2p)
        let deltaL = l2 - l1
        let deltaC = c2p - c1p
        var deltah = 0.0
        if c1p * c2p != 0 {
            deltah = h2p - h1p
            if deltah > 180 { deltah -= 360 } else if deltah < -180 { deltah += 360 }
        }
        let deltaH = 2 * sqrt(c1p * c2p) * sin(deltah / 2 * .pi / 180)
        let meanL = (l1 + l2) / 2
        let meanCp = (c1p + c2p) / 2
        var meanH = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 {
                meanH /= 2
            } else {
                meanH = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2
            }
        }
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let t =
            1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH)) + 0.32 * cos(radians(3 * meanH + 6))
            - 0.20 * cos(radians(4 * meanH - 63))
        let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let meanCp7 = pow(meanCp, 7)
        let rc = 2 * sqrt(meanCp7 / (meanCp7 + pow(25, 7)))
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / sqrt(20 + pow(meanL - 50, 2))
        let sc = 1 + 0.045 * meanCp
        let sh = 1 + 0.015 * meanCp * t
        let rt = -sin(radians(2 * deltaTheta)) * rc
        let lTerm = deltaL / sl
        let cTerm = deltaC / sc
        let hTerm = deltaH / sh
        return sqrt(lTerm * lTerm + cTerm * cTerm + hTerm * hTerm + rt * cTerm * hTerm)
    }
}
