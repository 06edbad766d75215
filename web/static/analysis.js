// The players' own match, analysed by GNU Backgammon, on the board's page:
// each player's error rates, luck and biggest mistakes, from api/analysis
// (the desk's analysis over MQTT, or the board's own gnubg's). Asked for
// when the page opens, every few seconds, and at once when a match ends;
// shown while the match is over, until the next begins.
'use strict';

(() => {
  const section = document.getElementById('analysis');
  let shown = '';
  let over = document.body.dataset.phase === 'match-over';

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  const rate = (x) => x.toFixed(1);
  const signed = (x) => (x >= 0 ? '+' : '') + x.toFixed(1);

  // worst are a player's n biggest mistakes: blunders first, then by the
  // equity lost.
  function worst(mistakes, name, n) {
    return mistakes.filter((m) => m.player === name)
      .sort((a, b) => (b.skill === 'very bad') - (a.skill === 'very bad') || (b.loss || 0) - (a.loss || 0))
      .slice(0, n);
  }

  function show(a) {
    const r = a.report;
    section.replaceChildren();
    section.append(el('h2', 'Your match, analysed'));
    section.append(el('p', 'GNU Backgammon at ' + r.ply + '-ply, run by ' + a.by + ': ' +
      a.players[0] + ' – ' + a.players[1] + '. Error rates in thousandths of a game per decision (mEMG); closer to 0 is better.', 'hint'));
    const table = el('table');
    table.id = 'analysis-players';
    const head = el('tr');
    for (const h of ['', 'Error rate', 'Checker / cube', 'Luck rate', 'Rating', 'Blunders / errors']) head.append(el('th', h));
    table.append(el('thead'));
    table.tHead.append(head);
    const body = el('tbody');
    for (const p of r.players) {
      const tr = el('tr');
      tr.dataset.player = p.name;
      tr.append(el('th', p.name));
      tr.append(el('td', rate(p.overall_error_rate), 'error-rate'));
      tr.append(el('td', rate(p.checker_error_rate) + ' / ' + rate(p.cube_error_rate)));
      tr.append(el('td', signed(p.luck_rate), 'luck-rate'));
      tr.append(el('td', p.overall_rating));
      tr.append(el('td', p.moves_very_bad + ' / ' + p.moves_bad));
      body.append(tr);
    }
    table.append(body);
    section.append(table);
    for (const p of r.players) {
      const list = worst(r.mistakes || [], p.name, 3);
      if (list.length === 0) continue;
      section.append(el('h3', p.name + "'s biggest mistakes"));
      const ul = el('ul');
      ul.className = 'mistakes';
      for (const m of list) {
        ul.append(el('li', 'game ' + m.game + ', move ' + m.move + (m.dice ? ', ' + m.dice : '') + ': ' +
          m.played + (m.skill === 'very bad' ? '??' : '?') + ' — best ' + m.best));
      }
      section.append(ul);
    }
    section.hidden = !over;
  }

  async function refresh() {
    try {
      const resp = await fetch('api/analysis', { cache: 'no-store' });
      if (!resp.ok) return;
      const text = await resp.text();
      if (text === shown) return;
      shown = text;
      show(JSON.parse(text));
    } catch (e) {
      // the board is away: the event stream says so; try again later
    }
  }

  document.addEventListener('gammond-status', (e) => {
    over = !!e.detail && e.detail.phase === 'match-over';
    section.hidden = !over || shown === '';
    if (over) refresh();
  });
  refresh();
  setInterval(refresh, 5000);
})();
