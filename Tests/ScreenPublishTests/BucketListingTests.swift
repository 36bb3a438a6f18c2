import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenPublish
import Testing

/// Listing a bucket's keys: S3 `ListObjectsV2` pages as real stores write them (moto's, copied
/// from a run; AWS's indented documentation sample with `&quot;` entity tags and an owner; GCS's
/// interoperability namespace and generations; an empty page), refusals of pages that are not
/// one, and a directory bucket's walk.
@Suite struct BucketListingTests {
    /// moto 5's first page of two (copied from a run): `IsTruncated` before the keys, a token,
    /// an XML declaration only on later pages.
    static let motoFirst = """
        <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><IsTruncated>true</IsTruncated><Contents><Key>screens/releases/3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b.json</Key><LastModified>2026-12-05T22:39:05.000Z</LastModified><ETag>"99914b932bd37a50b983c5e7c90ae93b"</ETag><ChecksumAlgorithm>CRC32</ChecksumAlgorithm><Size>2</Size><StorageClass>STANDARD</StorageClass></Contents><Contents><Key>screens/releases/b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c.json</Key><LastModified>2026-12-05T22:39:05.000Z</LastModified><ETag>"99914b932bd37a50b983c5e7c90ae93b"</ETag><ChecksumAlgorithm>CRC32</ChecksumAlgorithm><Size>2</Size><StorageClass>STANDARD</StorageClass></Contents><Name>shop</Name><Prefix>screens/releases/</Prefix><MaxKeys>2</MaxKeys><KeyCount>2</KeyCount><NextContinuationToken>8ea3b0941bcdb97c419a27784054138d</NextContinuationToken></ListBucketResult>
        """
    /// moto's last page: a key with characters XML escapes.
    static let motoLast = """
        <?xml version="1.0" encoding="utf-8"?>
        <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><IsTruncated>false</IsTruncated><Contents><Key>screens/releases/fe&amp;x &lt;odd&gt;.json</Key><LastModified>2026-12-05T22:39:05.000Z</LastModified><ETag>"99914b932bd37a50b983c5e7c90ae93b"</ETag><ChecksumAlgorithm>CRC32</ChecksumAlgorithm><Size>2</Size><StorageClass>STANDARD</StorageClass></Contents><Name>shop</Name><Prefix>screens/releases/</Prefix><MaxKeys>2</MaxKeys><KeyCount>1</KeyCount></ListBucketResult>
        """
    /// AWS, indented as in its documentation, entity tags quoted with `&quot;`, an owner, a
    /// checksum type, a numeric character reference, a token with `/` and `=`.
    static let aws = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
            <Name>shop-screens</Name>
            <Prefix>releases/</Prefix>
            <KeyCount>2</KeyCount>
            <MaxKeys>1000</MaxKeys>
            <IsTruncated>true</IsTruncated>
            <Contents>
                <Key>releases/caf&#xE9;.json</Key>
                <LastModified>2026-11-30T08:00:01.000Z</LastModified>
                <ETag>&quot;fba9dede5f27731c9771645a39863328&quot;</ETag>
                <ChecksumAlgorithm>CRC64NVME</ChecksumAlgorithm>
                <ChecksumType>FULL_OBJECT</ChecksumType>
                <Size>434</Size>
                <Owner>
                    <ID>75aa57f09aa0c8caeab4f8c24e99d10f8e7faeebf76c078efc7c6caea54ba06a</ID>
                    <DisplayName>shop</DisplayName>
                </Owner>
                <StorageClass>STANDARD</StorageClass>
            </Contents>
            <Contents>
                <Key>releases/2.json</Key>
                <LastModified>2026-11-30T08:00:02Z</LastModified>
                <ETag>&quot;599bab3ed2c697f1d26842727561fd94&quot;</ETag>
                <Size>412</Size>
                <StorageClass>STANDARD</StorageClass>
            </Contents>
            <NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
        </ListBucketResult>
        """
    /// Google Cloud Storage's XML API: another namespace, generations, no `IsTruncated` token.
    static let gcs = """
        <?xml version='1.0' encoding='UTF-8'?><ListBucketResult xmlns="http://doc.s3.amazonaws.com/2006-03-01"><Name>shop</Name><Prefix>releases/</Prefix><Marker></Marker><IsTruncated>false</IsTruncated><Contents><Key>releases/a.json</Key><Generation>1733437205123456</Generation><MetaGeneration>1</MetaGeneration><LastModified>2026-12-05T22:20:05.123Z</LastModified><ETag>"d41d8cd98f00b204e9800998ecf8427e"</ETag><Size>0</Size></Contents><CommonPrefixes><Prefix>releases/sub/</Prefix></CommonPrefixes></ListBucketResult>
        """

    static func page(_ text: String) throws -> S3ListPage { try S3ListPage.decode(Array(text.utf8)) }

    static func time(_ text: String) -> Date {
        try! Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    @Test func motoPagesReadAsListedWithTheirToken() throws {
        let first = try Self.page(Self.motoFirst)
        #expect(
            first.objects.map(\.key) == [
                "screens/releases/3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b.json",
                "screens/releases/b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c.json",
            ])
        #expect(first.objects.allSatisfy { $0.modified == Self.time("2026-12-05T22:39:05.000Z") })
        #expect(first.next == "8ea3b0941bcdb97c419a27784054138d")
        let last = try Self.page(Self.motoLast)
        #expect(last.objects.map(\.key) == ["screens/releases/fe&x <odd>.json"] && last.next == nil)
    }

    @Test func awsAndGCSPagesReadWhateverElseTheyHold() throws {
        let aws = try Self.page(Self.aws)
        #expect(aws.objects.map(\.key) == ["releases/café.json", "releases/2.json"])
        #expect(
            aws.objects.map(\.modified) == [
                Self.time("2026-11-30T08:00:01.000Z"), Self.time("2026-11-30T08:00:02.000Z"),
            ])
        #expect(aws.next == "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=")
        let gcs = try Self.page(Self.gcs)
        #expect(gcs.objects.map(\.key) == ["releases/a.json"] && gcs.next == nil, "a common prefix is not a key")
        let empty = try Self.page(
            #"<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>shop</Name><Prefix>releases/</Prefix><KeyCount>0</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated></ListBucketResult>"#
        )
        #expect(empty.objects.isEmpty && empty.next == nil)
    }

    @Test(arguments: [
        ("<Error><Code>AccessDenied</Code></Error>", "not a ListBucketResult"),
        ("<ListBucketResult><Contents><Key>a</Key>", "not closed"),
        ("<ListBucketResult><Contents><LastModified>2026-12-05T22:39:05Z</LastModified></Contents>", "without a Key"),
        ("<ListBucketResult><Contents><Key>a</Key></Contents>", "a: no LastModified"),
        (
            "<ListBucketResult><Contents><Key>a</Key><LastModified>yesterday</LastModified></Contents>",
            "no LastModified"
        ),
        ("<ListBucketResult><IsTruncated>true</IsTruncated>", "without a NextContinuationToken"),
        ("<ListBucketResult><IsTruncated>maybe</IsTruncated>", "IsTruncated is 'maybe'"),
        ("<ListBucketResult><Contents><Key>a&bogus;</Key></Contents>", "unknown character reference"),
        ("<ListBucketResult><Contents><Key>a&#0;</Key></Contents>", "unknown character reference"),
        ("<ListBucketResult><Contents><Key>a&amp</Key></Contents>", "unterminated"),
    ])
    func aPageThatIsNotOneIsRefusedSayingWhy(text: String, message: String) {
        #expect {
            _ = try Self.page(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func pagesAreBounded() {
        let key = "<Contents><Key>k</Key><LastModified>2026-12-05T22:39:05Z</LastModified></Contents>"
        let many = "<ListBucketResult>" + String(repeating: key, count: S3ListPage.maximumKeys + 1)
        #expect { _ = try Self.page(many) } throws: { "\($0)" == "more than 1000 keys" }
        let long = "<ListBucketResult><Contents><Key>\(String(repeating: "k", count: 1_025))</Key></Contents>"
        #expect { _ = try Self.page(long) } throws: { "\($0)".contains("1 to 1,024 bytes") }
        let huge = [UInt8](repeating: 0x20, count: S3ListPage.maximumBytes + 1)
        #expect { _ = try S3ListPage.decode(huge) } throws: { "\($0)".contains("over") }
    }

    @Test func aDirectoryBucketListsTheKeysUnderAPrefixAndNoStagingFile() async throws {
        let folder = PublishFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bucket = DirectoryBucket(path: folder.path)
        #expect(try await bucket.list("releases/", maximumKeys: 10) == [], "no folder yet: nothing")
        for key in ["releases/a.json", "releases/b.json", "releases-old/c.json", "manifests/d.json", "pointer.json"] {
            _ = try await bucket.create(key, bytes: Array("{}".utf8), metadata: .immutable)
        }
        try Data().write(to: folder.appendingPathComponent("releases/.a.json.tmp-1"))
        let listed = try await bucket.list("releases/", maximumKeys: 10)
        #expect(listed.map(\.key).sorted() == ["releases/a.json", "releases/b.json"])
        #expect(listed.allSatisfy { abs($0.modified.timeIntervalSinceNow) < 60 })
        #expect(
            try await bucket.list("releases", maximumKeys: 10).map(\.key).sorted() == [
                "releases-old/c.json", "releases/a.json", "releases/b.json",
            ])
        #expect(try await bucket.list("releases/a", maximumKeys: 10).map(\.key) == ["releases/a.json"])
        await #expect {
            _ = try await bucket.list("releases/", maximumKeys: 1)
        } throws: { error in
            "\(error)".contains("more than 1 keys")
        }
    }
}

extension S3IntegrationTests {
    /// `ListObjectsV2` against moto with SigV4 checked: a query-string request signed as S3 checks
    /// it, pages followed by their token, the bucket's prefix taken off, a bound kept; and a
    /// bucket that never tried a canary rolled back to its first release over S3.
    @Test(.integration("the S3 test server")) func keysAreListedPageByPageAndARollbackFindsAnyRelease() async throws {
        try await server.control("POST", "/__fault__/reset")
        let bucket = try server.bucket(prefix: "\(prefix)-list")
        let keys = (0..<5).map { "releases/\($0).json" } + ["releases-other/x.json", "pointer-like.json"]
        for key in keys {
            #expect(try await bucket.create(key, bytes: [0x7B, 0x7D], metadata: .immutable) == .created)
        }
        _ = try await server.control("POST", "/__stats__/reset")
        let listed = try await bucket.list("releases/", maximumKeys: 100, pageSize: 2)
        #expect(listed.map(\.key).sorted() == keys.prefix(5).sorted(), "the prefix taken off")
        #expect(listed.allSatisfy { abs($0.modified.timeIntervalSinceNow) < 300 })
        #expect(try await server.requests("GET") == 3, "three pages of two")
        await #expect {
            _ = try await bucket.list("releases/", maximumKeys: 4, pageSize: 2)
        } throws: { error in
            "\(error)".contains("more than 4 keys")
        }
        #expect(try await bucket.list("nothing-here/", maximumKeys: 10) == [])

        let releases = try server.bucket(prefix: "\(prefix)-releases")
        let options = EdgeRouter.Options(unit: .cookie("uid"))
        var plans: [PublishPlan] = []
        for catalog in [RolloutTests.first, RolloutTests.second] {
            let publisher = Publisher(bucket: releases)
            let plan = try await publisher.plan(
                screens: PublishFixture.screens(catalog), contract: 4, history: PublishFixture.historyHashes,
                edge: options)
            _ = try await publisher.publish(plan)
            plans.append(plan)
        }
        let rollout = Rollout(bucket: releases)
        #expect(try await rollout.history().map(\.entry.pointer) == plans.reversed().map(\.layout.pointer))
        let outcome = try await rollout.rollback(to: Pointer.release(of: plans[0].layout.manifestHash))
        #expect(outcome == .moved(try #require(try await rollout.state()?.pointer)))
        #expect(try await rollout.state()?.pointer.serving == plans[0].layout.pointer)
        #expect(try await BucketInvariant.check(releases).problems == [])
    }
}
