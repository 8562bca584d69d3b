// The search studio's page: pick a position and searchers, draw the trees they walked, step
// through them, and play against searcher A. Vanilla ES2020, no dependencies; the JSON API it
// talks to is described in studio/src/API.md.
'use strict';

// ============================================================================================
// Small helpers
// ============================================================================================

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

/** Escapes text for HTML and SVG markup. */
function esc(text) {
  return String(text ?? '').replace(/[&<>"']/g, (c) => (
    { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

/** Creates an element with attributes (`text` sets its text) and children. */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

function intValue(input, fallback) {
  const v = parseInt(input.value, 10);
  return Number.isFinite(v) ? v : fallback;
}

function fmtNumber(v, digits = 0) {
  if (v === null || v === undefined) return '–';
  if (typeof v !== 'number') return String(v);
  return digits ? v.toFixed(digits) : v.toLocaleString('en-US');
}

// ============================================================================================
// The API: every answer is JSON, every error a 4xx with {"error": "..."}
// ============================================================================================

const REQUEST_TIMEOUT_MS = 180000;

/** GET (no body) or POST (a body) `path`; throws an Error with a message for a person. */
async function api(path, body) {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), REQUEST_TIMEOUT_MS);
  const init = { signal: ctrl.signal };
  if (body !== undefined) {
    init.method = 'POST';
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let res;
  let data = null;
  try {
    res = await fetch(path, init);
    try { data = await res.json(); } catch (_) { data = null; }
  } catch (e) {
    throw new Error(e.name === 'AbortError'
      ? `the server did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`
      : `cannot reach the server (${e.message})`);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) throw new Error((data && data.error) || `the server answered HTTP ${res.status}`);
  if (data === null) throw new Error('the server sent no JSON');
  showError(null);
  return data;
}

function showError(message) {
  const box = $('#error');
  box.textContent = message || '';
  box.hidden = !message;
}

function showNotes(notes) {
  const box = $('#notes');
  box.replaceChildren(...(notes || []).map((n) => el('div', { text: n })));
  box.hidden = !(notes && notes.length);
}

// ============================================================================================
// State
// ============================================================================================

const S = {
  catalog: null,     // GET /api/catalog
  game: null,        // the chosen game's catalog entry
  moves: [],         // moves played since the start text
  position: null,    // the last /api/position answer
  positionSeq: 0,    // ignores stale position answers
  chessFrom: null,   // chess: the selected from-square
  replying: false,   // waiting for /api/move
  views: [],         // one TreeView per result panel
  step: { k: 0, n: 0, active: false, timer: null },
};

const searcherDef = (id) => S.catalog.searchers.find((s) => s.id === id);

// ============================================================================================
// The form: game, start text, params, depth, searchers
// ============================================================================================

function fillForm() {
  const { games, searchers, limits } = S.catalog;
  $('#game').replaceChildren(...games.map((g) => el('option', { value: g.id, text: g.name })));
  $('#depth').max = limits.max_depth;
  $('#max-nodes').max = limits.max_search_nodes;
  $('#max-nodes').placeholder = String(limits.max_search_nodes);
  for (const slot of ['a', 'b']) {
    const options = searchers.map((s) => el('option', { value: s.id, text: s.name }));
    if (slot === 'b') options.unshift(el('option', { value: '', text: '(none)' }));
    const select = $(`#searcher-${slot}`);
    select.replaceChildren(...options);
    const engine = searchers.find((s) => s.options.includes('config'));
    if (engine) {
      $(`#config-${slot}`).value = engine.default_config || '';
      const box = $(`.searcher[data-slot="${slot}"] .presets`);
      box.replaceChildren(...Object.entries(engine.presets || {}).map(([name, config]) =>
        el('button', {
          class: 'preset', type: 'button', title: config, text: name, 'data-config': config,
          onclick: () => { $(`#config-${slot}`).value = config; },
        })));
    }
    const mcts = searchers.find((s) => s.options.includes('iterations'));
    const iter = $(`#iterations-${slot}`);
    iter.max = limits.max_iterations;
    iter.value = (mcts && mcts.default_iterations) || 300;
    select.addEventListener('change', () => updateSearcherOptions(slot));
  }
  const has = (id) => searchers.some((s) => s.id === id);
  if (has('minimax')) $('#searcher-a').value = 'minimax';
  if (has('alphabeta-minimax')) $('#searcher-b').value = 'alphabeta-minimax';
  updateSearcherOptions('a');
  updateSearcherOptions('b');
  selectGame(games[0].id);
}

/** Shows the config / iterations inputs the chosen searcher takes. */
function updateSearcherOptions(slot) {
  const def = searcherDef($(`#searcher-${slot}`).value);
  const options = def ? def.options : [];
  const card = $(`.searcher[data-slot="${slot}"]`);
  $('.opt-config', card).hidden = !options.includes('config');
  $('.opt-iterations', card).hidden = !options.includes('iterations');
}

/** Switches to a game: its start text, params and depth, a fresh move list. */
function selectGame(id) {
  const game = S.catalog.games.find((g) => g.id === id);
  S.game = game;
  $('#game').value = id;
  $('#start').value = game.default_start || '';
  $('#start-label').textContent = game.start_label || 'Start';
  $('#start-field').hidden = !game.start_label && !game.default_start;
  $('#depth').value = game.default_depth || 3;
  $('#params').replaceChildren(...(game.params || []).map((p) => el('label', { class: 'field inline' },
    document.createTextNode(p.name.replace(/_/g, ' ')),
    el('input', {
      id: `param-${p.name}`, type: 'number', min: p.min, max: p.max, value: p.default,
      'data-param': p.name, onchange: () => resetGame(),
    }))));
  // Trees of another game's search would mislead: the panels start empty.
  if (S.views.length) renderResults([]);
  resetGame();
}

/** The position part of every request. */
function positionSpec() {
  const spec = { game: S.game.id, start: $('#start').value.trim(), moves: S.moves.slice() };
  if (S.game.params && S.game.params.length) {
    spec.params = {};
    for (const p of S.game.params) spec.params[p.name] = intValue($(`#param-${p.name}`), p.default);
  }
  return spec;
}

/** The searcher in slot `a` or `b`, or null for none. */
function searcherSpec(slot) {
  const kind = $(`#searcher-${slot}`).value;
  if (!kind) return null;
  const def = searcherDef(kind);
  const spec = { kind };
  if (def && def.options.includes('config')) spec.config = $(`#config-${slot}`).value.trim();
  if (def && def.options.includes('iterations')) {
    spec.iterations = intValue($(`#iterations-${slot}`), def.default_iterations || 300);
  }
  return spec;
}

const depthValue = () => intValue($('#depth'), (S.game && S.game.default_depth) || 3);

/** The optional limits of the form: `max_nodes` and `time_ms`, only when filled in. */
function limitsSpec() {
  const spec = {};
  const nodes = intValue($('#max-nodes'), null);
  const ms = intValue($('#time-ms'), null);
  if (nodes !== null) spec.max_nodes = nodes;
  if (ms !== null) spec.time_ms = ms;
  return spec;
}

// ============================================================================================
// Search: run the searchers, draw one panel per result
// ============================================================================================

async function runSearch() {
  stopPlaying();
  const request = {
    ...positionSpec(),
    depth: depthValue(),
    searchers: [searcherSpec('a'), searcherSpec('b')].filter(Boolean),
    ...limitsSpec(),
  };
  const button = $('#search');
  button.disabled = true;
  $('#busy').hidden = false;
  try {
    const data = await api('/api/search', request);
    showNotes(data.notes);
    if (data.position && S.game.playable) renderPosition(data.position);
    renderResults(data.results || []);
  } catch (e) {
    showError(e.message);
    // No earlier trees beside the message: they belong to another request.
    renderResults([]);
  } finally {
    button.disabled = false;
    $('#busy').hidden = true;
  }
}

const STATS = [
  ['nodes', 'nodes', 0], ['interior', 'interior', 0], ['leaves', 'leaves', 0],
  ['cutoffs', 'cutoffs', 0], ['branching', 'branching', 2], ['tt_hits', 'TT hits', 0],
  ['tt_cutoffs', 'TT cutoffs', 0], ['time_ms', 'time ms', 2],
];

function renderResults(results) {
  const box = $('#results');
  S.views = [];
  box.replaceChildren();
  box.classList.toggle('two', results.length > 1);
  if (!results.length) {
    box.append(el('div', { class: 'empty', text: 'No trees yet: choose searchers and press Search.' }));
    resetStep();
    return;
  }
  results.forEach((result, i) => {
    const stats = result.stats || {};
    const table = el('table', { class: 'stats' },
      el('tr', {}, ...STATS.map(([, label]) => el('th', { text: label }))),
      el('tr', {}, ...STATS.map(([key, , digits]) => el('td', { text: fmtNumber(stats[key], digits) }))));
    const pv = (result.pv || []).length ? result.pv.join(' ') : '–';
    const trace = result.trace || { nodes: [], roots: [] };
    const panel = el('section', { class: 'panel card', 'data-result': String(i) },
      el('div', { class: 'panel-head' },
        el('span', { class: `slot-badge${i ? ' b' : ''}`, text: i ? 'B' : 'A' }),
        el('span', { class: 'panel-name', text: result.name }),
        el('span', { class: 'panel-view', text: result.view || '' })),
      el('div', { class: 'summary' },
        el('span', {}, 'score ', el('b', { class: 'score', text: result.score_text ?? String(result.score) })),
        el('span', {}, 'best move ', el('b', { class: 'best-move', text: result.best_move ?? '–' })),
        el('span', { class: 'pv-line' }, 'PV ', el('b', { class: 'pv', text: pv }))),
      table,
      trace.message ? el('div', { class: 'warn', text: trace.message }) : null);
    box.append(panel);
    S.views.push(new TreeView(panel, trace, i));
  });
  // Stepping starts on the whole trees.
  S.step.n = Math.max(0, ...S.views.map((v) => v.n));
  S.step.k = S.step.n;
  S.step.active = false;
  requestAnimationFrame(() => S.views.forEach((v) => v.initialView()));
  applyStep();
}

// ============================================================================================
// Tree drawing: tidy layout (leaves left to right, parents centred), SVG, zoom/pan, collapse
// ============================================================================================

const SVG_NS = 'http://www.w3.org/2000/svg';
const NODE_H = 22;   // node box height
const ROW_H = 66;    // distance between plies (at least; stretched to fill a wide view)
const PAD = 24;      // margin around the drawing

/** The short badge of a cut reason. */
function cutBadge(cut) {
  const known = {
    'beta cutoff': 'β', 'alpha cutoff': 'α', 'TT cutoff': 'TT', 'ETC cutoff': 'ETC',
    'null-move prune': 'NM', 'stand pat': 'SP', futility: 'F', repetition: 'R', aborted: '!',
    proven: 'P', 'star1 cutoff': '*1', 'star2 probe cutoff': '*2', 'bounds cutoff': 'B',
    'multi-cut': 'MC', probcut: 'PC', razor: 'RZ',
  };
  return known[cut] || (cut ? cut.slice(0, 2) : '');
}
const isTtCut = (cut) => cut === 'TT cutoff' || cut === 'ETC cutoff';

class TreeView {
  constructor(panel, trace, index) {
    this.index = index;
    this.trace = trace;
    this.nodes = trace.nodes || [];
    this.n = this.nodes.length;
    // Roots: the trace's, plus any parentless node it forgot (every node must be drawn).
    const roots = (trace.roots || []).slice();
    this.nodes.forEach((nd, i) => { if (nd.parent === null && !roots.includes(i)) roots.push(i); });
    this.roots = roots;
    this.collapsed = new Set();
    this.scale = 1; this.tx = 0; this.ty = 0;
    this.rowH = ROW_H;
    this.pinned = null;
    this.lineEls = [];
    this.currentEl = null;
    // Box width from the longest label.
    let longest = 3;
    for (const nd of this.nodes) {
      longest = Math.max(longest, String(nd.value_text ?? '').length, String(nd.mv ?? '').length);
    }
    this.W = clamp(Math.round(10 + 7 * longest), 30, 110);
    this.DX = this.W + 7;
    this.buildDom(panel);
    this.layout();
    this.render();
  }

  buildDom(panel) {
    const wrap = el('div', { class: 'tree-wrap' });
    const tools = el('div', { class: 'tree-tools' },
      el('button', { class: 'fit', type: 'button', text: 'fit', title: 'show the whole tree', onclick: () => this.fit() }),
      el('button', { class: 'zoom-in', type: 'button', text: '+', title: 'zoom in', onclick: () => this.zoomBy(1.25) }),
      el('button', { class: 'zoom-out', type: 'button', text: '−', title: 'zoom out', onclick: () => this.zoomBy(0.8) }),
      el('button', { class: 'expand-all', type: 'button', text: 'expand all', onclick: () => this.expandAll() }),
      this.countEl = el('span', { class: 'tree-count' }));
    this.svg = document.createElementNS(SVG_NS, 'svg');
    this.svg.setAttribute('class', 'tree-svg');
    this.vp = document.createElementNS(SVG_NS, 'g');
    this.vp.setAttribute('class', 'viewport');
    this.edgeLayer = document.createElementNS(SVG_NS, 'g');
    this.edgeLayer.setAttribute('class', 'edges');
    this.nodeLayer = document.createElementNS(SVG_NS, 'g');
    this.nodeLayer.setAttribute('class', 'nodes');
    this.vp.append(this.edgeLayer, this.nodeLayer);
    this.svg.append(this.vp);
    this.details = el('div', { class: 'details', hidden: true });
    wrap.append(tools, this.svg, this.details);
    panel.append(wrap);
    if (!this.n) wrap.append(el('div', { class: 'tree-empty', text: 'No trace recorded.' }));
    this.attachEvents();
  }

  /** Places visible nodes: x in leaf slots, row = distance from its root. */
  layout() {
    const n = this.n;
    this.x = new Float64Array(n);
    this.row = new Int32Array(n);
    this.visible = new Uint8Array(n);
    let cursor = 0;
    let maxRow = 0;
    const place = (i, row) => {
      this.visible[i] = 1;
      this.row[i] = row;
      if (row > maxRow) maxRow = row;
      const kids = this.collapsed.has(i) ? [] : this.nodes[i].children.filter((c) => c < n);
      if (!kids.length) { this.x[i] = cursor++; return; }
      for (const c of kids) place(c, row + 1);
      this.x[i] = (this.x[kids[0]] + this.x[kids[kids.length - 1]]) / 2;
    };
    this.roots.forEach((r, k) => { if (k) cursor += 0.6; place(r, 0); });
    this.width = PAD * 2 + Math.max(0, cursor - 1) * this.DX + this.W;
    this.maxRow = maxRow;
    this.height = PAD * 2 + maxRow * this.rowH + NODE_H + 34;
  }

  px(i) { return PAD + this.W / 2 + this.x[i] * this.DX; }
  py(i) { return PAD + 14 + this.row[i] * this.rowH; }

  /** Writes the SVG of every visible node and edge (markup strings: fast for thousands). */
  render() {
    const edges = [];
    const nodes = [];
    const half = NODE_H / 2;
    for (let i = 0; i < this.n; i++) {
      if (!this.visible[i]) continue;
      const nd = this.nodes[i];
      const p = nd.parent;
      if (p !== null && p !== undefined && this.visible[p]) {
        let cls = 'tree-edge';
        if (nd.pruned) cls += ' pruned';
        else if (nd.pv && this.nodes[p].pv) cls += ' pv';
        edges.push(`<line class="${cls}" data-index="${i}" x1="${this.px(p)}" y1="${this.py(p) + half}" x2="${this.px(i)}" y2="${this.py(i) - half}"/>`);
      }
      nodes.push(this.nodeMarkup(i));
    }
    this.edgeLayer.innerHTML = edges.join('');
    this.nodeLayer.innerHTML = nodes.join('');
    this.nodeEls = new Array(this.n).fill(null);
    this.edgeEls = new Array(this.n).fill(null);
    for (const e of this.nodeLayer.children) this.nodeEls[+e.dataset.index] = e;
    for (const e of this.edgeLayer.children) this.edgeEls[+e.dataset.index] = e;
    this.lineEls = [];
    this.currentEl = null;
    const shown = nodes.length;
    this.countEl.textContent = shown === this.n
      ? `${this.n} nodes` : `${shown} of ${this.n} nodes drawn (${this.collapsed.size} collapsed)`;
    this.applyStep();
  }

  nodeMarkup(i) {
    const nd = this.nodes[i];
    const W = this.W;
    const H = NODE_H;
    const parent = nd.parent !== null && nd.parent !== undefined ? this.nodes[nd.parent] : null;
    let cls = 'tree-node';
    if (nd.pv) cls += ' pv';
    if (nd.pruned) cls += ' pruned';
    if (nd.qs) cls += ' qs';
    if (nd.chance) cls += ' chance';
    if (nd.cut) cls += isTtCut(nd.cut) ? ' cut tt' : ' cut';
    if (nd.tt_hit) cls += ' tt-hit';
    if (this.collapsed.has(i)) cls += ' collapsed';
    if (this.pinned === i) cls += ' selected';
    const shape = nd.chance
      ? `<ellipse class="shape" rx="${W / 2 + 2}" ry="${H / 2 + 2}"/>`
      : `<rect class="shape" x="${-W / 2}" y="${-H / 2}" width="${W}" height="${H}" rx="4"/>`;
    const value = nd.pruned ? `✂ ${cutBadge(parent && parent.cut)}` : (nd.value_text ?? '?');
    let move = nd.mv ?? (this.roots.length > 1 ? `root ${this.roots.indexOf(i) + 1}` : 'root');
    if (nd.probability) move += ` (${nd.probability[0]}/${nd.probability[1]})`;
    let out = `<g class="${cls}" data-index="${i}" transform="translate(${this.px(i)},${this.py(i)})">`
      + `${shape}<text class="val" y="4">${esc(value)}</text>`
      + `<text class="mv" y="${-H / 2 - 5}">${esc(move)}</text>`;
    if (nd.cut) {
      const badge = cutBadge(nd.cut);
      const bw = 8 + badge.length * 7;
      out += `<g class="badge${isTtCut(nd.cut) ? ' tt' : ''}" transform="translate(${W / 2 - bw / 2 + 4},${-H / 2 - 2})">`
        + `<rect x="${-bw / 2}" y="-7" width="${bw}" height="13" rx="3"/><text y="3">${esc(badge)}</text></g>`;
    }
    if (nd.tt_hit && !isTtCut(nd.cut)) {
      // A table entry without a cutoff: its move went first.
      out += `<circle class="tt-dot" cx="${-W / 2}" cy="${-H / 2}" r="4"/>`;
    }
    if (nd.visits !== null && nd.visits !== undefined) {
      out += `<text class="sub" y="${H / 2 + 11}">n=${nd.visits}</text>`;
    }
    if (nd.children.length) {
      const hidden = this.collapsed.has(i);
      out += `<g class="tree-toggle" data-index="${i}" transform="translate(${W / 2},${H / 2})">`
        + `<circle r="6.5"/><text y="3.5">${hidden ? '+' : '−'}</text></g>`;
      if (hidden) out += `<text class="hidden-count" y="${H / 2 + 22}">+${this.descendants(i)}</text>`;
    }
    return out + '</g>';
  }

  descendants(i) {
    let count = 0;
    const stack = [...this.nodes[i].children];
    while (stack.length) {
      const c = stack.pop();
      if (c >= this.n) continue;
      count++;
      stack.push(...this.nodes[c].children);
    }
    return count;
  }

  /** The moves from the root to node i. */
  line(i) {
    const moves = [];
    for (let j = i; j !== null && j !== undefined; j = this.nodes[j].parent) {
      if (this.nodes[j].mv !== null) moves.push(this.nodes[j].mv);
    }
    return moves.reverse();
  }

  // ---- collapse / expand -------------------------------------------------------------------

  toggle(i) {
    if (!this.nodes[i] || !this.nodes[i].children.length) return;
    // Keep the toggled node where it is on the screen.
    const before = [this.px(i), this.py(i)];
    if (this.collapsed.has(i)) this.collapsed.delete(i); else this.collapsed.add(i);
    this.layout();
    this.tx += (before[0] - this.px(i)) * this.scale;
    this.ty += (before[1] - this.py(i)) * this.scale;
    this.render();
    this.applyTransform();
  }

  expandAll() {
    if (!this.collapsed.size) return;
    this.collapsed.clear();
    this.layout();
    this.render();
    this.fit();
  }

  // ---- zoom / pan --------------------------------------------------------------------------

  applyTransform() {
    this.vp.setAttribute('transform', `translate(${this.tx},${this.ty}) scale(${this.scale})`);
    this.svg.classList.toggle('lod-low', this.scale < 0.4);
  }

  /** Fits the whole tree in the view. */
  fit() {
    const vw = this.svg.clientWidth || 600;
    const vh = this.svg.clientHeight || 400;
    this.scale = clamp(Math.min(vw / this.width, vh / this.height), 0.01, 1.4);
    this.tx = (vw - this.width * this.scale) / 2;
    this.ty = Math.max(0, (vh - this.height * this.scale) / 2);
    this.applyTransform();
  }

  /** The first view: the whole tree if it is legible, else its root and the best move's
   * subtree at a legible zoom (wheel, drag and "fit" reach the rest). */
  initialView() {
    this.fit();
    if (!this.n) return;
    const vw = this.svg.clientWidth || 600;
    const legible = this.scale >= 0.4;
    const root = this.roots[this.roots.length - 1];
    const best = this.nodes[root].children.find((c) => c < this.n && this.nodes[c].pv && this.visible[c]);
    if (!legible) {
      const spread = best === undefined ? 0 : Math.abs(this.px(best) - this.px(root));
      this.scale = clamp((vw - 2 * this.DX) / Math.max(spread, 1), 0.3, 0.75);
    }
    this.stretchRows();
    if (legible) { this.fit(); return; }
    const mid = best === undefined ? this.px(root) : (this.px(root) + this.px(best)) / 2;
    this.tx = vw / 2 - mid * this.scale;
    this.ty = 36;
    this.applyTransform();
  }

  /** A wide, shallow tree leaves the view's height empty at this scale: stretch its rows. */
  stretchRows() {
    const vh = this.svg.clientHeight || 400;
    if (!this.maxRow || this.height * this.scale >= vh * 0.8) return;
    const room = (vh * 0.9 - 36) / this.scale - (PAD * 2 + NODE_H + 34);
    const rowH = clamp(room / this.maxRow, ROW_H, 150);
    if (rowH <= this.rowH + 2) return;
    this.rowH = rowH;
    this.layout();
    this.render();
  }

  zoomBy(factor, cx, cy) {
    const vw = this.svg.clientWidth;
    const vh = this.svg.clientHeight;
    const x = cx ?? vw / 2;
    const y = cy ?? vh / 2;
    const scale = clamp(this.scale * factor, 0.01, 4);
    this.tx = x - (x - this.tx) * (scale / this.scale);
    this.ty = y - (y - this.ty) * (scale / this.scale);
    this.scale = scale;
    this.applyTransform();
  }

  /** Pans so that node i is in view (stepping follows the search). */
  ensureVisible(i) {
    const e = this.nodeEls[i];
    if (!e) return;
    const vw = this.svg.clientWidth;
    const vh = this.svg.clientHeight;
    const sx = this.tx + this.px(i) * this.scale;
    const sy = this.ty + this.py(i) * this.scale;
    const hw = (this.W / 2) * this.scale;
    const hh = (NODE_H / 2 + 14) * this.scale;
    if (sx - hw < 0 || sx + hw > vw) this.tx += vw / 2 - sx;
    if (sy - hh < 0 || sy + hh > vh) this.ty += vh / 2 - sy;
    this.applyTransform();
  }

  attachEvents() {
    const svg = this.svg;
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      this.zoomBy(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });

    let drag = null;
    svg.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, tx: this.tx, ty: this.ty, moved: false, id: e.pointerId };
    });
    svg.addEventListener('pointermove', (e) => {
      if (drag) {
        const dx = e.clientX - drag.x;
        const dy = e.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) > 4) {
          drag.moved = true;
          svg.setPointerCapture(drag.id);
          svg.classList.add('dragging');
        }
        if (drag.moved) {
          this.tx = drag.tx + dx;
          this.ty = drag.ty + dy;
          this.applyTransform();
        }
        return;
      }
      const node = e.target.closest && e.target.closest('.tree-node');
      if (node && this.pinned === null) this.showDetails(+node.dataset.index);
    });
    const endDrag = () => {
      if (drag && drag.moved) {
        this.justDragged = true;
        setTimeout(() => { this.justDragged = false; }, 0);
      }
      svg.classList.remove('dragging');
      drag = null;
    };
    svg.addEventListener('pointerup', endDrag);
    svg.addEventListener('pointercancel', endDrag);
    svg.addEventListener('mouseleave', () => { if (this.pinned === null) this.details.hidden = true; });

    svg.addEventListener('click', (e) => {
      if (this.justDragged) return;
      const toggle = e.target.closest('.tree-toggle');
      if (toggle) { this.toggle(+toggle.dataset.index); return; }
      const node = e.target.closest('.tree-node');
      if (node) this.pin(+node.dataset.index);
      else this.pin(null);
    });
    svg.addEventListener('dblclick', (e) => {
      const node = e.target.closest('.tree-node');
      if (node && !e.target.closest('.tree-toggle')) this.toggle(+node.dataset.index);
    });
  }

  // ---- details box -------------------------------------------------------------------------

  pin(i) {
    if (this.pinned !== null && this.nodeEls[this.pinned]) this.nodeEls[this.pinned].classList.remove('selected');
    this.pinned = i;
    if (i === null) { this.details.hidden = true; return; }
    if (this.nodeEls[i]) this.nodeEls[i].classList.add('selected');
    this.showDetails(i);
  }

  showDetails(i) {
    const nd = this.nodes[i];
    if (!nd) return;
    const parent = nd.parent !== null && nd.parent !== undefined ? this.nodes[nd.parent] : null;
    const yes = (b) => (b ? 'yes' : 'no');
    const rows = [
      ['node', `#${i}${this.pinned === i ? ' (pinned: click elsewhere to release)' : ''}`],
      ['move', nd.mv ?? '(root)'],
      ['line', this.line(i).join(' ') || '(root)'],
      ['depth', nd.depth], ['ply', nd.ply],
      ['window', nd.window_text ? `[${nd.window_text[0]}, ${nd.window_text[1]}]` : 'none (no window)'],
      ['value', nd.value_text ?? (nd.pruned ? 'never searched' : '–')],
      ['bound', nd.bound ?? '–'],
      ['cut', nd.cut ?? '–'],
    ];
    if (nd.pruned) rows.push(['pruned', `yes, by the parent's ${parent && parent.cut ? parent.cut : 'cut'}`]);
    rows.push(['PV', yes(nd.pv)], ['quiescence', yes(nd.qs)], ['chance node', yes(nd.chance)],
      ['TT hit', yes(nd.tt_hit)]);
    if (nd.probability) {
      const [w, t] = nd.probability;
      rows.push(['probability', `${w}/${t} (${((100 * w) / t).toFixed(1)}%)`]);
    }
    if (nd.visits !== null && nd.visits !== undefined) rows.push(['visits', nd.visits]);
    rows.push(['children', nd.children.length]);
    this.details.replaceChildren(el('table', {}, ...rows.map(([k, v]) =>
      el('tr', {}, el('th', { text: k }), el('td', { text: String(v) })))));
    // Keep the box on the side away from the node.
    const sx = this.tx + this.px(i) * this.scale;
    const left = sx > (this.svg.clientWidth || 600) / 2;
    this.details.classList.toggle('left', left);
    this.details.hidden = false;
  }

  // ---- stepping ----------------------------------------------------------------------------

  /** Fades nodes after the step, marks the current node and its line from the root. */
  applyStep() {
    if (!this.nodeEls) return;
    const k = Math.min(S.step.k, this.n);
    const active = S.step.active;
    for (let i = 0; i < this.n; i++) {
      const future = active && i >= k;
      const ne = this.nodeEls[i];
      if (ne) ne.classList.toggle('future', future);
      const ee = this.edgeEls[i];
      if (ee) ee.classList.toggle('future', future);
    }
    for (const e of this.lineEls) e.classList.remove('line');
    if (this.currentEl) this.currentEl.classList.remove('current');
    this.lineEls = [];
    this.currentEl = null;
    if (!active || k < 1) return;
    const cur = k - 1;
    for (let j = cur; j !== null && j !== undefined; j = this.nodes[j].parent) {
      for (const e of [this.nodeEls[j], this.edgeEls[j]]) {
        if (e) { e.classList.add('line'); this.lineEls.push(e); }
      }
    }
    this.currentEl = this.nodeEls[cur];
    if (this.currentEl) this.currentEl.classList.add('current');
  }

  /** One line of the step status for this panel. */
  stepText() {
    const name = this.index ? 'B' : 'A';
    if (!this.n) return `${name}: no trace`;
    if (S.step.k > this.n) return `${name}: finished (${this.n} nodes)`;
    const cur = S.step.k - 1;
    const nd = this.nodes[cur];
    const line = `line: ${this.line(cur).join(' ') || '(root)'}`;
    if (nd.pruned) {
      const parent = this.nodes[nd.parent];
      return `${name}: node #${cur} · pruned by the parent's ${(parent && parent.cut) || 'cut'}, never searched · ${line}`;
    }
    const win = nd.window_text ? `[${nd.window_text[0]}, ${nd.window_text[1]}]` : 'none';
    const what = `value ${nd.value_text ?? '–'}${nd.bound && nd.bound !== 'exact' ? ` (${nd.bound} bound)` : ''}${nd.cut ? `, ${nd.cut}` : ''}`;
    return `${name}: node #${cur} · window (α, β) ${win} · ${what} · ${line}`;
  }
}

