import Foundation
import ScreenCrypto
import Testing

@testable import ScreenPublish

/// The AWS example credentials used by every published S3 vector.
private let exampleCredentials = AWSCredentials(
    accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
/// 2013-05-24T00:00:00Z, the date of every published S3 vector.
private let exampleDate = Date(timeIntervalSince1970: 1_369_353_600)
/// The virtual-hosted-style host of every published S3 vector.
private let exampleHost = "examplebucket.s3.amazonaws.com"
/// SHA-256 of the empty body.
private let emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

@Suite("SigV4 signing")
struct SigV4SigningTests {
    let signer = SigV4Signer(credentials: exampleCredentials, region: "us-east-1")

    @Test("GET object with Range matches the AWS vector and Authorization header")
    func getObject() {
        let headers = signer.sign(
            method: "GET", host: exampleHost, path: "/test.txt", query: [], headers: ["Range": "bytes=0-9"],
            payloadHash: emptyHash, date: exampleDate)
        #expect(
            headers["Authorization"]
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
        #expect(headers["x-amz-date"] == "20130524T000000Z")
        #expect(headers["x-amz-content-sha256"] == emptyHash)
        #expect(headers["x-amz-security-token"] == nil)
        #expect(headers.count == 3)

        let debug = signer.debugSigning(
            method: "GET", host: exampleHost, path: "/test.txt", query: [], headers: ["Range": "bytes=0-9"],
            payloadHash: emptyHash, date: exampleDate)
        #expect(
            debug.canonicalRequest
                == """
                GET
                /test.txt

                host:examplebucket.s3.amazonaws.com
                range:bytes=0-9
                x-amz-content-sha256:\(emptyHash)
                x-amz-date:20130524T000000Z

                host;range;x-amz-content-sha256;x-amz-date
                \(emptyHash)
                """)
        #expect(
            debug.stringToSign
                == """
                AWS4-HMAC-SHA256
                20130524T000000Z
                20130524/us-east-1/s3/aws4_request
                7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972
                """)
        #expect(debug.signature == "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    @Test("PUT object with a $ in the key and extra headers matches the AWS vector")
    func putObject() {
        let body = "Welcome to Amazon S3."
        let payloadHash = SHA256.hexDigest(Array(body.utf8))
        #expect(payloadHash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        let path = URIEncoding.objectPath("test$file.text")
        #expect(path == "/test%24file.text")
        let extra = ["Date": "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY"]
        let debug = signer.debugSigning(
            method: "PUT", host: exampleHost, path: path, query: [], headers: extra, payloadHash: payloadHash,
            date: exampleDate)
        #expect(debug.canonicalRequest.hasPrefix("PUT\n/test%24file.text\n\n"))
        #expect(debug.canonicalRequest.contains("\ndate;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class\n"))
        #expect(debug.signature == "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
        let headers = signer.sign(
            method: "PUT", host: exampleHost, path: path, query: [], headers: extra, payloadHash: payloadHash,
            date: exampleDate)
        #expect(
            headers["Authorization"]?.hasSuffix(
                "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,"
                    + "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd") == true)
        #expect(headers["x-amz-content-sha256"] == payloadHash)
    }

    @Test("GET ?lifecycle matches the AWS vector")
    func getLifecycle() {
        let debug = signer.debugSigning(
            method: "GET", host: exampleHost, path: "/", query: [("lifecycle", "")], headers: [:],
            payloadHash: emptyHash, date: exampleDate)
        #expect(debug.canonicalRequest.hasPrefix("GET\n/\nlifecycle=\n"))
        #expect(debug.signature == "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543")
    }

    @Test("GET ?max-keys=2&prefix=J matches the AWS vector, whatever the query order")
    func listObjects() {
        for query in [[("max-keys", "2"), ("prefix", "J")], [("prefix", "J"), ("max-keys", "2")]] {
            let debug = signer.debugSigning(
                method: "GET", host: exampleHost, path: "/", query: query, headers: [:], payloadHash: emptyHash,
                date: exampleDate)
            #expect(debug.canonicalRequest.hasPrefix("GET\n/\nmax-keys=2&prefix=J\n"))
            #expect(debug.signature == "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
        }
    }

    @Test("GET with UNSIGNED-PAYLOAD matches the botocore vector")
    func unsignedPayload() {
        let headers = signer.sign(
            method: "GET", host: exampleHost, path: "/test.txt", query: [], headers: ["Range": "bytes=0-9"],
            payloadHash: "UNSIGNED-PAYLOAD", date: exampleDate)
        #expect(headers["x-amz-content-sha256"] == "UNSIGNED-PAYLOAD")
        #expect(
            headers["Authorization"]?.hasSuffix(
                "Signature=edacce68e5445863e1f916719fac26d3be9c1581fccd7878ade0879597fc0dc1") == true)
    }

    @Test("A session token adds and signs x-amz-security-token")
    func sessionToken() {
        let credentials = AWSCredentials(
            accessKeyID: exampleCredentials.accessKeyID, secretAccessKey: exampleCredentials.secretAccessKey,
            sessionToken: "EXAMPLE-SESSION-TOKEN")
        let tokenSigner = SigV4Signer(credentials: credentials, region: "us-east-1")
        let headers = tokenSigner.sign(
            method: "GET", host: exampleHost, path: "/test.txt", query: [], headers: ["Range": "bytes=0-9"],
            payloadHash: emptyHash, date: exampleDate)
        #expect(headers["x-amz-security-token"] == "EXAMPLE-SESSION-TOKEN")
        #expect(headers.count == 4)
        let debug = tokenSigner.debugSigning(
            method: "GET", host: exampleHost, path: "/test.txt", query: [], headers: ["Range": "bytes=0-9"],
            payloadHash: emptyHash, date: exampleDate)
        #expect(debug.canonicalRequest.contains("\nx-amz-security-token:EXAMPLE-SESSION-TOKEN\n"))
        #expect(debug.canonicalRequest.contains("\nhost;range;x-amz-content-sha256;x-amz-date;x-amz-security-token\n"))
        #expect(
            headers["Authorization"]
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date;x-amz-security-token,"
                + "Signature=\(debug.signature)")
        // Computed independently (Python hmac/hashlib) from the same canonical request.
        #expect(debug.signature == "5a7ea15c186d0b7f51c2c1ad40c687d06d618e44f949a097f429cbbcf7a23151")
        #expect(debug.signature != "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    @Test("Header names are lowercased and values trimmed with inner spaces collapsed")
    func headerNormalization() {
        let plain = signer.debugSigning(
            method: "GET", host: exampleHost, path: "/test.txt", query: [], headers: ["Range": "bytes=0-9"],
            payloadHash: emptyHash, date: exampleDate)
        let messy = signer.debugSigning(
            method: "GET", host: exampleHost, path: "/test.txt", query: [], headers: ["RANGE": "  bytes=0-9 \t "],
            payloadHash: emptyHash, date: exampleDate)
        #expect(messy.canonicalRequest == plain.canonicalRequest)
        #expect(messy.signature == plain.signature)
        #expect(SigV4Signer.normalizeHeaderValue("  a   b \t c  ") == "a b c")
    }

    @Test("A non-default port is signed as part of host")
    func hostWithPort() {
        let debug = signer.debugSigning(
            method: "GET", host: "127.0.0.1:9000", path: "/bucket/key.json", query: [], headers: [:],
            payloadHash: emptyHash, date: exampleDate)
        #expect(debug.canonicalRequest.contains("\nhost:127.0.0.1:9000\n"))
    }

    @Test("Repeated query names are ordered by value; header values lose line breaks")
    func repeatedQueryNamesAndLineBreaks() {
        #expect(SigV4Signer.canonicalQuery([("a", "2"), ("a", "1")]) == "a=1&a=2")
        #expect(SigV4Signer.normalizeHeaderValue("a\nb") == "a b")
    }

    @Test("Query names and values are percent-encoded before sorting")
    func queryEncoding() {
        let query = SigV4Signer.canonicalQuery([("prefix", "a b/c"), ("list-type", "2"), ("a", "=+")])
        #expect(query == "a=%3D%2B&list-type=2&prefix=a%20b%2Fc")
    }

    @Test(
        "Dates are formatted in UTC basic format",
        arguments: [
            (1_369_353_600.0, "20130524T000000Z"),
            (0.0, "19700101T000000Z"),
            (951_782_400.0, "20000229T000000Z"),
            (1_709_251_199.9, "20240229T235959Z"),
            (1_735_689_599.0, "20241231T235959Z"),
            (4_107_542_400.0, "21000301T000000Z"),
        ])
    func dateFormatting(seconds: Double, expected: String) {
        let stamps = SigV4Signer.timestamps(Date(timeIntervalSince1970: seconds))
        #expect(stamps.amzDate == expected)
        #expect(stamps.shortDate == String(expected.prefix(8)))
    }
}

