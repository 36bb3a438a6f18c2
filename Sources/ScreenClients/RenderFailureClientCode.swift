/// The generated clients' typed `render_failed`: what an app could not show, in the closed set of
/// reasons every ScreenKit server reads (`EventBatch.RenderFailure`), with the JSON path and the
/// release, as the event a batch for `POST /events` holds — made from a decoder's error or by the
/// app's renderer. The same in every contract version's file: it is no part of the contract.
enum RenderFailureClientCode {
    /// The reasons, as the wire writes them and as each language names them.
    static let reasons: [(wire: String, swift: String, kotlin: String)] = [
        ("decode", "decode", "DECODE"),
        ("unknown_component", "unknownComponent", "UNKNOWN_COMPONENT"),
        ("unknown_action", "unknownAction", "UNKNOWN_ACTION"),
        ("missing_prop", "missingProp", "MISSING_PROP"),
        ("bad_value", "badValue", "BAD_VALUE"),
        ("image_failed", "imageFailed", "IMAGE_FAILED"),
        ("other", "other", "OTHER"),
    ]

    /// `text`'s lines at `out`'s indentation (each keeps its own relative indentation).
    static func emit(_ text: String, into out: inout SourceLines) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { out.line(String(line)) }
    }

    /// `ScreenModel.RenderFailure`, inside the `ScreenModel` namespace.
    static func swift(into out: inout SourceLines) {
        let cases = reasons.map { $0.wire == $0.swift ? "case \($0.swift)" : "case \($0.swift) = \"\($0.wire)\"" }
        emit(
            """
            /// A screen, or part of one, this app could not show: the built-in `render_failed` event
            /// every ScreenKit server accepts at `POST /events` and counts by release. Send
            /// ``eventJSON`` in a batch's `events`.
            public struct RenderFailure: Sendable, Equatable {
                /// Why: the closed set the servers count.
                public enum Reason: String, Sendable, CaseIterable {
                    \(cases.joined(separator: "\n        "))
                }

                /// The screen it happened on.
                public let screen: String
                /// Why.
                public let reason: Reason
                /// The JSON path of what failed (`$.root.children[2].url`), when there is one.
                public let path: String?
                /// The release the screen came from: its response's `ScreenKit-Release` header.
                public let release: String?

                /// A failure of `screen` for `reason`, at `path`, from `release`.
                public init(screen: String, reason: Reason, path: String? = nil, release: String? = nil) {
                    self.screen = screen
                    self.reason = reason
                    self.path = path
                    self.release = release
                }

                /// A payload of `screen` these models could not decode: `decode`, at the path `error` names.
                public init(screen: String, decoding error: any Error, release: String? = nil) {
                    var keys: [any CodingKey] = []
                    switch error as? DecodingError {
                    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                        keys = context.codingPath
                    case .keyNotFound(let key, let context):
                        keys = context.codingPath + [key]
                    default:
                        break
                    }
                    let path = keys.map { $0.intValue.map { "[\\($0)]" } ?? ".\\($0.stringValue)" }.joined()
                    self.init(screen: screen, reason: .decode, path: keys.isEmpty ? nil : "$" + path, release: release)
                }

                /// The event as a batch's `events` holds it: `{"name":"render_failed","params":{…},"screen":…}`.
                public var eventJSON: Data {
                    var params = ["reason": reason.rawValue]
                    if let path { params["path"] = path }
                    if let release { params["release"] = release }
                    let event: [String: Any] = ["name": "render_failed", "screen": screen, "params": params]
                    return (try? JSONSerialization.data(withJSONObject: event, options: [.sortedKeys])) ?? Data()
                }
            }

            """, into: &out)
    }

    /// `RenderFailure`, `renderFailureOf` and `renderFailedEvent`, after `DecodeError`.
    static func typeScript(into out: inout SourceLines) {
        emit(
            """
            /** Why a screen, or part of one, could not be shown: the closed set every ScreenKit server counts. */
            export type RenderFailureReason = \(reasons.map { "\"\($0.wire)\"" }.joined(separator: " | "));

            /** A screen, or part of one, this app could not show: the built-in `render_failed` event. */
            export interface RenderFailure {
                readonly screen: string;
                readonly reason: RenderFailureReason;
                /** The JSON path of what failed (`$.root.children[2].url`), when there is one. */
                readonly path?: string;
                /** The release the screen came from: its response's `ScreenKit-Release` header. */
                readonly release?: string;
            }

            /** A payload of `screen` these decoders refused (`decode`, at the `DecodeError`'s path). */
            export function renderFailureOf(screen: string, error: unknown, release?: string): RenderFailure {
                const path = error instanceof DecodeError ? error.path : undefined;
                return { screen, reason: "decode", ...(path ? { path } : {}), ...(release ? { release } : {}) };
            }

            /** The event as a batch's `events` holds it, for `POST /events`. */
            export function renderFailedEvent(failure: RenderFailure): {
                name: "render_failed";
                screen: string;
                params: { reason: RenderFailureReason; path?: string; release?: string };
            } {
                const params: { reason: RenderFailureReason; path?: string; release?: string } = { reason: failure.reason };
                if (failure.path !== undefined) params.path = failure.path;
                if (failure.release !== undefined) params.release = failure.release;
                return { name: "render_failed", screen: failure.screen, params };
            }

            """, into: &out)
    }

    /// `ScreenModel.RenderFailure`, inside `object ScreenModel`.
    static func kotlin(into out: inout SourceLines) {
        let cases = reasons.map { "\($0.kotlin)(\"\($0.wire)\")" }
        emit(
            """
            /** Why a screen, or part of one, could not be shown: the closed set every ScreenKit server counts. */
            enum class RenderFailureReason(val wire: String) {
                \(cases.joined(separator: ",\n    "));
            }

            /**
             * A screen, or part of one, this app could not show: the built-in `render_failed` event every
             * ScreenKit server accepts at `POST /events`; send [eventJson] in a batch's `events`.
             */
            data class RenderFailure(
                val screen: String,
                val reason: RenderFailureReason,
                /** The JSON path of what failed (`$.root.children[2].url`), when there is one. */
                val path: String? = null,
                /** The release the screen came from: its response's `ScreenKit-Release` header. */
                val release: String? = null
            ) {
                /** The event as a batch's `events` holds it. */
                fun eventJson(): JSONObject {
                    val params = JSONObject().put("reason", reason.wire)
                    if (path != null) params.put("path", path)
                    if (release != null) params.put("release", release)
                    return JSONObject().put("name", "render_failed").put("screen", screen).put("params", params)
                }

                companion object {
                    /** A payload of [screen] the decoder refused: `decode`, at the [DecodingException]'s path. */
                    fun decoding(screen: String, error: Exception, release: String? = null): RenderFailure =
                        RenderFailure(screen, RenderFailureReason.DECODE, (error as? DecodingException)?.path, release)
                }
            }

            """, into: &out)
    }
}