// ============================================================================================
// Stepping: one shared step over every panel (a shorter trace stops at its end)
// ============================================================================================

function resetStep() {
  stopPlaying();
  S.step = { k: 0, n: 0, active: false, timer: null };
  applyStep();
}

function setStep(k) {
  if (!S.step.n) return;
  S.step.k = clamp(k, 1, S.step.n);
  S.step.active = true;
  applyStep();
  S.views.forEach((v) => v.ensureVisible(Math.min(S.step.k, v.n) - 1));
}

function applyStep() {
  const { k, n, active } = S.step;
  S.views.forEach((v) => v.applyStep());
  $('#step-status').textContent = `step ${k} / ${n}${n && !active ? ' (whole tree)' : ''}`;
  const detail = $('#step-detail');
  detail.replaceChildren(...(active ? S.views.map((v) => el('div', { text: v.stepText() })) : []));
  const playing = S.step.timer !== null;
  $('#step-play').textContent = playing ? 'Pause' : 'Play';
  $('#step-play').classList.toggle('playing', playing);
}

function stepDelay() {
  return 1000 / intValue($('#step-speed'), 6);
}

function startPlaying() {
  if (!S.step.n) return;
  if (!S.step.active || S.step.k >= S.step.n) setStep(1);
  const tick = () => {
    if (S.step.k >= S.step.n) { stopPlaying(); return; }
    setStep(S.step.k + 1);
    S.step.timer = setTimeout(tick, stepDelay());
  };
  S.step.timer = setTimeout(tick, stepDelay());
  applyStep();
}

