// TrackGen explorer page: builds one control per knob from /api/schema, asks /api/batch for a new
// batch after every change (debounced), and draws the answer. No framework; plain DOM and SVG.
(function () {
  'use strict';
  var DEBOUNCE_MS = 250;
  var SVG = 'http://www.w3.org/2000/svg';
  var state = {
    schema: null,
    values: {},          // knob name -> value text, kept across generator switches
    seq: 0,              // sequence number of the latest request sent
    rendered: 0,         // sequence number of the batch on screen
    timer: null,
    client: 'page-' + Math.random().toString(36).slice(2) + Date.now().toString(36),
    // the per-start token of the server, from the URL it printed (?token=...); sent on every API call
    token: new URLSearchParams(window.location.search).get('token') || '',
    sent: {},            // the envs and seed boxes' text of the latest request
    view: 'tracks',      // 'tracks' or 'gates' (the Gates view: /api/gates)
    gateValues: {}       // gate knob name -> value text (apart: some share a track knob's name)
  };
  var TOKEN_HEADER = 'X-TrackGen-Token';
  var api = { batch: null, renders: 0, errors: 0, client: state.client };
  window.explorer = api;

  function $(id) { return document.getElementById(id); }

  function setStatus(text, cls) {
    var s = $('status');
    s.textContent = text;
    s.className = 'status' + (cls ? ' ' + cls : '');
  }

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) { Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); }); }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  function fmt(v, digits) {
    if (v === null || v === undefined || !isFinite(v)) { return '-'; }
    return Number(v).toFixed(digits);
  }

  // ---------------------------------------------------------------- controls

  function tooltip(k) {
    return k.description + '\nDefault: ' + k.default + '\nAllowed: ' + k.allowed + '\nType: ' + k.type;
  }

  function currentKnobs() {
    var s = state.schema;
    var gen = $('generator').value;
    return (s.generatorKnobs[gen] || []).concat(s.groups.pipeline, s.groups.relaxation, s.groups.elevation || []);
  }

  // The slider spans the allowed range when it is narrow. Otherwise it spans a window of a few times
  // the default: above the lower end when that end is near the default (or open), else centred on
  // the default (edgy: allowed +-1e6, default 0, the slider -1..1), so the default is never pinned at
  // an end. The text box beside it takes any allowed value.
  function sliderRange(k) {
    var d = parseFloat(k.default);
    if (!isFinite(d)) { d = 0; }
    var span = 4 * Math.max(Math.abs(d), k.type === 'int' ? 4 : 0.25);
    var min = k.min !== undefined ? k.min : -Infinity;
    var max = k.max !== undefined ? k.max : Infinity;
    if (max - min <= 2 * span) { return [min, max]; }
    var lo, hi;
    if (min === -Infinity) {
      lo = Math.min(0, d);
      hi = Math.max(lo, 0) + span;
    } else if (min >= d - span) {
      lo = min;
      hi = Math.max(lo, 0) + span;
    } else {
      lo = d - span;
      hi = d + span;
    }
    return [Math.max(lo, min), Math.min(hi, max)];
  }

  // Values the pipeline uses otherwise than typed: each rule gives a note (or null) from the values.
  // rad: the handle is min(rad * chord, handle_clamp_frac * shorter edge at the corner), and the
  // shorter edge is never longer than the chord, so any rad >= handle_clamp_frac gives the same tracks.
  var EFFECTIVE = {
    rad: function (v, knobs) {
      if (!knobs.handle_clamp_frac || v.style_sampling === 'true') { return null; }
      var rad = parseFloat(v.rad), clamp = parseFloat(v.handle_clamp_frac);
      if (!isFinite(rad) || !isFinite(clamp) || rad <= clamp) { return null; }
      return 'acts as rad = ' + clamp + ': each handle is clamped to handle_clamp_frac (' + clamp
        + ') of its corner\'s shorter edge, so every rad >= ' + clamp + ' gives the same tracks';
    }
  };

  function updateNotes() {
    var knobs = {};
    currentKnobs().forEach(function (k) { knobs[k.name] = k; });
    Object.keys(EFFECTIVE).forEach(function (name) {
      var note = $('note-' + name);
      if (!note) { return; }
      var text = knobs[name] ? EFFECTIVE[name](state.values, knobs) : null;
      note.textContent = text || '';
    });
  }

  // store: where the value lives (state.values, or state.gateValues for the Gates view);
  // prefix: of the element ids ('' or 'gates.'), so that a gate knob and a track knob of one name differ
  function knobControl(k, store, prefix) {
    store = store || state.values;
    prefix = prefix || '';
    var id = prefix + k.name;
    var wrap = el('div', { 'class': 'knob', 'data-knob': id });
    var label = el('label', { 'for': 'knob-' + id, title: tooltip(k) }, k.name);
    label.appendChild(el('span', { 'class': 'dflt' }, '(default ' + k.default + ')'));
    wrap.appendChild(label);
    var value = store[k.name] !== undefined ? store[k.name] : k.value;
    store[k.name] = value;
    var input;
    function changed(text) { store[k.name] = text; updateNotes(); schedule(); }
    if (k.type === 'bool') {
      input = el('input', { type: 'checkbox', id: 'knob-' + id, title: tooltip(k) });
      input.checked = value === 'true';
      input.addEventListener('change', function () { changed(input.checked ? 'true' : 'false'); });
      wrap.appendChild(input);
    } else if (k.type === 'choice') {
      input = el('select', { id: 'knob-' + id, title: tooltip(k) });
      k.choices.forEach(function (c) { input.appendChild(el('option', { value: c }, c)); });
      input.value = value;
      input.addEventListener('change', function () { changed(input.value); });
      wrap.appendChild(input);
    } else if (k.type === 'int' || k.type === 'float') {
      var row = el('div', { 'class': 'row' });
      var r = sliderRange(k);
      var step = k.type === 'int' ? 1 : Math.max((r[1] - r[0]) / 200, 1e-6);
      var slider = el('input', { type: 'range', id: 'knob-' + id + '-range', min: r[0], max: r[1], step: step, title: tooltip(k) });
      input = el('input', { type: 'text', id: 'knob-' + id, title: tooltip(k), inputmode: 'decimal' });
      input.value = value;
      if (value !== 'auto') { slider.value = value; }
      slider.addEventListener('input', function () {
        var v = k.type === 'int' ? String(Math.round(slider.value)) : String(Number(Number(slider.value).toPrecision(4)));
        input.value = v;
        if (auto) { auto.checked = false; input.disabled = false; }
        changed(v);
      });
      input.addEventListener('change', function () {
        if (isFinite(parseFloat(input.value))) { slider.value = input.value; }
        changed(input.value.trim());
      });
      row.appendChild(slider);
      row.appendChild(input);
      var auto = null;
      if (k.nullable) {
        var al = el('label', { 'class': 'auto' });
        auto = el('input', { type: 'checkbox', id: 'knob-' + id + '-auto' });
        auto.checked = value === 'auto';
        input.disabled = auto.checked;
        auto.addEventListener('change', function () {
          input.disabled = auto.checked;
          if (auto.checked) { changed('auto'); } else {
            if (input.value === 'auto') { input.value = slider.value; }
            changed(input.value);
          }
        });
        al.appendChild(auto);
        al.appendChild(document.createTextNode(' auto'));
        row.appendChild(al);
      }
      wrap.appendChild(row);
    } else {
      input = el('input', { type: 'text', id: 'knob-' + id, title: tooltip(k) });
      input.value = value;
      input.addEventListener('change', function () { changed(input.value.trim()); });
      wrap.appendChild(input);
    }
    wrap.appendChild(el('div', { 'class': 'note', id: 'note-' + id }));
    wrap.appendChild(el('div', { 'class': 'err', id: 'err-' + id }));
    return wrap;
  }

  function fillGroup(id, knobs, store, prefix) {
    var box = document.querySelector('#' + id + ' .knobs');
    box.textContent = '';
    knobs.forEach(function (k) { box.appendChild(knobControl(k, store, prefix)); });
  }

  function buildKnobs() {
    var s = state.schema;
    var gen = $('generator').value;
    $('generator-title').textContent = 'Generator: ' + gen;
    var own = s.generatorKnobs[gen] || [];
    fillGroup('group-generator', own);
    if (own.length === 0) {
      document.querySelector('#group-generator .knobs').appendChild(el('p', { 'class': 'caption' }, 'no knobs of its own'));
    }
    fillGroup('group-pipeline', s.groups.pipeline);
    fillGroup('group-relaxation', s.groups.relaxation);
    fillGroup('group-elevation', s.groups.elevation || []);
    fillGroup('group-gates', s.gateKnobs || [], state.gateValues, 'gates.');
    updateNotes();
  }

  // The Gates view: the same plan-view knobs, plus the gate knobs; batches from /api/gates
  function setView(view) {
    state.view = view;
    document.body.setAttribute('data-view', view);
    $('view-tracks').classList.toggle('on', view === 'tracks');
    $('view-gates').classList.toggle('on', view === 'gates');
    $('group-gates').hidden = view !== 'gates';
    $('download').disabled = view === 'gates';
    schedule();
  }

  // ---------------------------------------------------------------- requests

  function body() {
    var knobs = {};
    currentKnobs().forEach(function (k) { knobs[k.name] = state.values[k.name]; });
    state.sent = { envs: $('envs').value.trim(), seed: $('seed').value.trim() };
    var b = {
      client: state.client, seq: state.seq, generator: $('generator').value,
      envs: $('envs').value.trim(), seed: $('seed').value.trim(), knobs: knobs,
      raceline: $('raceline').checked
    };
    if (state.view === 'gates') { b.gates = Object.assign({}, state.gateValues); }
    return b;
  }

  function clearErrors() {
    Array.prototype.forEach.call(document.querySelectorAll('.err'), function (e) { e.textContent = ''; });
    Array.prototype.forEach.call(document.querySelectorAll('.knob.invalid'), function (e) { e.classList.remove('invalid'); });
  }

  function showError(control, message) {
    var target = control ? $('err-' + control) : null;
    if (!target) { target = $('err-page'); }
    target.textContent = message;
    var knob = target.closest('.knob');
    if (knob) { knob.classList.add('invalid'); }
    api.errors++;
  }

  function apiHeaders() {
    var h = { 'Content-Type': 'application/json' };
    h[TOKEN_HEADER] = state.token;
    return h;
  }

  function schedule() {
    if (state.timer) { clearTimeout(state.timer); }
    state.seq++;                                       // an answer to an earlier request is outdated now
    $('grid').classList.add('stale');
    setStatus('waiting for changes to settle...', 'busy');
    state.timer = setTimeout(function () { state.timer = null; regenerate(); }, DEBOUNCE_MS);
  }

  function regenerate() {
    state.seq++;
    var seq = state.seq;
    setStatus('generating...', 'busy');
    var gates = state.view === 'gates';
    fetch(gates ? 'api/gates' : 'api/batch', { method: 'POST', headers: apiHeaders(), body: JSON.stringify(body()) })
      .then(function (r) { return r.json().then(function (j) { return { status: r.status, json: j }; }); })
      .then(function (res) {
        if (seq !== state.seq) { return; }             // a newer request is on its way
        if (res.status === 200) {
          clearErrors();
          if (gates) { renderGates(res.json); } else { render(res.json); }
        } else if (res.status === 409) {
          return;                                      // superseded on the server by a newer one of ours
        } else if (res.status === 499) {
          return;                                      // cancelled: this page is no longer waiting for it
        } else if (res.status === 503) {
          setStatus(res.json.error + ' (retrying)', 'bad');
          setTimeout(function () { if (seq === state.seq) { regenerate(); } }, 1000);
        } else {
          clearErrors();
          showError(res.json.control, res.json.error);
          $('grid').classList.remove('stale');
          setStatus('not generated: ' + res.json.error, 'bad');
        }
      })
      .catch(function (e) {
        if (seq === state.seq) { setStatus('no answer from the server: ' + e, 'bad'); }
      });
  }

  // ---------------------------------------------------------------- drawing

  function render(b) {
    api.batch = b;
    api.renders++;
    state.rendered = b.seq;
    var m = b.metrics;
    $('m-yield').textContent = fmt(m.yield, 4);
    $('m-valid').textContent = m.valid + ' / ' + b.envs;
    $('m-compactness').textContent = fmt(m.meanCompactness, 3);
    $('m-length').textContent = fmt(m.meanLength, 2);
    $('m-chicanes').textContent = fmt(m.meanChicanes, 1);
    $('m-curvature').textContent = fmt(m.peakCurvature, 2);
    $('m-ms').textContent = fmt(m.msPerCall, 1);
    $('m-work').textContent = b.maxWork ? fmt(100 * b.work / b.maxWork, 1) + ' %' : '-';
    $('m-work').parentNode.title = 'Work estimate E * N_max * sweeps = ' + b.work + ' of the budget of '
      + b.maxWork + ' this server allows per batch (a batch over it is refused).';
    var lengths = [], comps = [];
    for (var e = 0; e < b.envs; e++) {
      if (b.valid[e]) {
        lengths.push(b.length[e]);
        if (b.compactness[e] !== null) { comps.push(b.compactness[e]); }
      }
    }
    histogram($('hist-length'), lengths, 2);
    histogram($('hist-compactness'), comps, 3);
    drawGrid(b);
    $('export-yaml').value = b.export.yaml;
    $('export-json').value = b.export.json;
    $('export-command').textContent = b.export.command;
    $('export-file-command').textContent = b.export.fileCommand;
    $('export-file-name').textContent = b.export.fileName;
    setStatus(b.generator + ' \u00b7 E = ' + b.envs + ' \u00b7 seeds ' + b.seed + '..' + (b.seed + b.envs - 1)
      + ' \u00b7 ' + b.runtime + ' \u00b7 ' + fmt(m.msPerCall, 1) + ' ms');
  }

  // ---------------------------------------------------------------- the Gates view

  function renderGates(b) {
    api.gates = b;
    api.renders++;
    state.rendered = b.seq;
    $('m-yield').textContent = fmt(b.yield, 4);
    $('m-valid').textContent = b.valid + ' / ' + b.envs;
    ['m-compactness', 'm-chicanes', 'm-curvature', 'm-work'].forEach(function (id) { $(id).textContent = '-'; });
    var lengths = [], counts = [];
    b.courses.forEach(function (c) { if (c.valid) { lengths.push(c.length); counts.push(c.count); } });
    $('m-length').textContent = lengths.length ? fmt(lengths.reduce(function (x, y) { return x + y; }, 0) / lengths.length, 2) : '-';
    $('m-ms').textContent = fmt(b.ms, 1);
    histogram($('hist-length'), lengths, 2);
    histogram($('hist-compactness'), counts, 0);
    var grid = $('grid');
    grid.textContent = '';
    grid.classList.remove('stale');
    b.courses.forEach(function (c) { grid.appendChild(gateTile(c)); });
    $('grid-caption').textContent = 'gates: first ' + b.courses.length + ' of ' + b.envs + ' courses; plan view (course '
      + 'line, gate bars, gate 0 green) above the elevation strip (course-line altitude against 3D arc length, gates '
      + 'as dots); red: invalid. Histograms: course length and gate count of valid courses.';
    grid.setAttribute('data-seq', String(b.seq));
    setStatus('gates on ' + b.generator + ' \u00b7 E = ' + b.envs + ' \u00b7 seeds ' + b.seed + '..' + (b.seed + b.envs - 1)
      + ' \u00b7 ' + fmt(b.ms, 1) + ' ms');
  }

  function gateTile(c) {
    var tile = el('div', { 'class': 'tile gates' + (c.valid ? '' : ' invalid'), 'data-env': c.env, 'data-valid': c.valid });
    var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    c.line.forEach(function (p) { minX = Math.min(minX, p[0]); maxX = Math.max(maxX, p[0]); minY = Math.min(minY, p[1]); maxY = Math.max(maxY, p[1]); });
    c.gates.forEach(function (g) {
      [[g[3], g[4]], [g[5], g[6]]].forEach(function (q) {
        minX = Math.min(minX, q[0]); maxX = Math.max(maxX, q[0]); minY = Math.min(minY, q[1]); maxY = Math.max(maxY, q[1]);
      });
    });
    var svg = svgEl('svg', {});
    if (c.line.length < 2) {
      svg.setAttribute('viewBox', '0 0 100 100');
      svg.appendChild(svgEl('text', { 'class': 'id', x: 3, y: 10, 'font-size': 9, 'stroke-width': 2.5 }, '#' + c.env));
      tile.appendChild(svg);
      return tile;
    }
    var size = Math.max(maxX - minX, maxY - minY) * 1.1 + 1e-6;
    var strip = 0.35 * size;                          // the elevation strip under the plan view
    var x0 = (minX + maxX) / 2 - size / 2, y0 = -(minY + maxY) / 2 - size / 2;
    svg.setAttribute('viewBox', x0 + ' ' + y0 + ' ' + size + ' ' + (size + strip));
    var w = size / 150;
    svg.appendChild(svgEl('polygon', { points: c.line.map(function (p) { return p[0] + ',' + (-p[1]); }).join(' '),
      fill: 'none', stroke: c.valid ? '#1e88e5' : '#e53935', 'stroke-width': w, 'stroke-opacity': 0.8 }));
    c.gates.forEach(function (g, k) {
      svg.appendChild(svgEl('line', { 'class': 'gate', x1: g[3], y1: -g[4], x2: g[5], y2: -g[6],
        stroke: k === 0 ? '#2e7d32' : '#ef6c00', 'stroke-width': 3 * w, 'stroke-linecap': 'round' }));
    });
    // elevation strip: z against s, scaled into [y0 + size, y0 + size + strip]
    var len = c.length || c.line[c.line.length - 1][3] || 1;
    var zMin = Infinity, zMax = -Infinity;
    c.line.forEach(function (p) { zMin = Math.min(zMin, p[2]); zMax = Math.max(zMax, p[2]); });
    var zs = zMax - zMin < 1e-9 ? 1 : zMax - zMin;
    var top = y0 + size + 0.1 * strip, h = 0.8 * strip;
    function sx(s) { return x0 + 0.02 * size + 0.96 * size * s / len; }
    function sy(z) { return zMax - zMin < 1e-9 ? top + h / 2 : top + h * (1 - (z - zMin) / zs); }
    svg.appendChild(svgEl('rect', { x: x0, y: y0 + size, width: size, height: strip, fill: '#f5f5f5' }));
    svg.appendChild(svgEl('polyline', { 'class': 'elevation', points: c.line.map(function (p) { return sx(p[3]) + ',' + sy(p[2]); }).join(' '),
      fill: 'none', stroke: '#1e88e5', 'stroke-width': w }));
    var perGate = c.gates.length ? c.line.length / c.gates.length : 1;
    c.gates.forEach(function (g, k) {
      var p = c.line[Math.round(k * perGate)] || c.line[0];
      svg.appendChild(svgEl('circle', { cx: sx(p[3]), cy: sy(g[2]), r: 2 * w, fill: k === 0 ? '#2e7d32' : '#ef6c00' }));
    });
    svg.appendChild(svgEl('text', { x: x0 + 0.02 * size, y: y0 + size + strip - 0.03 * strip, 'font-size': 0.06 * size, fill: '#555' },
      'z ' + fmt(zMin, 2) + '..' + fmt(zMax, 2)));
    svg.appendChild(svgEl('text', { 'class': 'id', x: x0 + 0.03 * size, y: y0 + 0.1 * size,
      'font-size': 0.09 * size, 'stroke-width': 0.025 * size }, '#' + c.env));
    tile.appendChild(svg);
    tile.title = 'env ' + c.env + (c.valid ? ' (valid)' : ' (INVALID)') + ', ' + c.count + ' gates, course length '
      + fmt(c.length, 3) + ', altitude ' + fmt(zMin, 2) + '..' + fmt(zMax, 2);
    return tile;
  }

  function histogram(svg, values, digits) {
    svg.textContent = '';
    var W = 320, H = 120, B = 20, top = 6, bottom = 100;
    if (values.length === 0) {
      svg.appendChild(svgEl('text', { x: 10, y: 60, 'font-size': 12 }, 'no valid tracks'));
      return;
    }
    var lo = Math.min.apply(null, values), hi = Math.max.apply(null, values);
    if (hi - lo < 1e-9) { hi = lo + 1e-6; }
    var counts = new Array(B).fill(0);
    values.forEach(function (v) { counts[Math.min(B - 1, Math.floor((v - lo) / (hi - lo) * B))]++; });
    var peak = Math.max.apply(null, counts);
    var bw = (W - 20) / B;
    counts.forEach(function (c, i) {
      var h = (bottom - top) * c / peak;
      var rect = svgEl('rect', { x: 10 + i * bw + 1, y: bottom - h, width: bw - 2, height: h, fill: '#546e7a' });
      rect.appendChild(svgEl('title', {}, c + ' tracks in [' + (lo + i * (hi - lo) / B).toFixed(digits) + ', '
        + (lo + (i + 1) * (hi - lo) / B).toFixed(digits) + ')'));
      svg.appendChild(rect);
    });
    svg.appendChild(svgEl('line', { x1: 10, y1: bottom, x2: W - 10, y2: bottom, stroke: '#999' }));
    svg.appendChild(svgEl('text', { x: 10, y: H - 6, 'font-size': 11 }, lo.toFixed(digits)));
    svg.appendChild(svgEl('text', { x: W - 10, y: H - 6, 'font-size': 11, 'text-anchor': 'end' }, hi.toFixed(digits)));
    svg.appendChild(svgEl('text', { x: W / 2, y: H - 6, 'font-size': 11, 'text-anchor': 'middle', fill: '#777' },
      values.length + ' tracks, peak ' + peak));
  }

  function svgEl(tag, attrs, text) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  // speed colour ramp of the racing-line layer: blue (slow) through green and yellow to red (fast)
  function speedColor(u) {
    return 'hsl(' + Math.round(240 * (1 - Math.min(Math.max(u, 0), 1))) + ',85%,50%)';
  }

  function drawRaceline(svg, r, env, hw) {
    var pts = r.shown[env], v = r.speed[env], n = pts.length / 2, span = r.speedMax - r.speedMin;
    for (var i = 0; i < n; i++) {
      var j = (i + 1) % n;
      if (v[i] === null) { continue; }
      svg.appendChild(svgEl('line', { 'class': 'raceline', x1: pts[2 * i], y1: -pts[2 * i + 1], x2: pts[2 * j],
        y2: -pts[2 * j + 1], stroke: speedColor(span > 0 ? (v[i] - r.speedMin) / span : 0.5),
        'stroke-width': hw / 4, 'stroke-linecap': 'round' }));
    }
  }

  function drawGrid(b) {
    var grid = $('grid');
    grid.textContent = '';
    grid.classList.remove('stale');
    var hw = b.halfWidth;
    b.shown.forEach(function (pts, env) {
      var valid = b.valid[env];
      var tile = el('div', { 'class': 'tile' + (valid ? '' : ' invalid'), 'data-env': env, 'data-valid': valid });
      var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, coords = [];
      for (var i = 0; i + 1 < pts.length; i += 2) {
        minX = Math.min(minX, pts[i]); maxX = Math.max(maxX, pts[i]);
        minY = Math.min(minY, pts[i + 1]); maxY = Math.max(maxY, pts[i + 1]);
        coords.push(pts[i] + ',' + (-pts[i + 1]));
      }
      var svg = svgEl('svg', {});
      if (coords.length >= 2) {
        var size = Math.max(maxX - minX, maxY - minY) + 2.5 * hw;
        var cx = (minX + maxX) / 2, cy = -(minY + maxY) / 2;
        svg.setAttribute('viewBox', (cx - size / 2) + ' ' + (cy - size / 2) + ' ' + size + ' ' + size);
        if (b.borders && b.borders[env]) {
          // varying width: the band between the two borders, as the tracks are
          var d = b.borders[env].map(function (ring) {
            var p = [];
            for (var k = 0; k + 1 < ring.length; k += 2) {
              p.push((k === 0 ? 'M' : 'L') + ring[k] + ',' + (-ring[k + 1]));
            }
            return p.join(' ') + ' Z';
          }).join(' ');
          svg.appendChild(svgEl('path', { d: d, 'fill-rule': 'evenodd', fill: valid ? '#455a64' : '#e53935',
            'fill-opacity': 0.85, stroke: 'none', 'class': 'band' }));
        } else {
          svg.appendChild(svgEl('polygon', { points: coords.join(' '), fill: 'none', stroke: valid ? '#455a64' : '#e53935',
            'stroke-width': 2 * hw, 'stroke-linejoin': 'round', 'stroke-opacity': 0.85 }));
        }
        svg.appendChild(svgEl('polygon', { points: coords.join(' '), fill: 'none', stroke: '#fff',
          'stroke-width': hw / 8, 'stroke-dasharray': hw / 2 + ' ' + hw / 2 }));
        if (b.raceline && b.raceline.shown[env]) { drawRaceline(svg, b.raceline, env, hw); }
        // the env label last, so that it is drawn on top of the road, with a white halo
        svg.appendChild(svgEl('text', { 'class': 'id', x: cx - size / 2 + 0.03 * size, y: cy - size / 2 + 0.1 * size,
          'font-size': 0.09 * size, 'stroke-width': 0.025 * size }, '#' + env));
      } else {
        svg.setAttribute('viewBox', '0 0 100 100');
        svg.appendChild(svgEl('text', { 'class': 'id', x: 3, y: 10, 'font-size': 9, 'stroke-width': 2.5 }, '#' + env));
      }
      tile.appendChild(svg);
      tile.addEventListener('mouseenter', function (ev) { showTip(ev, b, env); });
      tile.addEventListener('mousemove', moveTip);
      tile.addEventListener('mouseleave', function () { $('tooltip').hidden = true; });
      grid.appendChild(tile);
    });
    $('grid-caption').textContent = 'first ' + b.shown.length + ' of ' + b.envs + ' tracks (env ids; seed of env e = '
      + b.seed + ' + e); red: invalid. Hover a track for its figures.'
      + (b.raceline && b.raceline.speedMin !== null ? ' Racing line speed: blue ' + b.raceline.speedMin.toFixed(1)
        + ' m/s to red ' + b.raceline.speedMax.toFixed(1) + ' m/s.' : '');
    grid.setAttribute('data-seq', String(b.seq));
  }

  function showTip(ev, b, env) {
    var t = $('tooltip');
    var lines = ['env ' + env + ' (seed ' + (b.seed + env) + ')',
      b.valid[env] ? 'valid' : 'INVALID',
      'length ' + fmt(b.length[env], 3),
      'compactness ' + fmt(b.compactness[env], 3),
      'points ' + b.count[env] + ' of N_max ' + b.nMax];
    if (!b.valid[env]) { lines.push('why: ' + (b.reasons[String(env)] || 'unknown')); }
    t.textContent = lines.join('\n');
    t.style.whiteSpace = 'pre-line';
    t.hidden = false;
    moveTip(ev);
  }

  function moveTip(ev) {
    var t = $('tooltip');
    t.style.left = Math.min(ev.clientX + 14, window.innerWidth - 330) + 'px';
    t.style.top = (ev.clientY + 14) + 'px';
  }

  // ---------------------------------------------------------------- buttons

  function copyConfig() {
    $('export').hidden = false;
    var text = $('export-yaml').value;
    if (navigator.clipboard && text) {
      navigator.clipboard.writeText(text + '\n# ' + $('export-file-command').textContent + '\n').then(function () {
        setStatus('config copied to the clipboard (also shown below the buttons)');
      }, function () { setStatus('config shown below the buttons (the clipboard is not available)'); });
    }
  }

  function download() {
    var b = body();
    setStatus('generating the npz...', 'busy');
    fetch('api/npz', { method: 'POST', headers: apiHeaders(), body: JSON.stringify(b) })
      .then(function (r) {
        if (!r.ok) { return r.json().then(function (j) { throw new Error(j.error); }); }
        var name = 'tracks.npz';
        var cd = r.headers.get('Content-Disposition') || '';
        var m = /filename="([^"]+)"/.exec(cd);
        if (m) { name = m[1]; }
        return r.blob().then(function (blob) {
          var a = el('a', { href: URL.createObjectURL(blob), download: name });
          document.body.appendChild(a);
          a.click();
          a.remove();
          setStatus('downloaded ' + name);
        });
      })
      .catch(function (e) { showError(null, String(e.message || e)); setStatus('download failed', 'bad'); });
  }

  function reset() {
    state.values = {};
    var s = state.schema;
    currentKnobs().forEach(function (k) { state.values[k.name] = k.default; });
    state.gateValues = {};
    (s.gateKnobs || []).forEach(function (k) { state.gateValues[k.name] = k.default; });
    buildKnobs();
    schedule();
  }

  // ---------------------------------------------------------------- start

  fetch('api/schema').then(function (r) { return r.json(); }).then(function (s) {
    state.schema = s;
    var g = $('generator');
    s.generators.forEach(function (x) {
      g.appendChild(el('option', { value: x.name, title: x.source + (x.capturable ? '' : ' (not capturable)') }, x.name));
    });
    g.value = s.defaults.generator;
    $('envs').value = s.defaults.envs;
    $('envs').max = s.limits.maxEnvs;
    $('envs').title = 'Batch size E (at most ' + s.limits.maxEnvs + ' here).';
    $('seed').value = s.defaults.seed;
    buildKnobs();
    g.addEventListener('change', function () { buildKnobs(); schedule(); });
    // the batch boxes apply as they are typed in (debounced like every control), and at once on Enter
    ['envs', 'seed'].forEach(function (id) {
      var box = $(id);
      box.addEventListener('input', function () { if (box.value.trim() !== '') { schedule(); } });
      // leaving the box (or Enter, which some browsers also report as a change) asks again only for news
      box.addEventListener('change', function () { if (box.value.trim() !== state.sent[id]) { schedule(); } });
      box.addEventListener('keydown', function (ev) {
        if (ev.key === 'Enter') {
          ev.preventDefault();
          if (state.timer) { clearTimeout(state.timer); state.timer = null; }
          regenerate();
        }
      });
    });
    $('next-seeds').addEventListener('click', function () {
      var seed = parseInt($('seed').value, 10) || 0, envs = parseInt($('envs').value, 10) || 1;
      $('seed').value = seed + envs;
      schedule();
    });
    $('raceline').addEventListener('change', schedule);
    $('copy-config').addEventListener('click', copyConfig);
    $('download').addEventListener('click', download);
    $('reset').addEventListener('click', reset);
    $('view-tracks').addEventListener('click', function () { if (state.view !== 'tracks') { setView('tracks'); } });
    $('view-gates').addEventListener('click', function () { if (state.view !== 'gates') { setView('gates'); } });
    $('group-gates').hidden = true;
    if (!state.token) {
      showError(null, 'This page was opened without its token, so the server refuses its batches: '
        + 'open the URL that trackgen explore printed (it ends with ?token=...).');
      setStatus('no token in this page\'s address', 'bad');
      return;
    }
    regenerate();
  }).catch(function (e) { setStatus('could not load the knobs: ' + e, 'bad'); });
})();
