import WaveGeometry
/// Reusable scratch memory for offscreen layers and mask coverage, handed out last in,
/// first out.
///
/// Groups nest, so their buffers live and die in stack order: `allocate` bumps a pointer,
/// `reset(to:)` pops everything allocated after a mark. Blocks are kept for the next render,
/// so a renderer that draws the same kind of frame over and over stops allocating after the
/// first one. Memory is handed out uninitialized; callers clear what they read.
///
/// Not thread-safe: one arena belongs to one render at a time (see `RasterScratch`).
package final class ScratchArena {
    package struct Mark {
        fileprivate let block: Int
        fileprivate let offset: Int
    }

    private var blocks: [(base: UnsafeMutableRawPointer, size: Int)] = []
    private var block = 0
    private var offset = 0
    static let minimumBlock = 1 << 20
    static let alignment = 64

    package var mark: Mark { Mark(block: block, offset: offset) }

    /// Bytes held in blocks (for tests and the scratch pool's bound).
    var capacity: Int { blocks.reduce(0) { $0 + $1.size } }

    /// `bytes` (≥ 0) uninitialized bytes, 64-byte aligned, valid until a reset to a mark
    /// taken before this call.
    package func allocate(_ bytes: Int) -> UnsafeMutableRawPointer {
        let size = (Swift.max(bytes, 1) + Self.alignment - 1) & ~(Self.alignment - 1)
        while block < blocks.count {
            if offset + size <= blocks[block].size {
                let p = blocks[block].base + offset
                offset += size
                return p
            }
            block += 1
            offset = 0
        }
        let blockSize = Swift.max(size, Self.minimumBlock)
        let base = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: Self.alignment)
        blocks.append((base, blockSize))
        block = blocks.count - 1
        offset = size
        return base
    }

    /// Typed convenience: `count` uninitialized values of a trivial type.
    package func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        allocate(count * MemoryLayout<T>.stride).bindMemory(to: T.self, capacity: Swift.max(count, 1))
    }

    /// Frees (for reuse) everything allocated since `mark` was taken.
    package func reset(to mark: Mark) {
        block = mark.block
        offset = mark.offset
    }

    deinit {
        for b in blocks { b.base.deallocate() }
    }
}
