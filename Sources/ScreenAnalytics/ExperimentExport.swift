import ScreenJSON

/// Reads exposures and events exported as JSON Lines, for one experiment and one goal event: each
/// unit's first exposure (its arm and time) and the latest time it sent the goal event.
///
/// A line is one JSON object with `unit`, `event` and `time` (RFC 3339). An exposure is a line whose
/// event is the exposure event (`exposure` by default) and that names the arm, either as
/// `"experiment"` and `"arm"` or in `"experiments": {experiment: arm}` (as the example servers'
/// event lines do), or a response record (``ResponseRecord``: event `response`, an edge router's
/// log line) of a 200 or 304 whose `experiments` name the arm (its `forced` arms are not
/// exposures); a goal line is one whose event is the goal. Other lines are read and skipped. A
/// line a log service prefixed with tab-separated fields (CloudWatch Logs) is read from its object.
/// Lines are read as they come, in bounded chunks: a line over ``Limits/maximumLineBytes``, one that
/// is not such an object or has no valid time is an error naming the file and line.
public struct ExportReader: Sendable {
    /// What an export may hold.
    public struct Limits: Sendable, Hashable {
        /// The longest line (64 KiB).
        public var maximumLineBytes = 64 * 1024
        /// The most distinct units (10 million), so memory stays bounded.
        public var maximumUnits = 10_000_000

        /// The default limits.
        public init() {}
    }

    /// Why an export could not be read: the file, the line and what is wrong.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// `events.jsonl: line 12: missing key "time"`.
        public let description: String
    }

    /// One unit's state: its first exposure, whether it was exposed to another arm too, and the
    /// latest time it sent the goal event.
    struct UnitState {
        var arm: Int32 = -1
        var exposedAt = Int64.max
        var crossed = false
        var lastGoal = Int64.min
    }

    /// The experiment analysed, the goal event and the exposure event.
    public let experiment: String
    /// The goal event: a unit converts when it sends it at or after its first exposure.
    public let goal: String
    /// The event of an exposure line.
    public let exposureEvent: String
    /// The bounds.
    public let limits: Limits

    var units: [String: UnitState] = [:]
    var armNames: [String] = []
    var armIndex: [String: Int32] = [:]
    /// Lines read, lines without a unit, exposure lines of this experiment.
    var lines = 0
    var withoutUnit = 0
    var exposures = 0
    var goals = 0
    /// Lines whose event is `response` that are not valid response records (what `health` skips
    /// too): skipped, never exposures.
    public private(set) var skippedRecords = 0
    /// The first of them: `edge.log: line 7: client " 1" is not none, malformed or a version`.
    public private(set) var firstSkippedRecord: String?
    /// The experiments exposure lines name, whichever was asked for (the first 50), so that a
    /// misspelt name can be told apart from an experiment nobody was exposed to yet.
    public private(set) var experimentsSeen: Set<String> = []
    private var splitter: LineSplitter

    /// A reader for `experiment`'s exposures and `goal` events.
    public init(experiment: String, goal: String, exposureEvent: String = "exposure", limits: Limits = .init()) {
        self.experiment = experiment
        self.goal = goal
        self.exposureEvent = exposureEvent
        self.limits = limits
        splitter = LineSplitter(maximumLineBytes: limits.maximumLineBytes)
    }

    /// Reads the next `chunk` of the file `name` (any split; call ``finish(_:)`` after the last).
    public mutating func read<C: Collection<UInt8>>(_ chunk: C, name: String) throws(ReadError) {
        let (lines, tooLong) = splitter.lines(in: chunk)
        for line in lines { try read(line, name: name) }
        if tooLong {
            throw ReadError(
                description: "\(name): line \(splitter.lineNumber + 1): longer than \(limits.maximumLineBytes) bytes")
        }
    }

    /// Reads what is left of the file `name` (its last line, without a newline), and readies the
    /// reader for another file.
    public mutating func finish(_ name: String) throws(ReadError) {
        if let last = splitter.finish() { try read(last, name: name) }
    }

    /// Reads one line.
    private mutating func read(_ line: (number: Int, bytes: [UInt8]), name: String) throws(ReadError) {
        lines += 1
        let bytes = Array(LineSplitter.object(in: line.bytes))
        do {
            let object = try JSONObjectReader.document(bytes, maximumDepth: 4)
            // A router's or server's response record is read as `health` reads it: one that is
            // not a valid record is skipped and counted, never an exposure.
            if try object.string("event") == "response" {
                do {
                    try ResponseRecord.checkLine(bytes)
                    try read(try ResponseRecord(object: object))
                } catch {
                    skippedRecords += 1
                    if firstSkippedRecord == nil {
                        firstSkippedRecord = "\(name): line \(line.number): \(error.description)"
                    }
                }
                return
            }
            try read(object)
        } catch {
            throw ReadError(description: "\(name): line \(line.number): \(error.description)")
        }
    }

    /// Reads one response record: an exposure when it served the screen (a 200 or 304) with an
    /// arm of the experiment assigned to its unit.
    private mutating func read(_ record: ResponseRecord) throws(JSONFormatError) {
        guard record.status == 200 || record.status == 304 else { return }
        for name in record.experiments.keys { see(name) }
        guard let arm = record.experiments[experiment] else { return }
        guard let unit = record.unit else {
            withoutUnit += 1
            return
        }
        try expose(unit, arm: arm, at: record.nanoseconds)
    }

    /// Reads one line's object (an event, not a response record).
    private mutating func read(_ object: JSONObjectReader) throws(JSONFormatError) {
        let event = try object.string("event")
        let timeText = try object.string("time")
        guard let time = RFC3339.nanoseconds(timeText) else {
            throw JSONFormatError("time \"\(timeText.prefix(40))\" is not an RFC 3339 timestamp")
        }
        guard event == exposureEvent || event == goal else { return }
        let isExposure = event == exposureEvent
        var arm: String? = nil
        if isExposure {
            if let named = try object.optionalString("experiment") {
                see(named)
                arm = named == experiment ? try object.string("arm") : nil
            } else if let experiments = try object.optionalObject("experiments") {
                for member in experiments.members { see(member.key) }
                arm = try experiments.optionalString(experiment)
            }
        }
        guard let unit = try object.optionalString("unit") else {
            withoutUnit += 1
            return
        }
        if event == goal {
            goals += 1
            try update(unit) { $0.lastGoal = max($0.lastGoal, time) }
        }
        if isExposure, let arm { try expose(unit, arm: arm, at: time) }
    }

    /// Notes an experiment an exposure line names.
    private mutating func see(_ name: String) {
        if experimentsSeen.count < 50 { experimentsSeen.insert(name) }
    }

    /// Counts an exposure of `unit` to `arm` at `time`.
    private mutating func expose(_ unit: String, arm: String, at time: Int64) throws(JSONFormatError) {
        exposures += 1
        let index =
            armIndex[arm]
            ?? {
                armNames.append(arm)
                armIndex[arm] = Int32(armNames.count - 1)
                return Int32(armNames.count - 1)
            }()
        try update(unit) { state in
            if state.arm >= 0, state.arm != index { state.crossed = true }
            if time < state.exposedAt {
                state.exposedAt = time
                state.arm = index
            }
        }
    }

    /// Applies `change` to `unit`'s state, made when it is new (within ``Limits/maximumUnits``).
    private mutating func update(_ unit: String, _ change: (inout UnitState) -> Void) throws(JSONFormatError) {
        if units[unit] == nil, units.count >= limits.maximumUnits {
            throw JSONFormatError("more than \(limits.maximumUnits) units")
        }
        change(&units[unit, default: UnitState()])
    }

    /// What was read: per arm seen, the units exposed to it alone and those that converted.
    public var observations: ExperimentObservations {
        var exposed = Array(repeating: 0, count: armNames.count)
        var converted = Array(repeating: 0, count: armNames.count)
        var crossed = 0
        for state in units.values where state.arm >= 0 {
            if state.crossed {
                crossed += 1
                continue
            }
            exposed[Int(state.arm)] += 1
            if state.lastGoal >= state.exposedAt { converted[Int(state.arm)] += 1 }
        }
        return ExperimentObservations(
            arms: armNames.indices.map { (armNames[$0], exposed[$0], converted[$0]) }, crossedUnits: crossed,
            lines: lines, linesWithoutUnit: withoutUnit, exposureLines: exposures, goalLines: goals)
    }
}

