import WaveGeometry
import WaveGraphics
import WaveRuntime
import WaveSinks

extension CellRenderer {
    /// A grid of `columns` × `rows` cells showing the runtime's current frame, the picture
    /// in the top `pictureRows` rows (default: all). The frame is built as this renderer
    /// requests for that layout.
    public func grid(for runtime: SceneRuntime, columns: Int, rows: Int, pictureRows: Int? = nil) throws -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        let layout = self.layout(sceneWidth: runtime.scene.width, sceneHeight: runtime.scene.height,
                                 columns: grid.columns, rows: min(pictureRows ?? rows, grid.rows))
        let (frame, runs) = try runtime.frame(for: request(for: layout))
        draw(frame, textRuns: runs, layout: layout, backdrop: backdrop(frame.background), into: &grid)
        return grid
    }
}
