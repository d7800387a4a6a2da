/// An asciicast v2 recording (asciinema's format): a JSON header line, then one JSON
/// array a line for each write to the terminal, `[seconds, "o", "text"]`.
///
/// Times are written with exactly six decimals from an integer count of microseconds, so
/// the same events give the same bytes on every machine; a tick n is at
/// round(n · 1 000 000 / 60) µs. Events are monotonic: one earlier than the last is
/// written at the last one's time.
public struct AsciicastEncoder: Sendable {
    public let columns: Int, rows: Int
    private var lastMicroseconds = 0

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The microsecond a tick starts at, `ticks` after the recording's start.
    public static func microseconds(ticks: Int) -> Int { (ticks * 1_000_000 + 30) / 60 }

    /// The header line. `TERM` tells players which escape codes to expect.
    public func header() -> [UInt8] {
        Array("{\"version\": 2, \"width\": \(columns), \"height\": \(rows), \"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": \"/bin/sh\"}}\n".utf8)
    }

    /// One output event at `microseconds` from the start.
    public mutating func event(_ bytes: [UInt8], microseconds: Int) -> [UInt8] {
        let t = max(lastMicroseconds, microseconds)
        lastMicroseconds = t
        let fraction = String(t % 1_000_000)
        var line = Array("[\(t / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction), \"o\", \"".utf8)
        AsciicastEncoder.appendEscaped(bytes, to: &line)
        line += Array("\"]\n".utf8)
        return line
    }

    /// `bytes` as the inside of a JSON string: quotes, backslashes and control characters
    /// escaped, UTF-8 kept (malformed sequences become U+FFFD, as JSON needs text).
    static func appendEscaped(_ bytes: [UInt8], to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": out += [0x5C, 0x22]
            case "\\": out += [0x5C, 0x5C]
            case "\n": out += [0x5C, 0x6E]
            case "\r": out += [0x5C, 0x72]
            case "\t": out += [0x5C, 0x74]
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let v = Int(scalar.value)
                out += Array("\\u00".utf8) + [hex[v >> 4], hex[v & 15]]
            default:
                out += Array(String(scalar).utf8)
            }
        }
    }
}

/// Records what a terminal sink writes as asciicast events, passing it on to `inner`
/// (nil: recording only). `now` says when each write happens, in microseconds from the
/// start: the tick's time for frames written without pacing, the wall clock for playback.
public final class AsciicastRecorder: ByteSink {
    private let inner: ByteSink?
    private var encoder: AsciicastEncoder
    private let output: RenderOutput
    private let sink: ([UInt8]) throws -> Void
    public var now: () -> Int
    public private(set) var recordFailure: Error?
    /// While set, writes reach `inner` but are not recorded (a shard's drawing of the tick
    /// before its own, which only brings the screen up to date).
    public var muted = false

    /// A recording into `output` (through `recording`, when given: a part counts its
    /// bytes), starting with the header line unless `header` is false (a later shard's part).
    public init(columns: Int, rows: Int, output: RenderOutput, header: Bool = true, recording: (([UInt8]) throws -> Void)? = nil,
                passingTo inner: ByteSink? = nil, now: @escaping () -> Int) {
        self.inner = inner
        self.output = output
        self.sink = recording ?? output.write
        self.now = now
        encoder = AsciicastEncoder(columns: columns, rows: rows)
        if header { record(encoder.header()) }
    }

    public func write(_ bytes: [UInt8]) {
        inner?.write(bytes)
        guard !bytes.isEmpty, !muted else { return }
        record(encoder.event(bytes, microseconds: now()))
    }

    /// A write that failed, of the terminal or of the recording.
    public var writeFailure: IOError? { inner?.writeFailure ?? recordFailure as? IOError }

    private func record(_ line: [UInt8]) {
        guard recordFailure == nil else { return }
        do { try sink(line) } catch { recordFailure = error }
    }

    /// Writes the recording into place.
    public func commit() throws {
        if let recordFailure { output.abort(); throw recordFailure }
        try output.commit()
    }

    public func abort() { output.abort() }
}

/// `wave render -o out.cast`: the terminal player's output for every tick of the range, as
/// an asciicast whose events fall at the ticks' exact times, and a last event (colours
/// reset, the cursor below the picture) at the range's end, so that the recording lasts
/// exactly as long as the range. Cell mode, colours, text mode and the grid's size come
/// from the options (as `wave play` takes them); there is no status row.
///
/// Each frame starts from a known cursor and colours (a cursor move and the colours in
/// full), so a frame's bytes depend only on it and the frame before; a shard's part
/// (`setup.part`) draws the tick before its own unrecorded and then writes exactly the
/// events the whole render writes for its ticks: the header only in the first part, the
/// ending only in the last. `wave join` concatenates them.
public final class CastSink: FrameSink {
    public let schedule: [TimedTick]
    private let cells: CellSink
    private let recorder: AsciicastRecorder
    private let output: RenderOutput
    private let ticks: Range<Int>, own: Range<Int>
    private let tally: AnimationSink.PartTally?

    public init(setup: SinkSetup) throws {
        let o = setup.options
        let columns = max(1, o.cellColumns), rows = max(1, o.cellRows)
        ticks = setup.ticks
        own = setup.part?.ticks ?? setup.ticks
        schedule = setup.part == nil ? setup.ticks.map(TimedTick.everyTick)
            : try FrameEncoder.plan(format: .cast, ticks: setup.ticks, part: own, options: o).schedule
        let output = try RenderOutput(setup.destination)
        self.output = output
        var recording: (([UInt8]) throws -> Void)?
        if let part = setup.part {
            try output.write(part.bytes)
            let tally = AnimationSink.PartTally()
            self.tally = tally
            recording = { bytes in
                tally.count += bytes.count
                tally.crc.update(bytes)
                try output.write(bytes)
            }
        } else {
            tally = nil
        }
        let clock = TickClock(start: setup.ticks.lowerBound)
        self.clock = clock
        recorder = AsciicastRecorder(columns: columns, rows: rows, output: output, header: own.lowerBound == ticks.lowerBound,
                                     recording: recording) { AsciicastEncoder.microseconds(ticks: clock.tick - clock.start) }
        cells = CellSink(renderer: CellRenderer(mode: o.cellMode, color: o.colorMode, textCells: o.textCells),
                         sceneWidth: setup.sceneWidth ?? setup.width, sceneHeight: setup.sceneHeight ?? setup.height,
                         columns: columns, rows: rows, pictureRows: CellSink.pictureRowsInFile(rows: rows), schedule: schedule, out: recorder)
    }

    /// The tick being written, for the recorder's clock.
    private final class TickClock: @unchecked Sendable {
        let start: Int
        var tick: Int
        init(start: Int) { self.start = start; tick = start }
    }
    private let clock: TickClock

    public var request: FrameRequest { cells.request }

    public func consume(_ frame: SinkFrame) throws {
        clock.tick = frame.time.tick
        recorder.muted = !own.contains(frame.time.tick)
        defer { recorder.muted = false }
        try cells.consume(frame)
        cells.forgetCursor()
        if let failure = recorder.writeFailure { throw failure }
    }

    public func finish() throws {
        clock.tick = ticks.upperBound
        if own.upperBound == ticks.upperBound { recorder.write(CellSink.fileEnding(rows: cells.rows)) }
        if let failure = recorder.writeFailure { recorder.abort(); throw failure }
        if let tally { try output.write(RenderPartHeader.endLine(length: tally.count, crc: tally.crc.value)) }
        try recorder.commit()
    }

    public func abort() { recorder.abort() }
}
