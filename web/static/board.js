// The live page of a gammond board: draws the status the server sends over
// server-sent events, keeps the event log, and on a simulated board sends
// the checker moves and button presses. No framework: the page must work
// in an offline tournament room.
'use strict';

(() => {
  const SVG = 'http://www.w3.org/2000/svg';
  const $ = (id) => document.getElementById(id);

  // Board geometry, in the SVG's units (viewBox 0 0 672 500). Board points
  // are White's numbers: White's home (1-6) is bottom right. The labels
  // number the points as the side on roll does (moverNumber).
  const G = {
    top: 30, bottom: 470, mid: 250, // the playing area
    left: 68, barL: 308, barR: 356, right: 596, // quadrants and bar
    trayL: 612, trayR: 660, cubeX: 28,
    pw: 40, r: 18, step: 36, ph: 190,
    maxShown: 5, // checkers drawn on a point; a taller stack shows its count
  };
  // A side's checkers are laid out as engine.Layout: board point p at
  // index p, the bar at BAR, borne off at OFF; board points and the page's
  // data-point attributes number them the same.
  const BAR = 25, OFF = 0;
  const SIDES = ['white', 'black'];
  const LOG_MAX = 500;

  let state = null;      // the last Status
  let shownRev = 0;      // its number: an older one that arrives late is not shown
  let receivedAt = 0;    // when it came, for the clocks
  let lastSeq = 0;       // the last event in the log
  let selected = null;   // {side, point}: the checker picked up on a sim board
  let dragging = false;

  // ---- the event stream ----

  // connect opens the event stream. The browser reconnects a broken one
  // by itself, sending the last event's id; a refused one (CLOSED) the
  // page reopens, from the last event it has.
  function connect() {
    const es = new EventSource('api/events' + (lastSeq > 0 ? '?since=' + lastSeq : ''));
    es.addEventListener('open', () => {
      shownRev = 0; // the server may have restarted, numbering anew
      setLive(true);
    });
    es.addEventListener('error', () => {
      setLive(false);
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
    });
    es.addEventListener('status', (e) => showStatus(JSON.parse(e.data)));
    es.addEventListener('reset', () => {
      $('log').replaceChildren();
      $('last-play').textContent = '—';
      lastSeq = 0;
    });
    for (const kind of EVENT_KINDS) {
      es.addEventListener(kind, (e) => addEvent(JSON.parse(e.data)));
    }
  }

  // The referee's event kinds (referee/event.go).
  const EVENT_KINDS = ['setup-wrong', 'game-started', 'rolled', 'play', 'resolved', 'illegal',
    'board-restored', 'corrected', 'illegal-accepted', 'doubled', 'taken', 'dropped',
    'cube-refused', 'game-over', 'match-over', 'irregularity',
    'resign-offered', 'resign-rejected', 'resigned', 'early-roll', 'early-roll-choice', 'roll-refused',
    'touched', 'dice-inferred', 'crawford-next', 'withdrawn', 'throw-void', 'note', 'crawford-annulled',
    'beavered', 'raccooned', 'opening-tied'];

  function setLive(live) {
    document.body.dataset.live = String(live);
    const c = $('conn');
    c.textContent = live ? 'live' : 'reconnecting…';
    c.classList.toggle('live', live);
  }

  // ---- the event log ----

  const ILLEGAL = new Set(['illegal', 'illegal-accepted']);
  const IRREGULAR = new Set(['irregularity', 'cube-refused', 'setup-wrong', 'early-roll', 'roll-refused', 'touched']);
  const GAME = new Set(['game-started', 'game-over', 'match-over', 'resign-offered', 'resigned', 'crawford-next', 'crawford-annulled']);

  function addEvent(ev) {
    if (ev.seq <= lastSeq) return;
    lastSeq = ev.seq;
    document.body.dataset.seq = String(lastSeq);
    const li = document.createElement('li');
    li.dataset.kind = ev.kind;
    li.dataset.seq = String(ev.seq);
    li.dataset.game = String(ev.game);
    li.dataset.turn = String(ev.turn);
    if (ILLEGAL.has(ev.kind)) li.className = 'illegal';
    else if (IRREGULAR.has(ev.kind)) li.className = 'irregular';
    else if (GAME.has(ev.kind)) li.className = 'game';
    const t = document.createElement('time');
    t.dateTime = ev.at;
    t.textContent = new Date(ev.at).toLocaleTimeString();
    li.append(t, ev.text);
    const log = $('log');
    if (ev.kind === 'withdrawn') withdrawFlag(log, ev);
    log.prepend(li);
    while (log.childElementCount > LOG_MAX) log.lastElementChild.remove();
    if (ev.kind === 'play' || ev.kind === 'illegal-accepted') $('last-play').textContent = ev.text;
  }

  // withdrawFlag strikes out the flag of the turn a withdrawn event names:
  // the checker in hand landed, and the play was legal all along.
  function withdrawFlag(log, ev) {
    for (const li of log.querySelectorAll('li[data-kind="illegal"]')) {
      if (li.dataset.game === String(ev.game) && li.dataset.turn === String(ev.turn)) {
        li.className = 'withdrawn';
      }
    }
  }

  // ---- the status ----

  function name(side) {
    return (state && state.players && state.players[side]) || (side === 0 ? 'White' : 'Black');
  }

  const RULES = { us: 'US', danish: 'Danish', welsh: 'Welsh' };

  function showStatus(s) {
    if (s.rev < shownRev) return;
    shownRev = s.rev;
    state = s;
    receivedAt = performance.now();
    document.body.dataset.phase = s.phase;
    for (const side of [0, 1]) {
      $('name-' + side).textContent = name(side);
      $('sim-name-' + side).textContent = name(side);
      $('score-' + side).textContent = String(s.score[side]);
    }
    const rules = RULES[s.rules];
    $('length').textContent = (s.length > 0 ? s.length + '-point match' : 'money play') + (rules ? ', ' + rules + ' rules' : '');
    $('crawford').hidden = !s.crawford;
    $('alerts').textContent = (s.alerts || []).join(' ');
    $('alerts').hidden = !s.alerts || s.alerts.length === 0;
    showPhase(s);
    showNames();
    showDirector(s);
    showWelsh(s);
    $('sim').hidden = !s.sim;
    if (!s.sim) selected = null;
    drawBoard();
    showClocks();
    document.dispatchEvent(new CustomEvent('gammond-status', { detail: s })); // static/session.js
  }

  // showPhase says what the match waits for, as the server words it
  // (referee.Situation), and each side's pip count.
  function showPhase(s) {
    const p = $('phase');
    p.textContent = s.situation || s.phase;
    p.classList.toggle('flagged', s.phase === 'flagged');
    $('pips').textContent = s.pips ? 'Pips: ' + name(0) + ' ' + s.pips[0] + ' · ' + name(1) + ' ' + s.pips[1] : '';
  }

  // showNames puts the players' names wherever the page offers a side.
  function showNames() {
    for (const o of document.querySelectorAll('select[name="side"] option')) o.textContent = name(Number(o.value));
    for (const e of document.querySelectorAll('[data-name]')) e.textContent = name(Number(e.dataset.name));
  }

  // ---- the board ----

  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (parent) parent.append(e);
    return e;
  }

  // pointX returns the x of the centre of board point p (1..24).
  function pointX(p) {
    if (p <= 6) return G.right - (p - 0.5) * G.pw;
    if (p <= 12) return G.barL - (p - 6.5) * G.pw;
    if (p <= 18) return G.left + (p - 12.5) * G.pw;
    return G.barR + (p - 18.5) * G.pw;
  }
  const isBottom = (p) => p <= 12;
  // moverNumber is board point p as the side on roll numbers it, as its
  // plays and flagged points are written: Black's point p is White's 25-p.
  const moverNumber = (p) => (state.on_roll === 1 ? 25 - p : p);

  function drawBoard() {
    const svg = $('board');
    svg.replaceChildren();
    svg.classList.toggle('sim', !!state.sim);
    el('rect', { x: G.cubeX + 28, y: G.top - 12, width: G.trayR + 12 - G.cubeX - 28, height: G.bottom - G.top + 24, class: 'frame' }, svg);
    el('rect', { x: G.left, y: G.top, width: G.barL - G.left, height: G.bottom - G.top, class: 'felt' }, svg);
    el('rect', { x: G.barR, y: G.top, width: G.right - G.barR, height: G.bottom - G.top, class: 'felt' }, svg);
    el('rect', { x: G.trayL, y: G.top, width: G.trayR - G.trayL, height: G.mid - G.top - 4, class: 'tray' }, svg);
    el('rect', { x: G.trayL, y: G.mid + 4, width: G.trayR - G.trayL, height: G.bottom - G.mid - 4, class: 'tray' }, svg);
    const flagged = new Set(state.flagged || []), wrong = new Set(state.setup_wrong || []);
    for (let p = 1; p <= 24; p++) drawPoint(svg, p, flagged.has(p), wrong.has(p));
    drawLEDs(svg);
    const board = state.sim || state.checkers;
    for (let p = 1; p <= 24; p++) {
      for (const side of [0, 1]) drawStack(svg, side, p, board[side][p]);
    }
    for (const side of [0, 1]) {
      drawBar(svg, side, board[side][BAR]);
      drawTray(svg, side, board[side][OFF]);
    }
    drawCube(svg);
    drawDice(svg);
  }

  function drawPoint(svg, p, flagged, wrong) {
    const x = pointX(p), half = G.pw / 2;
    const base = isBottom(p) ? G.bottom : G.top;
    const tip = isBottom(p) ? G.bottom - G.ph : G.top + G.ph;
    let cls = 'point ' + (p % 2 ? 'a' : 'b');
    if (flagged) cls += ' flagged';
    else if (wrong) cls += ' setup-wrong';
    el('polygon', { points: `${x - half},${base} ${x + half},${base} ${x},${tip}`, class: cls, 'data-point': p }, svg);
    el('rect', {
      x: x - half, y: isBottom(p) ? G.mid : G.top, width: G.pw, height: G.mid - G.top,
      class: 'target', 'data-point': p,
    }, svg);
    const label = el('text', { x, y: isBottom(p) ? 494 : 12, class: 'label' }, svg);
    label.textContent = String(moverNumber(p));
  }

  // drawLEDs draws each LED where the server places it (display/panel's
  // mapping): at the base of its point, or at its side's bar half (White's
  // the bottom one, Black's the top).
  function drawLEDs(svg) {
    const leds = state.leds || [], places = state.led_places || [];
    leds.forEach((led, i) => {
      const at = places[i];
      if (!at) return;
      let x, y;
      if (at.point !== BAR) { x = pointX(at.point); y = isBottom(at.point) ? G.bottom + 6 : G.top - 6; }
      else { x = (G.barL + G.barR) / 2; y = at.side === 0 ? G.bottom + 6 : G.top - 6; }
      const c = el('circle', { cx: x, cy: y, r: 5, class: 'led' + (led.blink ? ' blink' : ''), fill: led.color || '#333', 'data-led': i }, svg);
      if (led.color) c.dataset.color = led.color;
    });
  }

  // checker draws one checker; the top one of a stack shows the selection.
  function checker(svg, side, point, cx, cy, top) {
    const sel = top && selected && selected.side === side && selected.point === point;
    el('circle', { cx, cy, r: G.r, class: 'checker ' + SIDES[side] + (sel ? ' selected' : ''), 'data-side': side, 'data-point': point }, svg);
  }

  // drawStack draws up to maxShown checkers from the point's base and, for
  // a taller stack, its count on the last one.
  function drawStack(svg, side, p, n) {
    if (n <= 0) return;
    const x = pointX(p), dir = isBottom(p) ? -1 : 1;
    const base = (isBottom(p) ? G.bottom : G.top) + dir * G.r;
    drawColumn(svg, side, p, n, x, base, dir);
  }

  function drawColumn(svg, side, point, n, x, base, dir) {
    const shown = Math.min(n, G.maxShown);
    for (let i = 0; i < shown; i++) checker(svg, side, point, x, base + dir * i * G.step, i === shown - 1);
    if (n > shown) {
      const t = el('text', { x, y: base + dir * (shown - 1) * G.step, class: 'count ' + SIDES[side], 'data-point': point, 'data-side': side }, svg);
      t.textContent = String(n);
    }
  }

  // drawBar draws a side's checkers on its own bar half: White's the
  // bottom one, Black's the top.
  function drawBar(svg, side, n) {
    const x = (G.barL + G.barR) / 2, dir = side === 0 ? 1 : -1;
    el('rect', {
      x: G.barL, y: side === 0 ? G.mid : G.top, width: G.barR - G.barL, height: G.mid - G.top,
      class: 'target', 'data-point': BAR, 'data-side': side,
    }, svg);
    if (n > 0) drawColumn(svg, side, BAR, n, x, G.mid + dir * (G.r + 6), dir);
  }

  // drawTray draws each borne-off checker as a slab: White's in the bottom
  // tray, Black's in the top one.
  function drawTray(svg, side, n) {
    el('rect', {
      x: G.trayL, y: side === 0 ? G.mid : G.top, width: G.trayR - G.trayL, height: G.mid - G.top,
      class: 'target', 'data-point': OFF, 'data-side': side,
    }, svg);
    for (let i = 0; i < n; i++) {
      const y = side === 0 ? G.bottom - 4 - (i + 1) * 12 : G.top + 4 + i * 12;
      el('rect', { x: G.trayL + 4, y, width: G.trayR - G.trayL - 8, height: 10, rx: 2, class: 'checker ' + SIDES[side] + ' off', 'data-side': side, 'data-point': OFF }, svg);
    }
  }

  function drawCube(svg) {
    const owner = state.cube_owner;
    const y = owner === 0 ? G.bottom - 30 : owner === 1 ? G.top + 30 : G.mid;
    const g = el('g', { class: 'cube' + (state.cube_dead ? ' dead' : ''), 'data-owner': owner === null ? 'centre' : owner }, svg);
    el('rect', { x: G.cubeX - 20, y: y - 20, width: 40, height: 40, rx: 5 }, g);
    const t = el('text', { x: G.cubeX, y }, g);
    t.textContent = String(state.cube > 1 ? state.cube : 64);
  }

  // Pip positions on a die, in thirds of its side.
  const PIPS = {
    1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]],
    4: [[0, 0], [0, 2], [2, 0], [2, 2]], 5: [[0, 0], [0, 2], [1, 1], [2, 0], [2, 2]],
    6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
  };

  // drawDice draws the roll in the mover's half of the board, the high die
  // first as the roll is said: White's on the right, Black's on the left.
  function drawDice(svg) {
    if (!state.dice || !state.dice[0]) return;
    const d = [...state.dice].sort((a, b) => b - a);
    const side = state.on_roll;
    const cx = side === 0 ? (G.barR + G.right) / 2 : (G.left + G.barL) / 2;
    d.forEach((v, i) => {
      const x = cx + (i === 0 ? -44 : 8), y = G.mid - 18;
      const g = el('g', { class: 'die ' + SIDES[side], 'data-value': v }, svg);
      el('rect', { x, y, width: 36, height: 36, rx: 6 }, g);
      for (const [cx2, cy2] of PIPS[v] || []) el('circle', { cx: x + 8 + cx2 * 10, cy: y + 8 + cy2 * 10, r: 3.5 }, g);
    });
  }

  // ---- clocks ----

  function fmt(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }

  // showClocks counts the running side's time down from the last status:
  // the delay first, then the reserve (under Bronstein both at once).
  function showClocks() {
    const c = state && state.clocks;
    $('clocks').hidden = !c;
    if (!c) return;
    const ticking = c.running && !c.paused && state.phase !== 'match-over';
    const elapsed = ticking ? performance.now() - receivedAt : 0;
    for (const side of [0, 1]) {
      const mine = c.running && c.turn === side;
      let reserve = c.remaining_ms[side], delay = mine ? c.delay_left_ms : 0;
      if (mine && ticking) {
        reserve -= c.bronstein ? elapsed : Math.max(0, elapsed - delay);
        delay = Math.max(0, delay - elapsed);
      }
      const box = $('clock-' + side);
      box.querySelector('.who').textContent = name(side);
      box.querySelector('.time').textContent = fmt(reserve);
      box.querySelector('.delay').textContent = mine && delay > 0 ? '+' + fmt(delay) : '';
      box.classList.toggle('running', mine && ticking);
      box.classList.toggle('low', reserve < 60000);
    }
    $('paused').hidden = !c.paused;
  }

  // ---- sim: moving checkers and pressing buttons ----

  async function post(path, body, headers) {
    const r = await fetch(path, {
      method: 'POST',
      headers: Object.assign({ 'Content-Type': 'application/json' }, headers || {}),
      body: JSON.stringify(body),
    });
    let data = null;
    try { data = await r.json(); } catch (_) { /* a bare error page */ }
    if (!r.ok) throw new Error((data && data.error) || r.status + ' ' + r.statusText);
    return data;
  }

  function simMessage(text) {
    $('sim-msg').textContent = text;
  }

  async function simAction(path, body) {
    try {
      showStatus(await post(path, body));
      simMessage('');
    } catch (e) {
      simMessage(e.message);
    }
  }

  // spot returns the point (and side, on the bar and the trays) under a
  // pointer event.
  function spot(e) {
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    const t = hit && hit.closest('[data-point]');
    if (!t || !$('board').contains(t)) return null;
    return { point: Number(t.dataset.point), side: t.dataset.side === undefined ? null : Number(t.dataset.side) };
  }

  // owner returns the side with checkers on the spot, preferring side.
  function owner(s) {
    const sides = s.side === null ? [0, 1] : [s.side];
    return sides.find((side) => state.sim[side][s.point] > 0);
  }

  function pick(s) {
    selected = s;
    drawBoard();
  }

  function onPointerDown(e) {
    if (!state || !state.sim || e.button !== 0) return;
    const s = spot(e);
    if (!s || selected) return;
    const side = owner(s);
    if (side === undefined || s.point === OFF) return;
    e.preventDefault();
    dragging = true;
    pick({ side, point: s.point });
  }

  function onPointerMove(e) {
    if (!dragging) return;
    const svg = $('board');
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
    let ghost = svg.querySelector('.ghost');
    if (!ghost) ghost = el('circle', { r: G.r, class: 'ghost ' + SIDES[selected.side] }, svg);
    ghost.setAttribute('cx', pt.x);
    ghost.setAttribute('cy', pt.y);
  }

  // onPointerUp ends a drag on another point, or a click: a second click
  // on another point moves the picked-up checker there, on the same one
  // puts it down.
  function onPointerUp(e) {
    if (!selected) return;
    const wasDrag = dragging;
    dragging = false;
    const ghost = $('board').querySelector('.ghost');
    if (ghost) ghost.remove();
    const s = spot(e);
    if (!s || s.point === selected.point) {
      if (!wasDrag) pick(null);
      return;
    }
    const from = selected;
    pick(null);
    simAction('api/sim/move', { side: from.side, from: from.point, to: s.point });
  }

  function onSimButton(e) {
    const b = e.target.closest('button[data-button]');
    if (!b) return;
    const side = Number(b.closest('[data-side]').dataset.side);
    pick(null);
    simAction('api/sim/button', { side, button: b.dataset.button });
  }

  // ---- director ----

  const int = (v) => Number.parseInt(v, 10);

  // The body of each director form, from its fields and the button pressed.
  const DIRECTOR = {
    match: (f) => ({ white: f.white.value, black: f.black.value, length: int(f.length.value), rules: f.rules.value, clock: f.clock.value }),
    score: (f) => ({ score: [int(f.score0.value), int(f.score1.value)] }),
    rule: (f, b) => ({ let_stand: b.value === 'true' }),
    dice: (f) => ({ side: int(f.side.value), dice: [int(f.die0.value), int(f.die1.value)] }),
    clocks: (f, b) => ({ paused: b.value === 'true' }),
    penalty: (f, b) => ({ side: int(f.side.value), kind: b.value }),
    resign: (f) => ({ side: int(f.side.value), points: int(f.points.value) }),
    resignation: (f, b) => ({ side: int(f.side.value), accept: b.value === 'true' }),
    'force-resignation': () => ({}),
    'early-roll': (f, b) => ({ side: int(f.side.value), reroll: b.value === 'true' }),
    clock: (f) => ({ clock: f.clock.value }),
    'clock-adjust': (f) => ({ side: int(f.side.value), seconds: int(f.seconds.value) }),
    'annul-crawford': () => ({}),
    'out-of-play': (f) => ({ side: int(f.side.value), checkers: int(f.checkers.value) }),
  };

  // A match is in progress from its first game until it is over: a new
  // one waits till then (web.StartMatch).
  const inProgress = (s) => s.game > 0 && s.phase !== 'match-over';
  const inGame = (s) => s.phase !== 'setting-up' && s.phase !== 'match-over';
  const clockRunning = (s) => !!(s.clocks && s.clocks.running);

  // FITS says, for each director form, whether its action fits the match
  // now, as the status shows it: the panel offers only those. The server
  // judges each action again (web/action.go).
  const FITS = {
    match: (s) => !inProgress(s),
    score: (s) => s.phase !== 'match-over',
    rule: (s) => s.phase === 'flagged',
    dice: (s) => ['setting-up', 'rolling', 'flagged'].includes(s.phase),
    clocks: clockRunning,
    penalty: clockRunning,
    resign: inGame,
    resignation: (s) => !!s.resignation,
    'force-resignation': (s) => !!(s.resignation && s.resignation.forced),
    'early-roll': (s) => !!s.early_roll,
    clock: (s) => s.length > 0 && !s.clocks && s.phase === 'setting-up',
    'clock-adjust': (s) => !!s.clocks && s.phase !== 'match-over',
    'out-of-play': (s) => s.rules !== 'welsh' && inGame(s),
    'annul-crawford': (s) => s.rules === 'danish' && s.length >= 2 && !(inGame(s) && s.cube === 1 && s.phase !== 'doubled'),
  };

  // showDirector shows the director's panel on a board with a director,
  // its forms those that fit now, New match among them; on a club board
  // without one, New match alone, to the players, while no match is in
  // progress.
  function showDirector(s) {
    const form = $('new-match-form');
    $('director').hidden = !s.director;
    if (s.director && form.parentElement !== $('director-match')) $('director-match').append(form);
    $('new-match').hidden = s.director || inProgress(s);
    if (form.hidden && FITS.match(s)) fillNewMatch(form, s);
    for (const f of document.querySelectorAll('form[data-action]')) {
      if (FITS[f.dataset.action]) f.hidden = !FITS[f.dataset.action](s);
    }
  }

  // fillNewMatch offers the match on the board again, its players and
  // settings, as New match comes up: the next match is most often the same.
  function fillNewMatch(f, s) {
    f.white.value = name(0);
    f.black.value = name(1);
    f.length.value = String(s.length);
    if (RULES[s.rules]) f.rules.value = s.rules;
  }

  async function onDirector(e) {
    e.preventDefault();
    const f = e.target, action = f.dataset.action;
    const msg = f.closest('section, details').querySelector('.msg');
    const token = $('td-token').value.trim();
    sessionStorage.setItem('gammond-td-token', token);
    try {
      showStatus(await post('api/td/' + action, DIRECTOR[action](f, e.submitter || {}), token ? { Authorization: 'Bearer ' + token } : {}));
      msg.textContent = 'done: ' + action;
      msg.classList.add('ok');
    } catch (err) {
      msg.textContent = err.message;
      msg.classList.remove('ok');
    }
  }

  // ---- Welsh backgammon (docs/WELSH.md) ----

  // showWelsh shows a Welsh match's own state: the games, the roof, who may
  // double, the options open.
  function showWelsh(s) {
    const w = s.welsh;
    $('welsh').hidden = !w;
    if (!w) return;
    $('length').textContent = 'Welsh backgammon, match to ' + w.games + ' games';
    const parts = ['roof ' + name(0) + ' ' + w.roof[0] + ', ' + name(1) + ' ' + w.roof[1],
      'may double: ' + (w.cube_right === 'either' ? 'either' : name(w.cube_right.toLowerCase() === 'white' ? 0 : 1))];
    if (w.triangle) parts.push('a triangle stands: no doubling');
    if (w.acey_deucey) parts.push(name(s.on_roll) + ' may throw the 2-1 again');
    if (w.full_spread) parts.push(name(s.on_roll) + ' may throw one die' + (w.one_die ? ' (chosen)' : ''));
    if (w.nominee) parts.push('next throw nominated: ' + w.nominee.join('-'));
    if (w.offer_by !== undefined && w.offer_by !== null) parts.push(name(w.offer_by) + ' may offer to concede');
    if (w.offer) parts.push(name(w.offer.By) + ' offers ' + w.offer.Games + ' game(s)');
    if (w.chooser !== undefined && w.chooser !== null) parts.push(name(w.chooser) + ' chooses who throws first');
    $('welsh-state').textContent = parts.join(' · ');
    showWelshButtons(s);
  }

  // welshLabels name the buttons of the Welsh options (rules 7, 11, 13, 18, 21).
  const welshLabels = { 'acey-deucey': 'throws the 2-1 again', 'one-die': 'throws one die',
    'nominate': 'nominates', 'offer': 'offers to concede', 'odds-evens': 'calls odds and evens' };

  // welshOpen lists the options open now, [side, option] each: the 2-1 to
  // throw again and the one die for the player on roll, the offer for the
  // player the one-throw win is against, a nominate for each player whose
  // own is not spent while no throw is nominated, odds and evens before the
  // first game.
  function welshOpen(s) {
    const w = s.welsh, open = [];
    if (w.acey_deucey) open.push([s.on_roll, 'acey-deucey']);
    if (w.full_spread) open.push([s.on_roll, 'one-die']);
    if (w.offer_by !== undefined && w.offer_by !== null && !w.offer) open.push([w.offer_by, 'offer']);
    if (!w.nominee && s.phase === 'rolling') {
      for (const side of [0, 1]) if (!w.nominated[side]) open.push([side, 'nominate']);
    }
    if (s.phase === 'setting-up' && s.game === 0 && (w.chooser === undefined || w.chooser === null)) {
      for (const side of [0, 1]) open.push([side, 'odds-evens']);
    }
    return open;
  }

  // showWelshButtons puts up one button per option open, named for its
  // player: pressed, it takes the option with the form's dice, games, fiver
  // and call.
  function showWelshButtons(s) {
    const box = $('welsh-buttons');
    box.replaceChildren();
    for (const [side, option] of welshOpen(s)) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.side = side;
      b.dataset.option = option;
      b.textContent = name(side) + ' ' + (option === 'one-die' && s.welsh.one_die ? 'throws both dice after all' : welshLabels[option]);
      b.addEventListener('click', () => sendWelsh(side, option));
      box.append(b);
    }
  }

  // onWelsh sends the Welsh option the form names.
  function onWelsh(e) {
    e.preventDefault();
    sendWelsh(Number(e.target.side.value), e.target.option.value);
  }

  // sendWelsh sends side's Welsh option, with the form's dice, games, fiver
  // and call: on a simulated board as a player's, else as the director's
  // (with the token).
  async function sendWelsh(side, option) {
    const f = $('welsh-option'), msg = $('welsh-msg');
    const dice = option === 'nominate' || option === 'odds-evens';
    const body = { side, option,
      dice: dice ? [Number(f.die0.value), Number(f.die1.value)] : [0, 0],
      games: option === 'offer' ? Number(f.games.value) : 0, fiver: option === 'offer' && f.fiver.checked,
      odds: option === 'odds-evens' && f.odds.checked };
    const simulated = state && state.sim;
    const headers = simulated ? {} : { Authorization: 'Bearer ' + $('td-token').value.trim() };
    try {
      showStatus(await post((simulated ? 'api/sim/' : 'api/td/') + 'welsh', body, headers));
      msg.textContent = 'done: ' + body.option;
      msg.classList.add('ok');
    } catch (err) {
      msg.textContent = err.message;
      msg.classList.remove('ok');
    }
  }

  // ---- start ----

  function start() {
    const svg = $('board');
    svg.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerUp);
    $('sim').addEventListener('click', onSimButton);
    for (const f of document.querySelectorAll('form[data-action]')) f.addEventListener('submit', onDirector);
    $('welsh-option').addEventListener('submit', onWelsh);
    $('td-token').value = sessionStorage.getItem('gammond-td-token') || '';
    setInterval(() => { if (state) showClocks(); }, 250);
    connect();
  }

  start();
})();
