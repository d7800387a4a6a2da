import Foundation
import WaveCodecs
import WaveRuntime
import WaveSinks
import WaveSyntax

/// How a command ends: the exit status, once whatever went wrong has been reported. Exit
/// codes are part of the interface: 0 ok, 1 a check found differences (`fmt --check`,
/// `test`), 64 usage, 65 script error, 70 runtime error, 74 I/O error, 128 + N a signal.
public struct Exit: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: Int32
    public init(_ code: Int32) { self.code = code }

    public static let ok = Exit(0)
    public static let usage = Exit(64)
    public static let script = Exit(65)
    public static let runtime = Exit(70)
    public static let io = Exit(74)
    public static func signal(_ number: Int32) -> Exit { Exit(128 + number) }

    public var description: String { "exit \(code)" }

    /// The one mapping from failures to messages and exit codes: prints `error` (a runtime
    /// error as a located diagnostic in `source`) and returns its status. An interruption
    /// removes every pending temporary file first.
    public static func report(_ error: Error, source: SourceFile?) -> Exit {
        switch error {
        case let e as Exit:
            return e
        case let e as RuntimeError:
            if let source { Console.diagnostics([e.diagnostic], in: source) } else { Console.error(e.description) }
            return .runtime
        case let e as IOError:
            Console.error(e.message)
            return .io
        case let e as ScriptReadError:
            Console.report(e)
            return e.exit
        case let e as Interrupted:
            AtomicFile.removeAllPending()
            Console.error("\(e); no partial file was left")
            return .signal(e.signal)
        default:
            Console.error(message(error))
            return .runtime
        }
    }

    /// A failure in one line, for summaries.
    public static func message(_ error: Error) -> String {
        switch error {
        case let e as RuntimeError: return e.description
        case let e as IOError: return e.message
        case let e as CodecError: return "encoding failed: \(e.message)"
        case let e as ScriptReadError: return e.message
        default: return "\(error)"
        }
    }
}
