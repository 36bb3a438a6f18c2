/// RFC 3339 timestamps as analytics exports write them: `2026-11-27T10:00:00Z`, an optional
/// fraction of up to nine digits, and a `Z` or `±HH:MM` offset (`T` and `Z` in either case).
public enum RFC3339 {
    /// The instant `text` names, in nanoseconds since 1970-01-01T00:00:00Z; nil when `text` is not
    /// such a timestamp, names a day that does not exist, or an instant outside 1677…2262 (what
    /// nanoseconds in an Int64 hold).
    public static func nanoseconds(_ text: String) -> Int64? {
        var bytes = text.utf8.makeIterator()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(36)
        while let byte = bytes.next() {
            guard buffer.count < 36 else { return nil }
            buffer.append(byte)
        }
        return nanoseconds(buffer)
    }

    /// ``nanoseconds(_:)`` of UTF-8 bytes.
    static func nanoseconds(_ bytes: [UInt8]) -> Int64? {
        guard (20...35).contains(bytes.count) else { return nil }
        func digits(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int64(bytes[index] - 0x30)
            }
            return value
        }
        guard let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
            let hour = digits(11..<13), let minute = digits(14..<16), let second = digits(17..<19),
            bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54 || bytes[10] == 0x74, bytes[13] == 0x3A,
            bytes[16] == 0x3A, year >= 1, (1...12).contains(month), hour < 24, minute < 60, second <= 60,
            (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var index = 19
        var fraction: Int64 = 0
        if bytes[index] == 0x2E {
            index += 1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                fraction = fraction * 10 + Int64(bytes[index] - 0x30)
                index += 1
            }
            guard (1...9).contains(index - start) else { return nil }
            for _ in (index - start)..<9 { fraction *= 10 }
        }
        guard index < bytes.count else { return nil }
        var offset: Int64 = 0
        if bytes[index] == 0x5A || bytes[index] == 0x7A {
            guard index == bytes.count - 1 else { return nil }
        } else {
            guard bytes[index] == 0x2B || bytes[index] == 0x2D, bytes.count - index == 6, bytes[index + 3] == 0x3A,
                let hours = digits(index + 1..<index + 3), let minutes = digits(index + 4..<index + 6), hours < 24,
                minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == 0x2D ? -1 : 1)
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        // Nanoseconds fit an Int64 from 1677 to 2262: further out, the instant is refused.
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (instant, overflowAgain) = nanoseconds.addingReportingOverflow(fraction)
        return overflow || overflowAgain ? nil : instant
    }

    /// Whether `text` is such a timestamp.
    public static func isValid(_ text: String) -> Bool { nanoseconds(text) != nil }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