function stopPlaying() {
  if (S.step.timer !== null) clearTimeout(S.step.timer);
  S.step.timer = null;
  if (S.views.length) applyStep();
}

function bindStepControls() {
  $('#step-first').addEventListener('click', () => { stopPlaying(); setStep(1); });
  $('#step-back').addEventListener('click', () => {
    stopPlaying();
    setStep((S.step.active ? S.step.k : S.step.n + 1) - 1);
  });
  $('#step-forward').addEventListener('click', () => {
    stopPlaying();
    setStep(S.step.active ? S.step.k + 1 : 1);
  });
  $('#step-last').addEventListener('click', () => {
    stopPlaying();
    S.step.k = S.step.n;
    S.step.active = false;
    applyStep();
  });
  $('#step-play').addEventListener('click', () => {
    if (S.step.timer !== null) stopPlaying(); else startPlaying();
  });
  // Arrow keys step when no input has the focus.
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select, textarea')) return;
    if (e.key === 'ArrowRight') $('#step-forward').click();
    else if (e.key === 'ArrowLeft') $('#step-back').click();
  });
}

// ============================================================================================
// Play: the board of the current position, moves, the searcher's replies
// ============================================================================================

const CHESS_GLYPHS = {
  K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟',
};

/** Starts the game again from the start text (also after a new game, start text or param). */
function resetGame() {
  S.moves = [];
  S.chessFrom = null;
  $('#last-reply').textContent = '';
  refreshPosition();
}

