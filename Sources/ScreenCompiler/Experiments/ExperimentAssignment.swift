import ScreenCrypto
import ScreenKit

/// Assigns units (a user or device ID, any string) to experiment arms: a documented, portable
/// function of the experiment's name, its salt and the unit, independent of the contract version,
/// of other experiments and of the process, so a CDN edge function or a client can reproduce it.
///
/// 1. `key` = UTF-8 of `name + ":" + salt + ":" + unit` (names and salts never hold `:`).
/// 2. `bucket` = the first 8 bytes of SHA-256(`key`) as a big-endian unsigned integer, modulo
///    10,000.
/// 3. With total weight `W` and arms in declaration order, arm `i` takes the buckets from
///    `10000 × (w₁ + … + wᵢ₋₁) / W` up to, not including, `10000 × (w₁ + … + wᵢ) / W`, each bound
///    rounded down.
///
/// A rollout of `p` % is arms `on` (weight `p`) then `off` (`100 − p`): the first `p × 100`
/// buckets are on. Changing weights moves only the units whose bucket changes owner: with two arms,
/// exactly those between the old and the new bound; raising a rollout never turns a unit off. A
/// new salt or experiment name reshuffles every unit.
public enum ExperimentAssignment {
    /// The number of buckets.
    public static let buckets = 10_000

    /// The unit's bucket for the experiment `name` with `salt`: 0 to 9,999.
    public static func bucket(experiment name: String, salt: String, unit: String) -> Int {
        let digest = SHA256.hash(Array("\(name):\(salt):\(unit)".utf8))
        var value: UInt64 = 0
        for byte in digest.prefix(8) { value = value << 8 | UInt64(byte) }
        return Int(value % UInt64(buckets))
    }

    /// The arm whose range holds `bucket`, for arms with `weights` in order (positive whole
    /// numbers; an arm of weight 0 takes no bucket).
    public static func arm(forBucket bucket: Int, weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        guard total > 0 else { return 0 }
        var cumulative = 0
        for (index, weight) in weights.enumerated() {
            cumulative += weight
            if bucket < buckets * cumulative / total { return index }
        }
        return weights.count - 1
    }

    /// The arm `unit` gets in `experiment`, by the documented function; for a flag decided by a
    /// named boolean, `flag` is its value (off when nil).
    public static func arm(of experiment: Experiment, unit: String, flag: Bool? = nil) -> String {
        arm(of: experiment.declaration, unit: unit, flag: flag)
    }

    /// The arm `unit` gets in the experiment `declaration` describes, as for an ``Experiment``.
    public static func arm(of experiment: Experiment.Declaration, unit: String, flag: Bool? = nil) -> String {
        switch experiment.decision {
        case .flag:
            return flag == true ? "on" : "off"
        case .weighted, .rollout:
            let bucket = bucket(experiment: experiment.name, salt: experiment.salt, unit: unit)
            let index = arm(forBucket: bucket, weights: experiment.arms.map { max(0, $0.weight) })
            return experiment.arms.indices.contains(index) ? experiment.arms[index].name : experiment.control
        }
    }
}
