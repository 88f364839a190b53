import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into a call (e.g. `BatchRunner.cancel()`) instead of killing the
/// process, so a batch can stop cleanly: no partial files, a summary, exit status 130.
public final class SignalTrap {
    private let sources: [any DispatchSourceSignal]

    /// Starts trapping `signals`; `handler` runs on a background queue, once per delivery.
    public init(signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// Stops trapping and restores the default action.
    public func release() {
        for source in sources {
            source.cancel()
            signal(Int32(source.handle), SIG_DFL)
        }
    }
}
