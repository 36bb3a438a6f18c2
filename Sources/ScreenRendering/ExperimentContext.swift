import ScreenCompiler
import ScreenKit

/// The values of feature flags, as a server's flag service knows them for a request.
public protocol FlagSource: Sendable {
    /// Whether the flag named `flag` is on; nil when the source does not know it (the flag is then off).
    func isOn(_ flag: String) -> Bool?
}

extension Dictionary: FlagSource where Key == String, Value == Bool {
    /// The flag's value in the dictionary.
    public func isOn(_ flag: String) -> Bool? { self[flag] }
}

/// What decides a request's experiment arms: the unit the request is for, the flag values the
/// server passes, and arms forced for QA (honoured only by a renderer created with
/// `allowsOverrides`).
public struct ExperimentContext: Sendable {
    /// The unit: a user or device ID, any string. Without one every experiment serves its control.
    public var unit: String?
    /// The values of flags decided by a named boolean.
    public var flags: any FlagSource
    /// Arms forced by experiment name (see ``parseOverrides(_:)``).
    public var overrides: ArmChoice

    /// The request header naming arms to force: `ScreenKit-Arm: hero-test=big-image, new-checkout=on`.
    public static let overrideHeaderName = "ScreenKit-Arm"
    /// The response header naming every experiment and the arm served: `ScreenKit-Experiments:
    /// hero-test=big-image, new-checkout=off`.
    public static let appliedHeaderName = "ScreenKit-Experiments"

    /// No unit, no flags, no overrides: every experiment serves its control.
    public static let none = ExperimentContext(unit: nil)

    /// A context for `unit` with `flags` and `overrides`.
    public init(unit: String?, flags: any FlagSource = [String: Bool](), overrides: ArmChoice = [:]) {
        self.unit = unit
        self.flags = flags
        self.overrides = overrides
    }

    /// The arms an override header names: comma-separated `experiment=arm` pairs of valid names
    /// (`[a-z0-9][a-z0-9_-]*`); anything else in it is ignored. At most 32 pairs, 2 KiB, are read.
    public static func parseOverrides(_ header: String?) -> ArmChoice {
        guard let header, header.utf8.count <= 2048 else { return [:] }
        var arms: ArmChoice = [:]
        for pair in header.split(separator: ",").prefix(32) {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingSpaces
            let arm = parts[1].trimmingSpaces
            guard ExperimentResolution.isValidName(name), ExperimentResolution.isValidName(arm) else { continue }
            arms[name] = arm
        }
        return arms
    }

    /// The arm of each of `experiments` for this request: an allowed override naming one of its
    /// arms, else the flag's value or the unit's assignment, else the control.
    func arms(for experiments: [Experiment.Declaration], allowsOverrides: Bool) -> [AppliedArm] {
        experiments.map { experiment in
            if allowsOverrides, let forced = overrides[experiment.name],
                experiment.arms.contains(where: { $0.name == forced })
            {
                return AppliedArm(experiment: experiment.name, arm: forced, forced: true)
            }
            let arm: String
            switch experiment.decision {
            case .flag(let flag):
                arm = flags.isOn(flag) == true ? "on" : "off"
            case .weighted, .rollout:
                arm = unit.map { ExperimentAssignment.arm(of: experiment, unit: $0) } ?? experiment.control
            }
            return AppliedArm(experiment: experiment.name, arm: arm, forced: false)
        }
    }
}

/// One experiment of a rendered screen and the arm served: what a team logs as an exposure.
public struct AppliedArm: Sendable, Hashable, CustomStringConvertible {
    /// The experiment's name.
    public let experiment: String
    /// The arm served.
    public let arm: String
    /// Whether an override forced it (QA), so it is no exposure of the experiment.
    public let forced: Bool

    /// `experiment`'s `arm`, `forced` by an override or not.
    public init(experiment: String, arm: String, forced: Bool) {
        self.experiment = experiment
        self.arm = arm
        self.forced = forced
    }

    /// `experiment=arm`, as the response header lists it.
    public var description: String { "\(experiment)=\(arm)" }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
