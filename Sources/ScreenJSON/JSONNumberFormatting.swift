// Number text for JSON: integers without allocating, doubles in shortest round-trip form.

/// 2^53: every integer of at most this magnitude is exactly representable as a Double.
private let maxExactIntegerDouble: Double = 9_007_199_254_740_992

/// Appends the JSON text of a finite double: integral values within ±2^53 as integers without a fraction, others in shortest round-trip form. Returns false (appending nothing) for nan/±inf.
public func appendJSONNumber(_ value: Double, to out: inout [UInt8]) -> Bool {
    guard value.isFinite else { return false }
    if let integer = jsonExactInteger(value) {
        appendJSONInteger(integer, to: &out)
    } else {
        var text = jsonShortestText(value)
        text.withUTF8 { out.append(contentsOf: $0) }
    }
    return true
}

/// Appends the decimal text of an integer.
public func appendJSONInteger(_ value: Int, to out: inout [UInt8]) {
    let length = jsonDecimalLength(value)
    appendBytes(length, to: &out) { writeJSONDecimal(value, length: length, to: $0) }
}

/// The integer a finite `value` is written as: its exact value when integral with magnitude ≤ 2^53
/// (-0.0 gives 0), otherwise nil (the value is written by `jsonShortestText`).
@inline(__always)
func jsonExactInteger(_ value: Double) -> Int? {
    guard value.magnitude <= maxExactIntegerDouble, value.rounded(.towardZero) == value else { return nil }
    return Int(value)
}

/// The shortest text that round-trips `value` (finite): Swift's `description`, e.g. `0.1`, `1e-07`,
/// `1.5e+300`. Every form it produces for finite values matches the RFC 8259 number grammar.
@inline(__always)
func jsonShortestText(_ value: Double) -> String {
    value.description
}

/// The number of bytes in the decimal text of `value`, including a leading `-`.
@inlinable @inline(__always)
package func jsonDecimalLength(_ value: Int) -> Int {
    let magnitude = value.magnitude
    var digits = 1
    var threshold: UInt = 10
    while magnitude >= threshold {
        digits &+= 1
        if digits == 20 { break }  // 10^20 does not fit in UInt64
        threshold &*= 10
    }
    return value < 0 ? digits &+ 1 : digits
}

/// Pairs of decimal digits "00" through "99", for writing two digits at a time.
private let digitPairs: StaticString = """
    0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """

/// Writes the decimal text of `value` to `destination`; `length` must be `jsonDecimalLength(value)`,
/// and exactly that many bytes are written.
@inline(__always)
package func writeJSONDecimal(_ value: Int, length: Int, to destination: UnsafeMutablePointer<UInt8>) {
    var magnitude = value.magnitude  // UInt, so Int.min is fine
    var position = length
    let pairs = digitPairs.utf8Start
    while magnitude >= 100 {
        let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 100)
        let pair = Int(truncatingIfNeeded: remainder) &* 2
        position &-= 2
        destination[position] = pairs[pair]
        destination[position &+ 1] = pairs[pair &+ 1]
        magnitude = quotient
    }
    if magnitude >= 10 {
        let pair = Int(truncatingIfNeeded: magnitude) &* 2
        position &-= 2
        destination[position] = pairs[pair]
        destination[position &+ 1] = pairs[pair &+ 1]
    } else {
        position &-= 1
        destination[position] = UInt8(truncatingIfNeeded: magnitude) &+ 0x30
    }
    if value < 0 {
        destination[0] = 0x2D  // -
    }
}
