/// Percent-driven control of an animation over wall-clock time, like `UIPercentDrivenInteractiveTransition`:
/// an interaction ``update(_:at:)``s the progress (the fraction of the animation's duration shown, each
/// track's curve still applied), then ``finish(speed:at:)``es it, ``cancel(speed:at:)``s it, or
/// ``release(speed:at:)``s it and lets progress and velocity decide, as a gesture handler does.
///
/// Between two updates the progress moves linearly (the finger moving); after the last update it holds until
/// the ending, then plays on at `speed` × the animation's own rate — to 1 when finishing, taking
/// `(1 − p) × duration / speed` seconds, back to 0 when cancelling, `p × duration / speed` — so a cancelled
/// interaction ends exactly on progress 0 (the `from` state) and a finished one exactly on 1.
///
/// Example: with a 0.4 s animation, `update(0.3, at: 0.2)`, `update(0.6, at: 0.4)`, `finish()` shows progress
/// 0.15 at 0.1 s, 0.45 at 0.3 s, 0.8 at 0.48 s and ends at 0.56 s on progress 1.
public struct TransitionTimeline: Sendable, Equatable {
    /// How an interaction ended.
    public enum Outcome: String, Sendable {
        /// Played on to the end (`to`).
        case finished
        /// Played back to the start (`from`).
        case cancelled
    }

    /// When a released interaction finishes (the seed's gesture handler: past 30% or flicked forward).
    public struct CompletionRule: Sendable, Equatable {
        /// Finish when the progress is above this (and the release is not a backward flick).
        public var progress: Double
        /// A release at least this fast (progress per second) forward finishes, backward cancels.
        public var velocity: Double

        /// Creates the rule (defaults: 0.3, and 2 animation lengths per second, about UIKit's 800 pt/s edge
        /// swipe across a phone-width screen).
        public init(progress: Double = 0.3, velocity: Double = 2) {
            self.progress = progress
            self.velocity = velocity
        }
    }

    /// The animation's duration in seconds: how fast finishing and cancelling play.
    public let duration: Double
    /// The rule ``release(speed:at:)`` applies.
    public var rule: CompletionRule
    /// The interaction so far: wall-clock seconds and progress, starting at (0, 0).
    public private(set) var keyframes: [(time: Double, progress: Double)] = [(0, 0)]
    /// How it ended, when it did: the outcome, when the playing on began, and its speed.
    public private(set) var ending: (outcome: Outcome, time: Double, speed: Double)?

    /// A timeline for an animation of `duration` seconds.
    public init(duration: Double, rule: CompletionRule = CompletionRule()) {
        self.duration = max(0, duration)
        self.rule = rule
    }

    /// The timeline of an animation simply played: finished at once, at speed 1.
    public static func playing(duration: Double) -> TransitionTimeline {
        var timeline = TransitionTimeline(duration: duration)
        timeline.ending = (.finished, 0, 1)
        return timeline
    }

    /// How the interaction ended, once it did.
    public var outcome: Outcome? { ending?.outcome }

    /// Shows `progress` (clamped to [0, 1]) at `time` seconds.
    /// - Throws: ``TransitionTimelineError`` when the timeline has ended or `time` is not after the last one.
    public mutating func update(_ progress: Double, at time: Double) throws(TransitionTimelineError) {
        guard ending == nil else { throw .ended }
        guard time.isFinite, progress.isFinite else { throw .notFinite }
        let last = keyframes[keyframes.count - 1]
        guard time > last.time else { throw .timeNotIncreasing(time: time, previous: last.time) }
        keyframes.append((time, min(max(progress, 0), 1)))
    }

    /// Plays on to the end at `speed`, from `time` (default: the last update's).
    public mutating func finish(speed: Double = 1, at time: Double? = nil) throws(TransitionTimelineError) {
        try end(.finished, speed: speed, at: time)
    }

    /// Plays back to the start at `speed`, from `time` (default: the last update's).
    public mutating func cancel(speed: Double = 1, at time: Double? = nil) throws(TransitionTimelineError) {
        try end(.cancelled, speed: speed, at: time)
    }

    /// Ends the interaction as a released gesture does: a forward flick (velocity ≥ the rule's) finishes, a
    /// backward one cancels, otherwise it finishes when the progress is above the rule's threshold.
    /// The velocity is the last update's: its change in progress over its time.
    @discardableResult
    public mutating func release(speed: Double = 1, at time: Double? = nil) throws(TransitionTimelineError)
        -> Outcome
    {
        let outcome: Outcome
        if velocity <= -rule.velocity {
            outcome = .cancelled
        } else {
            outcome = velocity >= rule.velocity || progressAtLastUpdate > rule.progress ? .finished : .cancelled
        }
        try end(outcome, speed: speed, at: time)
        return outcome
    }