@Suite("URIEncoding")
struct URIEncodingTests {
    @Test(
        "Reserved and non-ASCII characters are percent-encoded with uppercase hex",
        arguments: [
            (" ", "%20"), ("$", "%24"), ("+", "%2B"), ("=", "%3D"), (":", "%3A"), ("~", "~"), ("é", "%C3%A9"),
            ("AZaz09-._~", "AZaz09-._~"), ("a/b", "a%2Fb"), ("*", "%2A"), ("%", "%25"),
        ])
    func encode(input: String, expected: String) {
        #expect(URIEncoding.encode(input, keepSlash: false) == expected)
    }

    @Test("keepSlash keeps slashes")
    func keepSlash() {
        #expect(URIEncoding.encode("a/b c/", keepSlash: true) == "a/b%20c/")
        #expect(URIEncoding.encode("a/b c/", keepSlash: false) == "a%2Fb%20c%2F")
    }

    @Test("objectPath encodes each segment and keeps slashes")
    func objectPath() {
        #expect(URIEncoding.objectPath("a b/c$d.json") == "/a%20b/c%24d.json")
        #expect(URIEncoding.objectPath("test$file.text") == "/test%24file.text")
        #expect(URIEncoding.objectPath("screens/v1/home.json") == "/screens/v1/home.json")
    }
}

