/// AWS credentials: access key, secret key and an optional session token.
public struct AWSCredentials: Sendable, Hashable {
    /// The access key ID, e.g. `AKIAIOSFODNN7EXAMPLE`.
    public let accessKeyID: String
    /// The secret access key used to derive the signing key.
    public let secretAccessKey: String
    /// The session token of temporary credentials, sent as `x-amz-security-token`.
    public let sessionToken: String?

    /// Creates credentials from an access key, a secret key and an optional session token.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// Reads AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN; nil when either key is missing or empty.
    public static func fromEnvironment(_ environment: [String: String]) -> AWSCredentials? {
        guard let accessKeyID = environment["AWS_ACCESS_KEY_ID"], !accessKeyID.isEmpty,
            let secretAccessKey = environment["AWS_SECRET_ACCESS_KEY"], !secretAccessKey.isEmpty
        else {
            return nil
        }
        let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return AWSCredentials(accessKeyID: accessKeyID, secretAccessKey: secretAccessKey, sessionToken: token)
    }
}