    /// The progress per second of the last update (0 before any).
    public var velocity: Double {
        guard keyframes.count >= 2 else { return 0 }
        let a = keyframes[keyframes.count - 2]
        let b = keyframes[keyframes.count - 1]
        return (b.progress - a.progress) / (b.time - a.time)
    }

    private var progressAtLastUpdate: Double { keyframes[keyframes.count - 1].progress }

    private mutating func end(_ outcome: Outcome, speed: Double, at time: Double?) throws(TransitionTimelineError) {
        guard ending == nil else { throw .ended }
        guard speed.isFinite, speed > 0 else { throw .badSpeed(speed) }
        let last = keyframes[keyframes.count - 1].time
        let start = time ?? last
        guard start.isFinite, start >= last else { throw .timeNotIncreasing(time: start, previous: last) }
        ending = (outcome, start, speed)
    }

    /// When the animation comes to rest: the ending plus the time playing on takes (the last update's time
    /// while the interaction has not ended).
    public var endTime: Double {
        guard let ending else { return keyframes[keyframes.count - 1].time }
        let from = progressAtLastUpdate
        let remaining = ending.outcome == .finished ? 1 - from : from
        return ending.time + remaining * duration / ending.speed
    }

    /// The progress shown at `time` seconds (exactly 1 or 0 from ``endTime`` on, once ended).
    public func progress(at time: Double) -> Double {
        if let ending, time >= ending.time {
            if time >= endTime { return ending.outcome == .finished ? 1 : 0 }
            let played = duration > 0 ? (time - ending.time) * ending.speed / duration : 1
            let from = progressAtLastUpdate
            return ending.outcome == .finished ? min(1, from + played) : max(0, from - played)
        }
        guard let next = keyframes.firstIndex(where: { $0.time >= time }) else { return progressAtLastUpdate }
        if next == 0 { return keyframes[0].progress }
        let a = keyframes[next - 1]
        let b = keyframes[next]
        return a.progress + (b.progress - a.progress) * (time - a.time) / (b.time - a.time)
    }

    /// The times of the frames sampled at `fps`: evenly from 0 to ``endTime``, both included, at least two,
    /// `round(endTime × fps) + 1` of them.
    public func sampleTimes(fps: Double) -> [Double] {
        let end = endTime
        let count = max(2, Int((end * fps).rounded()) + 1)
        return (0..<count).map { index in index == count - 1 ? end : end * Double(index) / Double(count - 1) }
    }

    /// The progress of each frame sampled at `fps` (``sampleTimes(fps:)``): the first is the start's, and once
    /// the timeline has ended the last is exactly 1 (finished) or 0 (cancelled).
    public func sampledProgress(fps: Double) -> [Double] {
        let times = sampleTimes(fps: fps)
        return times.indices.map { index in
            if index == 0 { return keyframes[0].progress }
            if index == times.count - 1, let outcome { return outcome == .finished ? 1 : 0 }
            return progress(at: times[index])
        }
    }

    /// Two timelines are equal when their duration, rule, keyframes and ending are.
    public static func == (lhs: TransitionTimeline, rhs: TransitionTimeline) -> Bool {
        lhs.duration == rhs.duration && lhs.rule == rhs.rule
            && lhs.keyframes.map(\.time) == rhs.keyframes.map(\.time)
            && lhs.keyframes.map(\.progress) == rhs.keyframes.map(\.progress)
            && lhs.ending?.outcome == rhs.ending?.outcome && lhs.ending?.time == rhs.ending?.time
            && lhs.ending?.speed == rhs.ending?.speed
    }
}

/// A mistake in driving a ``TransitionTimeline``.
public enum TransitionTimelineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// finish, cancel or release came already, or an update came after it.
    case ended
    /// An update's time is not after the previous one's.
    case timeNotIncreasing(time: Double, previous: Double)
    /// A time or progress is NaN or infinite.
    case notFinite
    /// A speed that is not a positive number.
    case badSpeed(Double)

    /// One sentence.
    public var description: String {
        switch self {
        case .ended: "the interaction has already ended (finish, cancel or release comes last, once)"
        case .timeNotIncreasing(let time, let previous):
            "time \(time)s is not after the previous \(previous)s; times must increase"
        case .notFinite: "times and progresses must be finite numbers"
        case .badSpeed(let speed): "speed must be a positive number, got \(speed)"
        }
    }
}
