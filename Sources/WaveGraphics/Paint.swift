import WaveGeometry
/// What a fill puts inside its coverage. Geometry of gradients is in device space.
///
/// Gradients:
/// - Stops keep their order; a location below an earlier one is raised to it (CSS), so equal
///   locations make a hard edge. Locations outside 0...1 are kept (the ramp reaches them,
///   up to `GradientRamp.reach`, so pixels past 0 or 1 show them). Before the first / after the last stop the end colours extend (pad). No stops
///   paints nothing; one stop paints that colour.
/// - Colours are interpolated in straight (non-premultiplied) sRGB-encoded components, then
///   premultiplied by the interpolated alpha times the fill opacity.
/// - The ramp is sampled into 1024 entries kept with 8 fractional bits per channel; each
///   pixel adds a fixed 8×8 Bayer threshold (indexed by device x mod 8, y mod 8) before
///   truncating to 8 bits, which breaks up banding deterministically (±1 per channel).
/// - Linear: t is the projection of the pixel centre onto start → end (0 at start, 1 at end).
///   A zero-length or non-finite vector paints the last stop colour (as SVG does).
/// - Radial: t = distance from the pixel centre to `center` / `radius`. A non-positive or
///   non-finite radius paints the last stop colour.
/// - Conic (a sweep, CSS `conic-gradient`, CAGradientLayer's `.conic`): t is the angle of
///   the pixel centre around `center`, measured clockwise on screen from `angle` (radians,
///   0 pointing up, −y), as a fraction of a full turn in [0, 1): t = ((θ − angle) / 2π) mod 1
///   with θ = atan2(x − cx, −(y − cy)). The first and last stops meet along the start ray.
///   A non-finite centre or angle paints the last stop colour.
/// - Projected (a layer seen in perspective): the paint is laid out in the plane's own
///   coordinates and each pixel centre shows it at the plane point the projection puts
///   there, `plane`⁻¹(pixel centre), evaluated per pixel (as CSS and Core Animation map a
///   layer's content), so a gradient's colours and an image's pixels foreshorten with the
///   layer. A conic sweep
///   seen from behind still runs clockwise on screen, as under a mirroring scale.
public enum Paint: Equatable, Sendable {
    case solid(Color)
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
    case radialGradient(center: Point, radius: Double, stops: [GradientStop])
    /// An image, sampled bilinearly (`ImageBlitter`); `toImage` maps device coordinates to the
    /// image's pixel coordinates (pixel (i, j) spans [i, i + 1) × [j, j + 1)). An image paint
    /// ignores the fill opacity but for scaling its alpha, like a solid colour.
    case image(RasterImage, toImage: Transform)
    case conicGradient(center: Point, angle: Double, stops: [GradientStop])
    /// `paint` in the coordinates of a plane that `plane` maps onto the device. `centre` (in
    /// the plane's coordinates) is where writers that cannot draw a projection (SVG, Lottie)
    /// take its tangent instead (`Paint.tangentApproximation`). Gradients and images are
    /// mapped per pixel; a solid colour is the same either way.
    indirect case projected(Paint, plane: Homography, centre: Point)
}
