extension TransitionTimeline {
    /// Builds a timeline from an interaction script — what `galley animate --interaction` takes:
    /// comma-separated steps, `TIME:PROGRESS` updates (`0.2s:0.3`, `150ms:0.25`), then exactly one ending,
    /// last: `finish`, `cancel` or `release` (the rule decides), each optionally `:SPEED` (`finish:2`) and
    /// optionally after a time (`0.6s:cancel`, else it begins at the last update's time).
    ///
    /// Example: `"0.2s:0.3, 0.4s:0.6, finish"`.
    /// - Throws: ``TransitionTimelineScriptError`` naming the step and what to write instead.
    public init(script: String, duration: Double, rule: CompletionRule = CompletionRule())
        throws(TransitionTimelineScriptError)
    {
        self.init(duration: duration, rule: rule)
        let steps = script.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> TransitionTimelineScriptError {
                TransitionTimelineScriptError(step: index + 1, text: step, message: message)
            }
            if ending != nil { throw fail("nothing may follow finish, cancel or release") }
            var parts = step.split(separator: ":", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            var time: Double?
            if let first = parts.first, let seconds = Self.seconds(first) {
                time = seconds
                parts.removeFirst()
            }
            guard let word = parts.first, !word.isEmpty else {
                throw fail("expected TIME:PROGRESS (0.2s:0.3) or finish, cancel, release")
            }
            do {
                if let progress = Double(word) {
                    guard let time, parts.count == 1 else { throw fail("an update is TIME:PROGRESS, e.g. 0.2s:0.3") }
                    guard (0...1).contains(progress) else { throw fail("progress must be in [0, 1]") }
                    try update(progress, at: time)
                    continue
                }
                guard parts.count <= 2 else { throw fail("too many ':' parts") }
                var speed = 1.0
                if parts.count == 2 {
                    guard let value = Double(parts[1]), value.isFinite, value > 0 else {
                        throw fail("the speed after \(word): must be a positive number")
                    }
                    speed = value
                }
                switch word {
                case "finish": try finish(speed: speed, at: time)
                case "cancel": try cancel(speed: speed, at: time)
                case "release": try release(speed: speed, at: time)
                default: throw fail("unknown step '\(word)' (use TIME:PROGRESS, finish, cancel or release)")
                }
            } catch let error as TransitionTimelineScriptError {
                throw error
            } catch let error as TransitionTimelineError {
                throw fail(error.description)
            } catch {
                throw fail("\(error)")
            }
        }
        if ending == nil {
            throw TransitionTimelineScriptError(
                step: steps.count, text: script, message: "end with finish, cancel or release")
        }
    }

    /// `0.2s`, `0.2` is not a time (it is a progress); `150ms`.
    private static func seconds(_ text: String) -> Double? {
        if text.hasSuffix("ms"), let value = Double(text.dropLast(2)), value.isFinite, value >= 0 {
            return value / 1000
        }
        if text.hasSuffix("s"), let value = Double(text.dropLast()), value.isFinite, value >= 0 { return value }
        return nil
    }
}

/// A step of an interaction script that cannot be read.
public struct TransitionTimelineScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The step's number, from 1.
    public var step: Int
    /// The step as written.
    public var text: String
    /// What is wrong and what to write.
    public var message: String

    /// `interaction step 2 ("0.1s:0.6"): …`.
    public var description: String { "interaction step \(step) (\"\(text)\"): \(message)" }
}
