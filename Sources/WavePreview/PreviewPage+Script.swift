extension PreviewPage {
    /// The page's script. `window.wavePreview` exposes the state and `seek` for tests
    /// (scripts/preview-check drives the page through it and through real key presses).
    static let script = #"""
    'use strict';
    const $ = id => document.getElementById(id);
    const canvas = $('frame'), ctx = canvas.getContext('2d');
    const S = {
      script: '', info: null, tick: 0, playing: false, speed: 1, loop: true,
      shown: { script: '', tick: -1, version: -1 }, inflight: false, client: 0,
      playBase: null, props: new Set(), inspectAt: 0, inspectTimer: 0, runtimeError: '', open: new Set(),
    };
    const last = () => Math.max(0, (S.info ? S.info.durationTicks : 1) - 1);
    const q = s => encodeURIComponent(s);

    function el(tag, attrs, ...children) {
      const e = document.createElement(tag);
      for (const [k, v] of Object.entries(attrs || {})) {
        if (k === 'class') e.className = v; else if (k === 'style') e.style.cssText = v; else e.setAttribute(k, v);
      }
      for (const c of children) e.append(c);
      return e;
    }

    // ---- frames: one request in flight; the newest playhead wins ----
    function wantFrame() {
      if (S.inflight || !S.info || S.info.version === 0) return;
      const tick = S.tick, script = S.script;
      if (S.shown.script === script && S.shown.tick === tick && S.shown.version === S.info.version) return;
      S.inflight = true;
      fetch(`/frame?script=${q(script)}&tick=${tick}`).then(async r => {
        if (!r.ok) { S.runtimeError = await r.text(); S.shown = { script, tick, version: S.info.version }; showProblems(); return; }
        const version = +r.headers.get('X-Wave-Version');
        const bitmap = await createImageBitmap(await r.blob(), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
        if (script !== S.script) return;
        if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
          canvas.width = bitmap.width; canvas.height = bitmap.height;
        }
        ctx.clearRect(0, 0, canvas.width, canvas.height);
        ctx.drawImage(bitmap, 0, 0);
        S.shown = { script, tick, version };
        canvas.dataset.tick = tick; canvas.dataset.version = version; canvas.dataset.script = script;
        if (S.runtimeError) { S.runtimeError = ''; showProblems(); }
      }).catch(e => { setStatus('frame failed: ' + e); }).finally(() => { S.inflight = false; wantFrame(); });
    }

    // ---- the playhead ----
    function setTick(t, how) {
      S.tick = Math.max(0, Math.min(last(), Math.round(t)));
      $('scrub').value = S.tick;
      $('readout').textContent = `tick ${S.tick} / ${last()} · ${(S.tick / 60).toFixed(3)} s`;
      history.replaceState(null, '', `#script=${q(S.script)}&tick=${S.tick}`);
      wantFrame();
      scheduleInspect();
      if (how === 'user') tell();
    }
    function setPlaying(on, how) {
      S.playing = on;
      S.playBase = null;
      $('play').textContent = on ? '❚❚' : '▶︎';
      if (on && S.tick >= last() && !S.loop) setTick(0);
      if (how === 'user') tell();
      if (on) requestAnimationFrame(play);
    }
    function play(now) {
      if (!S.playing) return;
      if (!S.playBase) S.playBase = { now, tick: S.tick };
      let t = S.playBase.tick + Math.floor((now - S.playBase.now) / 1000 * 60 * S.speed);
      const n = last() + 1;
      if (t > last()) {
        if (S.loop) t = t % n; else { setTick(last()); setPlaying(false, 'user'); return; }
      }
      if (t !== S.tick) setTick(t);
      requestAnimationFrame(play);
    }
    function jumpMarker(dir) {
      const ticks = [...new Set((S.info ? S.info.markers : []).map(m => m.tick))].sort((a, b) => a - b);
      const next = dir > 0 ? ticks.find(t => t > S.tick) : ticks.reverse().find(t => t < S.tick);
      if (next !== undefined) { setPlaying(false); setTick(next, 'user'); }
    }

    // ---- the script: info, problems, markers ----
    async function loadInfo() {
      const r = await fetch(`/info?script=${q(S.script)}`);
      if (!r.ok) { setStatus(await r.text()); return; }
      const info = await r.json();
      const changed = !S.info || info.version !== S.info.version || info.script !== S.info.script;
      S.info = info;
      $('scrub').max = last();
      $('name').textContent = info.script;
      setStatus(info.version === 0 ? 'no version compiles yet' :
        `version ${info.version}${info.failed ? ' (last good; the file on disk has errors)' : ''} · ${info.width}×${info.height}` +
        (info.hasDuration ? '' : ' · no duration: 5 s shown'));
      showProblems();
      if (changed) { drawMarkers(); S.runtimeError = ''; setTick(S.tick); refreshPlot(); }
    }
    function showProblems() {
      const text = [S.info && S.info.diagnostics, S.runtimeError].filter(Boolean).join('\n');
      $('problems').hidden = !text;
      $('problems').className = S.info && !S.info.failed && !S.runtimeError ? 'warnings' : '';
      $('problem-text').textContent = text;
    }
    function drawMarkers() {
      const box = $('markers');
      box.replaceChildren();
      const span = Math.max(1, last());
      for (const m of S.info.markers) {
        const b = el('button', { title: `${m.kind} at tick ${m.tick} (${(m.tick / 60).toFixed(2)} s), line ${m.line}`,
                                 style: `left: ${(m.tick / span * 100).toFixed(3)}%` });
        b.dataset.tick = m.tick;
        b.addEventListener('click', () => { setPlaying(false); setTick(m.tick, 'user'); });
        box.append(b);
      }
    }
    function setStatus(text) { $('status').textContent = text; }

    // ---- inspector ----
    function scheduleInspect() {
      clearTimeout(S.inspectTimer);
      const wait = S.playing ? Math.max(0, 250 - (performance.now() - S.inspectAt)) : 30;
      S.inspectTimer = setTimeout(inspect, wait);
      movePlotHead();
    }
    async function inspect() {
      S.inspectAt = performance.now();
      if (!S.info || S.info.version === 0) return;
      const r = await fetch(`/inspect?script=${q(S.script)}&tick=${S.tick}`);
      if (!r.ok) { $('tree').textContent = await r.text(); return; }
      const snap = await r.json();
      $('inspect-tick').textContent = `at tick ${snap.tick}${snap.stopped ? ` (stopped at ${snap.runtimeTick})` : ''} · ${snap.liveLayers} live`;
      const tree = $('tree');
      const nodes = [];
      if (snap.globals.length) nodes.push(section('variables', '', 0, snap.globals, ''));
      for (const l of snap.layers) {
        const label = `${l.name}${l.copies ? `[${l.copies}]` : ''}`;
        nodes.push(section(label, l.kind, l.depth, l.properties, l.copies ? `${l.name}[0].` : `${l.name}.`));
      }
      for (const [name, count] of Object.entries(snap.spawned).sort()) {
        nodes.push(el('p', { class: 'spawned' }, `${name} `, el('span', { class: 'kind' }, `template · ${count} alive`)));
      }
      tree.replaceChildren(...nodes);
    }
    function section(label, kind, depth, entries, prefix) {
      const d = el('details', { style: `--depth: ${depth}` });
      if (S.open.has(label)) d.open = true;
      d.addEventListener('toggle', () => { d.open ? S.open.add(label) : S.open.delete(label); });
      d.append(el('summary', {}, label + ' ', el('span', { class: 'kind' }, kind || '')));
      if (!entries) { d.append(el('p', {}, 'not alive at this tick')); return d; }
      const table = el('table');
      for (const e of entries) {
        const id = prefix + e.name;
        const cell = el('td');
        if (e.plottable) {
          const box = el('input', { type: 'checkbox', title: 'plot ' + id });
          box.checked = S.props.has(id);
          box.addEventListener('change', () => { box.checked ? S.props.add(id) : S.props.delete(id); refreshPlot(); });
          cell.append(box);
        }
        table.append(el('tr', { class: e.written ? 'written' : '' }, el('td', {}, e.name), el('td', {}, e.value), cell));
      }
      d.append(table);
      return d;
    }
    function refreshPlot() {
      const props = [...S.props];
      $('plot-box').hidden = !props.length;
      $('plot-hint').hidden = !!props.length;
      if (!props.length || !S.info) return;
      $('plot').src = `/plot?script=${q(S.script)}&v=${S.info.version}&` + props.map(p => 'prop=' + q(p)).join('&');
      movePlotHead();
    }
    function movePlotHead() {
      // TracePlot's layout: 800 px wide, the plot area from 70 to 610.
      const img = $('plot'), k = img.clientWidth / 800;
      $('plot-head').style.left = ((70 + 540 * S.tick / Math.max(1, last())) * k) + 'px';
    }

    // ---- other tabs ----
    let socket = null;
    function connect() {
      socket = new WebSocket(`ws://${location.host}/events`);
      socket.onmessage = ev => {
        const m = JSON.parse(ev.data);
        if (m.type === 'hello') S.client = m.client;
        else if (m.type === 'changed' && m.script === S.script) loadInfo();
        else if (m.type === 'seek' && m.script === S.script) {
          S.playing = false; setTick(m.tick); if (m.playing) setPlaying(true);
          $('play').textContent = m.playing ? '❚❚' : '▶︎';
        }
      };
      socket.onclose = () => { setStatus('disconnected: is wave preview still running?'); setTimeout(connect, 1000); };
      socket.onopen = () => { if (S.info) loadInfo(); };
    }
    function tell() {
      if (socket && socket.readyState === 1) socket.send(JSON.stringify({ type: 'seek', script: S.script, tick: S.tick, playing: S.playing }));
    }

    // ---- wiring ----
    $('scrub').addEventListener('input', () => { setPlaying(false); setTick(+$('scrub').value, 'user'); });
    $('play').addEventListener('click', () => setPlaying(!S.playing, 'user'));
    $('back').addEventListener('click', () => { setPlaying(false); setTick(S.tick - 1, 'user'); });
    $('forward').addEventListener('click', () => { setPlaying(false); setTick(S.tick + 1, 'user'); });
    $('speed').addEventListener('change', () => { S.speed = +$('speed').value; S.playBase = null; });
    $('loop').addEventListener('change', () => { S.loop = $('loop').checked; });
    $('plot').addEventListener('load', movePlotHead);
    document.addEventListener('keydown', e => {
      if (e.target.tagName === 'SELECT' || e.altKey || e.ctrlKey || e.metaKey) return;
      const step = e.shiftKey ? 10 : 1;
      const keys = {
        ArrowLeft: () => { setPlaying(false); setTick(S.tick - step, 'user'); },
        ArrowRight: () => { setPlaying(false); setTick(S.tick + step, 'user'); },
        ' ': () => setPlaying(!S.playing, 'user'),
        Home: () => { setPlaying(false); setTick(0, 'user'); },
        End: () => { setPlaying(false); setTick(last(), 'user'); },
        '[': () => jumpMarker(-1), ']': () => jumpMarker(1),
      };
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    }, true);
    $('scripts').addEventListener('change', () => open($('scripts').value, 0));

    async function open(script, tick) {
      S.script = script; S.info = null; S.shown = { script: '', tick: -1, version: -1 };
      S.props.clear(); S.open.clear(); S.runtimeError = ''; setPlaying(false);
      $('scripts').value = script;
      S.tick = tick;
      await loadInfo();
      setTick(tick);
    }
    async function start() {
      const names = await (await fetch('/scripts')).json();
      const sel = $('scripts');
      for (const n of names) sel.append(el('option', { value: n }, n));
      sel.hidden = names.length < 2;
      const hash = new URLSearchParams(location.hash.slice(1));
      const wanted = names.includes(hash.get('script')) ? hash.get('script') : names[0];
      connect();
      await open(wanted, +(hash.get('tick') || 0));
    }
    window.wavePreview = {
      get state() {
        return { script: S.script, tick: S.tick, playing: S.playing, shown: { ...S.shown },
                 version: S.info ? S.info.version : 0, failed: S.info ? S.info.failed : false,
                 problems: $('problem-text').textContent, last: last(), client: S.client };
      },
      seek: t => { setPlaying(false); setTick(t, 'user'); },
      open, plot: p => { S.props.add(p); refreshPlot(); },
    };
    start();
    """#
}