async function refreshPosition() {
  renderMoves();
  if (!S.game.playable) {
    S.position = null;
    $('#board').replaceChildren(el('div', { class: 'not-playable', text: `${S.game.name}: not a playable game — search it instead.` }));
    $('#to-move').textContent = '';
    $('#game-status').textContent = '';
    updatePlayButtons();
    return;
  }
  const seq = ++S.positionSeq;
  try {
    const pos = await api('/api/position', positionSpec());
    if (seq === S.positionSeq) renderPosition(pos);
  } catch (e) {
    if (seq !== S.positionSeq) return;
    showError(e.message);
    S.position = null;
    $('#board').replaceChildren(el('div', { class: 'not-playable', text: 'No position (see the error).' }));
    $('#to-move').textContent = '';
    $('#game-status').textContent = '';
    updatePlayButtons();
  }
}

function renderPosition(pos) {
  S.position = pos;
  $('#to-move').textContent = pos.status ? '' : `to move: ${pos.to_move}`;
  $('#game-status').textContent = pos.status ? `game over: ${pos.status}` : '';
  const board = $('#board');
  const legal = new Set(pos.legal || []);
  const over = Boolean(pos.status);
  if (pos.grid) {
    const g = pos.grid;
    const grid = el('div', { class: `grid grid-${g.kind}`, style: `grid-template-columns: repeat(${g.cols}, var(--cell-${g.kind}, 40px))` });
    g.cells.forEach((cell, idx) => {
      const r = Math.floor(idx / g.cols);
      const c = idx % g.cols;
      const attrs = { class: 'cell', 'data-square': cell.square ?? null, 'data-move': cell.move ?? null };
      let text = cell.text || '';
      if (g.kind === 'chess') {
        attrs.class += (r + c) % 2 ? ' dark' : ' light';
        if (text && CHESS_GLYPHS[text]) {
          attrs.class += text === text.toUpperCase() ? ' white' : ' black';
          text = CHESS_GLYPHS[text];
        }
        const from = S.chessFrom;
        if (!over && cell.square && [...legal].some((m) => m.startsWith(cell.square))) attrs.class += ' can-move';
        if (from && cell.square === from) attrs.class += ' from';
        if (from && cell.square && [...legal].some((m) => m.startsWith(from + cell.square))) attrs.class += ' target';
        attrs.title = cell.square;
      } else {
        if (text) attrs.class += ` mark mark-${/^[XRW1]/i.test(text) ? 'first' : 'second'}`;
        if (!over && cell.move && legal.has(cell.move)) attrs.class += ' playable';
      }
      const cellEl = el('div', attrs);
      if (g.kind === 'connect4') cellEl.append(el('span', { class: 'disc', text }));
      else cellEl.textContent = text;
      grid.append(cellEl);
    });
    board.replaceChildren(grid);
    if (g.kind === 'chess') board.append(el('div', { class: 'board-hint', text: over ? '' : 'click a piece, then its square (promotions: queen)' }));
  } else {
    board.replaceChildren(
      el('pre', { class: 'board-text', text: pos.board || '' }),
      el('div', { class: 'move-buttons' }, ...(over ? [] : pos.legal || []).map((m) =>
        el('button', { class: 'move-btn', type: 'button', 'data-move': m, text: m }))));
  }
  // What the board shows, for tests and tools: game, start text and moves.
  const spec = positionSpec();
  board.dataset.game = spec.game;
  board.dataset.start = spec.start;
  board.dataset.moves = spec.moves.join(' ');
  renderMoves();
  updatePlayButtons();
}

