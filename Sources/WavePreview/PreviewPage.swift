/// The preview's one page: HTML with its style and script inline, so it works with no
/// network at all (no CDN, no fonts, no other file fetched but the server's own answers).
///
/// The page draws the frames the server renders into a canvas at their own size (the scene
/// size times `--scale`), one request in flight at a time: while a frame is on its way the
/// playhead may move on, and the next request asks for wherever it is then, so a slow
/// connection shows fewer frames, never a backlog. The server's `/events` socket says when
/// a script changed; the page then reads `/info` and asks for the frame at the same tick.
public enum PreviewPage {
    public static let html = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>wave preview</title>
    <link rel="icon" href="data:,">
    <style>
    \(style)
    </style>
    </head>
    <body>
    <header>
      <strong>wave preview</strong>
      <select id="scripts" title="Scripts in this folder" hidden></select>
      <span id="name"></span>
      <span id="status" aria-live="polite"></span>
    </header>
    <main>
      <section id="stage">
        <div id="canvas-box"><canvas id="frame" width="0" height="0"></canvas></div>
        <div id="problems" hidden><pre id="problem-text"></pre></div>
        <div id="timeline">
          <div id="controls">
            <button id="back" title="One tick back (←; Shift+← ten)">◀︎</button>
            <button id="play" title="Play or pause (Space)">▶︎</button>
            <button id="forward" title="One tick on (→; Shift+→ ten)">▶︎|</button>
            <label>speed <select id="speed">
              <option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option>
              <option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option>
            </select></label>
            <label><input type="checkbox" id="loop" checked> loop</label>
            <span id="readout"></span>
          </div>
          <div id="scrub-box">
            <input type="range" id="scrub" min="0" max="0" step="1" value="0" aria-label="Tick">
            <div id="markers"></div>
          </div>
          <div id="keys">←/→ one tick · Shift ten · Space play · Home/End ends · [ ] previous/next marker</div>
        </div>
        <div id="plot-section">
          <p id="plot-hint">Tick the box beside a number, point or true/false value in the inspector to plot it over the timeline.</p>
          <div id="plot-box" hidden><img id="plot" alt="Chosen values over time"><div id="plot-head"></div></div>
        </div>
      </section>
      <aside id="inspector">
        <h2>Layers <span id="inspect-tick"></span></h2>
        <div id="tree"></div>
      </aside>
    </main>
    <script>
    \(script)
    </script>
    </body>
    </html>
    """
}
