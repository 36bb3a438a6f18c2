import Testing

@testable import ScreenPublish

/// Bucket URLs: what `--to` accepts, and what it refuses with a message naming the URL.
@Suite struct BucketLocationTests {
    @Test(arguments: [
        ("file:///tmp/x", BucketLocation.directory(path: "/tmp/x")),
        ("file:///tmp/x/", .directory(path: "/tmp/x")),
        ("file:///tmp/a%20b", .directory(path: "/tmp/a b")),
        ("s3://bucket", .s3(bucket: "bucket", prefix: "")),
        ("s3://my.bucket-1/app", .s3(bucket: "my.bucket-1", prefix: "app")),
        ("s3://b12/app/", .s3(bucket: "b12", prefix: "app")),
        ("s3://b12/a/b/c", .s3(bucket: "b12", prefix: "a/b/c")),
    ])
    func accepted(text: String, location: BucketLocation) throws {
        #expect(try BucketLocation.parse(text) == location)
    }

    @Test(arguments: [
        "file:///", "file://relative/path", "s3://b12/a//c", "s3://b12//a", "s3://bucket-/x", "s3://-bucket/x",
        "s3://ab/x", "s3://Bucket/x", "s3://" + String(repeating: "a", count: 64) + "/x", "https://bucket/x", "",
    ])
    func refused(text: String) {
        #expect(throws: BucketLocation.ParseError.self) { try BucketLocation.parse(text) }
        do {
            _ = try BucketLocation.parse(text)
        } catch {
            #expect(error.description.hasPrefix(text + ":"))
        }
    }
}
