import WaveSinks

extension JoinJob {
    /// Joins the parts as `wave join` does: `wrote OUT (…)` on standard error unless
    /// `quiet`; parts that do not join are reported and end with 65, other failures with
    /// their own status.
    public func run(quiet: Bool) throws {
        Interrupts.install()
        do {
            let (header, count) = try run()
            if !quiet {
                Console.note("wrote \(output) (\(count) part\(count == 1 ? "" : "s"), ticks \(header.range.lowerBound)..\(header.range.upperBound), \(header.format.info.displayName), \(header.width)x\(header.height))")
            }
        } catch let e as PartError {
            Console.error(e.description)
            throw Exit.script
        } catch {
            throw Exit.report(error, source: nil)
        }
    }
}

extension StateFiles {
    /// `wave state`: compiles the script at `file`, steps it to `tick` and saves its state
    /// to `path`, noting the tick saved (where the script stops, if earlier) unless `quiet`.
    public static func save(script file: String, at tick: Int, to path: String, quiet: Bool) throws {
        let (program, source) = try ScriptLoader.compile(file)
        Interrupts.install()
        do {
            let saved = try save(program, source: source, at: tick, to: path)
            if !quiet { Console.note("wrote \(path) (tick \(saved)\(saved < tick ? ", where the script stops" : ""))") }
        } catch {
            throw Exit.report(error, source: source)
        }
    }
}
