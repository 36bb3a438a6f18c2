import Foundation
import ScreenCrypto

/// Signs requests with AWS Signature Version 4.
public struct SigV4Signer: Sendable {
    /// The credentials whose secret key derives the signing key.
    public let credentials: AWSCredentials
    /// The region in the credential scope, e.g. `us-east-1`.
    public let region: String
    /// The service in the credential scope, `s3` by default.
    public let service: String

    /// The signing algorithm name used in the string to sign and the Authorization header.
    static let algorithm = "AWS4-HMAC-SHA256"

    /// Creates a signer for one region and service.
    public init(credentials: AWSCredentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// The headers that sign a request: Authorization, x-amz-date, x-amz-content-sha256 and any x-amz-security-token.
    public func sign(
        method: String, host: String, path: String, query: [(String, String)], headers: [String: String],
        payloadHash: String, date: Date
    ) -> [String: String] {
        let signing = compute(
            method: method, host: host, path: path, query: query, headers: headers, payloadHash: payloadHash,
            date: date)
        var result: [String: String] = [
            "Authorization": "\(Self.algorithm) Credential=\(credentials.accessKeyID)/\(signing.scope),"
                + "SignedHeaders=\(signing.signedHeaders),Signature=\(signing.signature)",
            "x-amz-date": signing.amzDate,
            "x-amz-content-sha256": payloadHash,
        ]
        if let token = credentials.sessionToken {
            result["x-amz-security-token"] = token
        }
        return result
    }

    /// The canonical request, string to sign and signature, for tests and debugging.
    public func debugSigning(
        method: String, host: String, path: String, query: [(String, String)], headers: [String: String],
        payloadHash: String, date: Date
    ) -> (canonicalRequest: String, stringToSign: String, signature: String) {
        let signing = compute(
            method: method, host: host, path: path, query: query, headers: headers, payloadHash: payloadHash,
            date: date)
        return (signing.canonicalRequest, signing.stringToSign, signing.signature)
    }

    // MARK: - Computation

    /// Everything one signing produces.
    private struct Signing {
        /// The `yyyyMMdd'T'HHmmss'Z'` timestamp sent as `x-amz-date`.
        var amzDate: String
        /// The credential scope `date/region/service/aws4_request`.
        var scope: String
        /// The semicolon-separated, sorted lowercase names of the signed headers.
        var signedHeaders: String
        /// The canonical request.
        var canonicalRequest: String
        /// The string to sign.
        var stringToSign: String
        /// The lowercase hex signature.
        var signature: String
    }

    /// Builds the canonical request, the string to sign and the signature.
    private func compute(
        method: String, host: String, path: String, query: [(String, String)], headers: [String: String],
        payloadHash: String, date: Date
    ) -> Signing {
        let (amzDate, shortDate) = Self.timestamps(date)
        let scope = "\(shortDate)/\(region)/\(service)/aws4_request"

        // Canonical headers: the caller's, then the ones the signer owns (which win on a clash).
        var grouped: [String: [String]] = [:]
        for name in headers.keys.sorted() {
            grouped[name.lowercased(), default: []].append(Self.normalizeHeaderValue(headers[name]!))
        }
        var canonical = grouped.mapValues { $0.joined(separator: ",") }
        canonical["host"] = host
        canonical["x-amz-content-sha256"] = payloadHash
        canonical["x-amz-date"] = amzDate
        if let token = credentials.sessionToken {
            canonical["x-amz-security-token"] = Self.normalizeHeaderValue(token)
        }
        let names = canonical.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let canonicalHeaders = names.map { "\($0):\(canonical[$0]!)\n" }.joined()
        let signedHeaders = names.joined(separator: ";")

        let canonicalRequest = [
            method.uppercased(),
            path.isEmpty ? "/" : path,
            Self.canonicalQuery(query),
            canonicalHeaders,
            signedHeaders,
            payloadHash,
        ].joined(separator: "\n")

        let stringToSign = [
            Self.algorithm,
            amzDate,
            scope,
            SHA256.hexDigest(Array(canonicalRequest.utf8)),
        ].joined(separator: "\n")

        let key = signingKey(shortDate: shortDate)
        let signature = Hex.encode(HMAC.sha256(key: key, message: Array(stringToSign.utf8)))
        return Signing(
            amzDate: amzDate, scope: scope, signedHeaders: signedHeaders, canonicalRequest: canonicalRequest,
            stringToSign: stringToSign, signature: signature)
    }

    /// Derives the signing key: HMAC chain over the date, region, service and `aws4_request`.
    private func signingKey(shortDate: String) -> [UInt8] {
        let kSecret = Array("AWS4\(credentials.secretAccessKey)".utf8)
        let kDate = HMAC.sha256(key: kSecret, message: Array(shortDate.utf8))
        let kRegion = HMAC.sha256(key: kDate, message: Array(region.utf8))
        let kService = HMAC.sha256(key: kRegion, message: Array(service.utf8))
        return HMAC.sha256(key: kService, message: Array("aws4_request".utf8))
    }

    /// Encodes each query name and value, sorts by name then value, and joins them with `&`.
    static func canonicalQuery(_ query: [(String, String)]) -> String {
        query
            .map { (URIEncoding.encode($0.0, keepSlash: false), URIEncoding.encode($0.1, keepSlash: false)) }
            .sorted { lhs, rhs in
                if lhs.0 != rhs.0 { return Array(lhs.0.utf8).lexicographicallyPrecedes(Array(rhs.0.utf8)) }
                return Array(lhs.1.utf8).lexicographicallyPrecedes(Array(rhs.1.utf8))
            }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    /// Trims a header value and collapses inner runs of spaces and tabs to one space.
    static func normalizeHeaderValue(_ value: String) -> String {
        var out = ""
        var pendingSpace = false
        for character in value {
            if character == " " || character == "\t" || character.isNewline {
                pendingSpace = true
            } else {
                if pendingSpace && !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out.append(character)
            }
        }
        return out
    }

    /// The UTC `yyyyMMdd'T'HHmmss'Z'` timestamp and its `yyyyMMdd` prefix, computed without a formatter.
    static func timestamps(_ date: Date) -> (amzDate: String, shortDate: String) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let dayNumber = secondOfDay < 0 ? days - 1 : days
        let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
        let (year, month, day) = civilDate(daysSinceEpoch: dayNumber)
        let shortDate = pad(year, 4) + pad(month, 2) + pad(day, 2)
        let time = pad(second / 3600, 2) + pad(second % 3600 / 60, 2) + pad(second % 60, 2)
        return (shortDate + "T" + time + "Z", shortDate)
    }

    /// Converts days since 1970-01-01 to a proleptic Gregorian (year, month, day), after Howard Hinnant.
    static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Zero-pads a non-negative number to `width` digits.
    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
