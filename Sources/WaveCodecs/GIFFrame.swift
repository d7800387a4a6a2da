/// One GIF frame waiting to be written: its rectangle, palette indices and control data.
/// The disposal method and the delay stay open until the next frame is known.
struct GIFFrame {
    var rect: PixelRect
    var indices: [UInt8]
    /// nil: the frame uses the global colour table.
    var localPalette: GIFPalette?
    var transparentIndex: Int
    var minCodeSize: Int
    var delay: Int
    /// GIF disposal method: 1 = leave in place, 2 = restore to background (transparent).
    var disposal: UInt8 = 1

    /// Grows the rectangle to `newRect` (which must contain the old one); new pixels get
    /// the transparent index, so the frame still shows the same image.
    mutating func extend(to newRect: PixelRect) {
        guard newRect != rect else { return }
        var grown = [UInt8](repeating: UInt8(transparentIndex), count: newRect.area)
        let dx = rect.x - newRect.x, dy = rect.y - newRect.y
        for y in 0..<rect.height {
            let dst = (y + dy) * newRect.width + dx
            let src = y * rect.width
            grown.replaceSubrange(dst..<(dst + rect.width), with: indices[src..<(src + rect.width)])
        }
        rect = newRect
        indices = grown
    }

    /// Graphic control extension, image descriptor, optional local colour table and the
    /// LZW image data in sub-blocks.
    func serialize() -> [UInt8] {
        var out: [UInt8] = [0x21, 0xF9, 0x04]
        out.append(disposal << 2 | 1)  // transparent colour flag always set
        out.appendLE16(UInt16(delay))
        out.append(UInt8(truncatingIfNeeded: transparentIndex))
        out.append(0)
        out.append(0x2C)
        out.appendLE16(UInt16(rect.x))
        out.appendLE16(UInt16(rect.y))
        out.appendLE16(UInt16(rect.width))
        out.appendLE16(UInt16(rect.height))
        if let local = localPalette {
            out.append(0x80 | UInt8(local.tableBits - 1))
            out += local.tableBytes()
        } else {
            out.append(0)
        }
        out.append(UInt8(minCodeSize))
        let lzw = LZWEncoder.encode(indices, minCodeSize: minCodeSize)
        LZWEncoder.appendSubBlocks(lzw, to: &out)
        return out
    }

    /// GIF header, logical screen descriptor, global colour table and (unless the
    /// animation plays once) the NETSCAPE2.0 looping extension.
    static func header(width: Int, height: Int, global: GIFPalette, netscapeLoops: Int?) -> [UInt8] {
        var out = [UInt8]()
        out.appendASCII("GIF89a")
        out.appendLE16(UInt16(width))
        out.appendLE16(UInt16(height))
        out.append(0x80 | 0x70 | UInt8(global.tableBits - 1))  // GCT, 8-bit colour resolution
        out.append(UInt8(truncatingIfNeeded: global.transparentIndex))  // background index
        out.append(0)  // pixel aspect ratio: unspecified
        out += global.tableBytes()
        if let loops = netscapeLoops {
            out += [0x21, 0xFF, 0x0B]
            out.appendASCII("NETSCAPE2.0")
            out += [0x03, 0x01]
            out.appendLE16(UInt16(loops))
            out.append(0)
        }
        return out
    }
}