@Suite("AWSCredentials")
struct AWSCredentialsTests {
    @Test("Missing keys give nil")
    func missing() {
        #expect(AWSCredentials.fromEnvironment([:]) == nil)
        #expect(AWSCredentials.fromEnvironment(["AWS_ACCESS_KEY_ID": "AKID"]) == nil)
        #expect(AWSCredentials.fromEnvironment(["AWS_SECRET_ACCESS_KEY": "secret"]) == nil)
    }

    @Test("Empty keys give nil")
    func empty() {
        #expect(AWSCredentials.fromEnvironment(["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "secret"]) == nil)
        #expect(AWSCredentials.fromEnvironment(["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": ""]) == nil)
    }

    @Test("Both keys without a token")
    func withoutToken() {
        let credentials = AWSCredentials.fromEnvironment([
            "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret",
        ])
        #expect(credentials == AWSCredentials(accessKeyID: "AKID", secretAccessKey: "secret"))
        #expect(credentials?.sessionToken == nil)
    }

    @Test("Both keys with a token")
    func withToken() {
        let credentials = AWSCredentials.fromEnvironment([
            "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret", "AWS_SESSION_TOKEN": "token",
        ])
        #expect(credentials == AWSCredentials(accessKeyID: "AKID", secretAccessKey: "secret", sessionToken: "token"))
    }
}