function renderMoves() {
  $('#moves-list').replaceChildren(...S.moves.map((m) => el('li', { text: m })));
}

function updatePlayButtons() {
  const over = !S.position || Boolean(S.position.status);
  $('#reply').disabled = over || S.replying;
  $('#undo').disabled = !S.moves.length;
  $('#reset').disabled = !S.moves.length;
}

/** Plays a move of the user's, then lets searcher A answer if auto-reply is on. */
async function playMove(move) {
  if (!S.position || S.position.status || !(S.position.legal || []).includes(move)) return;
  S.chessFrom = null;
  S.moves.push(move);
  await refreshPosition();
  if (!S.position) { S.moves.pop(); await refreshPosition(); return; }
  if ($('#auto-reply').checked && !S.position.status) await reply();
}

/** Searcher A plays a move from the current position. */
async function reply() {
  if (!S.position || S.position.status || S.replying) return;
  const searcher = searcherSpec('a');
  const button = $('#reply');
  S.replying = true;
  button.textContent = 'thinking…';
  updatePlayButtons();
  try {
    const data = await api('/api/move', { ...positionSpec(), depth: depthValue(), searcher, ...limitsSpec() });
    S.moves.push(data.move);
    S.positionSeq++;
    renderPosition(data.position);
    $('#last-reply').textContent = `${searcherDef(searcher.kind).name} played ${data.move}${data.score_text ? ` (${data.score_text})` : ''}`;
  } catch (e) {
    showError(e.message);
  } finally {
    S.replying = false;
    button.textContent = 'Searcher replies';
    updatePlayButtons();
  }
}

