extension PreviewPage {
    /// The page's style: system fonts only, light and dark from the browser's setting.
    static let style = """
    :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #f5f5f7; --panel: #ffffff; --line: #d2d2d7;
            --accent: #0a66d8; --error: #c62828; --warn: #9a6700; --marker: #e0711b; }
    @media (prefers-color-scheme: dark) {
      :root { --fg: #e8e8ed; --bg: #161618; --panel: #222226; --line: #3a3a40; --accent: #5aa2ff;
              --error: #ff6b6b; --warn: #e3b341; --marker: #ff9f43; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; font: 13px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
    header { display: flex; gap: 12px; align-items: center; padding: 8px 14px; border-bottom: 1px solid var(--line);
             background: var(--panel); }
    header #status { margin-left: auto; opacity: .75; font-variant-numeric: tabular-nums; }
    main { display: flex; gap: 14px; padding: 14px; align-items: flex-start; }
    #stage { flex: 1 1 auto; min-width: 0; }
    #canvas-box { overflow: auto; max-width: 100%; background:
                  repeating-conic-gradient(#8882 0% 25%, transparent 0% 50%) 0 0 / 16px 16px; display: inline-block;
                  border: 1px solid var(--line); }
    #frame { display: block; }
    #problems { margin-top: 10px; border: 1px solid var(--error); border-left-width: 5px; background: var(--panel);
                padding: 6px 10px; max-height: 40vh; overflow: auto; }
    #problems.warnings { border-color: var(--warn); }
    #problems pre { margin: 0; font: 12px/1.45 ui-monospace, monospace; white-space: pre-wrap; }
    #timeline { margin-top: 10px; background: var(--panel); border: 1px solid var(--line); padding: 8px 10px; }
    #controls { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
    #controls button { min-width: 34px; }
    #readout { margin-left: auto; font-variant-numeric: tabular-nums; }
    #scrub-box { position: relative; padding-bottom: 14px; margin-top: 6px; }
    #scrub { width: 100%; margin: 0; }
    #markers { position: absolute; left: 8px; right: 8px; bottom: 0; height: 12px; }
    #markers button { position: absolute; width: 9px; height: 12px; padding: 0; border: 0; margin-left: -4px;
                      background: var(--marker); clip-path: polygon(50% 0, 100% 100%, 0 100%); cursor: pointer; }
    #keys { opacity: .6; font-size: 11px; margin-top: 2px; }
    #inspector { flex: 0 0 380px; background: var(--panel); border: 1px solid var(--line); padding: 8px 10px;
                 max-height: calc(100vh - 80px); overflow: auto; }
    #inspector h2 { font-size: 13px; margin: 6px 0; }
    #inspect-tick { font-weight: normal; opacity: .7; }
    details { margin-left: calc(var(--depth, 0) * 14px); }
    summary { cursor: pointer; padding: 1px 0; }
    summary .kind, .spawned .kind { opacity: .6; }
    .spawned { margin: 1px 0 1px 14px; }
    table { border-collapse: collapse; width: 100%; margin: 2px 0 6px; font: 11.5px/1.35 ui-monospace, monospace; }
    td { border-top: 1px solid var(--line); padding: 1px 4px; height: 21px; vertical-align: top; word-break: break-all; }
    td:last-child { width: 22px; }
    td:first-child { width: 9.5em; word-break: normal; }
    tr.written td:first-child { font-weight: 600; }
    tr.gone { opacity: .5; }
    #plot-section { margin-top: 10px; max-width: 800px; }
    #plot-hint { opacity: .6; font-size: 11px; margin: 0; }
    #plot-box { position: relative; border: 1px solid var(--line); }
    #plot { width: 100%; background: #fff; display: block; }
    #plot-head { position: absolute; top: 0; bottom: 0; width: 0; border-left: 1px solid var(--error); pointer-events: none; }
    """
}