/// What an export says of one experiment: per arm, the units exposed to it (alone) and those that
/// sent the goal event at or after their first exposure.
public struct ExperimentObservations: Sendable, Hashable {
    /// Each arm seen, in the order first seen: its name, units exposed, units converted.
    public let arms: [(name: String, exposed: Int, converted: Int)]
    /// Units exposed to more than one arm: left out of every arm.
    public let crossedUnits: Int
    /// Lines read, lines of an exposure or goal that named no unit (left out), exposure lines of
    /// the experiment and goal lines.
    public let lines: Int
    /// Lines of an exposure or goal that named no unit.
    public let linesWithoutUnit: Int
    /// Exposure lines of the experiment.
    public let exposureLines: Int
    /// Goal lines with a unit.
    public let goalLines: Int

    /// Observations of these counts (from an export, or from a counts query's result).
    public init(
        arms: [(name: String, exposed: Int, converted: Int)], crossedUnits: Int, lines: Int, linesWithoutUnit: Int,
        exposureLines: Int, goalLines: Int
    ) {
        self.arms = arms
        self.crossedUnits = crossedUnits
        self.lines = lines
        self.linesWithoutUnit = linesWithoutUnit
        self.exposureLines = exposureLines
        self.goalLines = goalLines
    }

    /// Equal when every count is.
    public static func == (lhs: ExperimentObservations, rhs: ExperimentObservations) -> Bool {
        lhs.arms.elementsEqual(rhs.arms) { $0 == $1 } && lhs.crossedUnits == rhs.crossedUnits
            && lhs.lines == rhs.lines && lhs.linesWithoutUnit == rhs.linesWithoutUnit
            && lhs.exposureLines == rhs.exposureLines && lhs.goalLines == rhs.goalLines
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        for arm in arms {
            hasher.combine(arm.name)
            hasher.combine(arm.exposed)
            hasher.combine(arm.converted)
        }
        hasher.combine(crossedUnits)
        hasher.combine(lines)
    }
}