function onBoardClick(e) {
  const btn = e.target.closest('.move-btn');
  if (btn) { playMove(btn.dataset.move); return; }
  const cell = e.target.closest('.cell');
  if (!cell || !S.position || S.position.status) return;
  if (S.position.grid && S.position.grid.kind === 'chess') { chessClick(cell.dataset.square); return; }
  if (cell.dataset.move) playMove(cell.dataset.move);
}

/** Chess: the first click picks the from-square, the second the to-square. */
function chessClick(square) {
  if (!square) return;
  const legal = S.position.legal || [];
  const from = S.chessFrom;
  if (from) {
    const candidates = legal.filter((m) => m.startsWith(from + square));
    if (candidates.length) {
      playMove(candidates.find((m) => m.length === 4 || m.endsWith('q')) || candidates[0]);
      return;
    }
  }
  S.chessFrom = from !== square && legal.some((m) => m.startsWith(square)) ? square : null;
  renderPosition(S.position);
}

function bindPlayControls() {
  $('#board').addEventListener('click', onBoardClick);
  $('#reply').addEventListener('click', reply);
  $('#undo').addEventListener('click', () => {
    if (!S.moves.length) return;
    S.moves.pop();
    S.chessFrom = null;
    refreshPosition();
  });
  $('#reset').addEventListener('click', () => resetGame());
}

// ============================================================================================
// Start
// ============================================================================================

async function init() {
  bindStepControls();
  bindPlayControls();
  $('#game').addEventListener('change', (e) => selectGame(e.target.value));
  $('#start').addEventListener('change', () => resetGame());
  $('#search').addEventListener('click', runSearch);
  $('#start').addEventListener('keydown', (e) => { if (e.key === 'Enter') runSearch(); });
  try {
    S.catalog = await api('/api/catalog');
  } catch (e) {
    showError(`Cannot load the catalog: ${e.message}`);
    $('#search').disabled = true;
    return;
  }
  fillForm();
}

init();
