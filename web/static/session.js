// The money session's ledger and the chouette's books on the board's page
// (docs/MONEY.md, docs/CHOUETTE.md): drawn from the status board.js
// receives (its 'gammond-status' event), and the chouette's entries posted
// to the board: on a simulated board as the page's own actions, on a real
// one as the director's, with the token of the Director panel.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  let status = null;

  function cell(tr, text) {
    const td = document.createElement('td');
    td.textContent = text;
    tr.append(td);
    return td;
  }

  function showLedger(s) {
    const body = $('ledger').tBodies[0];
    body.replaceChildren();
    const names = s.players || ['White', 'Black'];
    const ledger = s.session.ledger || [];
    for (const g of ledger) {
      const tr = document.createElement('tr');
      tr.dataset.game = String(g.game);
      cell(tr, String(g.game));
      cell(tr, names[g.winner]);
      cell(tr, g.points + ' (' + g.kind + ', cube ' + g.cube + ')');
      cell(tr, g.score[0] + '–' + g.score[1]);
      body.append(tr);
    }
    $('ledger').hidden = ledger.length === 0;
  }

  function showChouette(c) {
    $('chouette-start').hidden = !!c;
    $('chouette-books').hidden = !c;
    if (!c) return;
    const body = $('standings').tBodies[0];
    body.replaceChildren();
    for (const m of c.members) {
      const tr = document.createElement('tr');
      tr.dataset.name = m.name;
      tr.dataset.post = m.post;
      tr.dataset.score = String(m.score);
      tr.dataset.passed = String(m.passed);
      tr.classList.toggle('out', m.passed);
      tr.classList.toggle('awaits', m.awaits);
      cell(tr, m.name);
      cell(tr, m.post);
      cell(tr, String(m.score));
      cell(tr, (m.throws || []).join(', '));
      body.append(tr);
    }
    $('chouette-games').textContent = c.games + (c.games === 1 ? ' game' : ' games') +
      (c.playing ? ', a game in progress at a cube of ' + c.cube : '');
    const pending = c.pending || [];
    $('chouette-answer').hidden = pending.length === 0;
    const select = $('chouette-member');
    const chosen = select.value;
    select.replaceChildren(...pending.map((name) => new Option(name, name)));
    if (pending.includes(chosen)) select.value = chosen;
    $('chouette-pending').textContent = pending.length ? 'to answer the double: ' + pending.join(', ') : '';
  }

  function show(s) {
    status = s;
    const on = !!s.session;
    $('session').hidden = !on;
    if (!on) return;
    showLedger(s);
    showChouette(s.session.chouette);
  }

  async function act(action, body) {
    const sim = status && status.sim;
    const headers = { 'Content-Type': 'application/json' };
    if (!sim) headers.Authorization = 'Bearer ' + $('td-token').value.trim();
    const msg = $('chouette-msg');
    try {
      const r = await fetch((sim ? 'api/sim/' : 'api/td/') + action, { method: 'POST', headers, body: JSON.stringify(body) });
      let data = null;
      try { data = await r.json(); } catch (_) { /* a bare error page */ }
      if (!r.ok) throw new Error((data && data.error) || r.status + ' ' + r.statusText);
      msg.textContent = 'done: ' + action;
      msg.classList.add('ok');
      show(data);
    } catch (err) {
      msg.textContent = err.message;
      msg.classList.remove('ok');
    }
  }

  const names = (text) => text.split(',').map((n) => n.trim()).filter((n) => n !== '');

  function start() {
    document.addEventListener('gammond-status', (e) => show(e.detail));
    $('chouette-start').addEventListener('submit', (e) => {
      e.preventDefault();
      act('chouette', { members: names(e.target.members.value) });
    });
    $('chouette-answer').addEventListener('submit', (e) => {
      e.preventDefault();
      act('chouette-answer', { member: $('chouette-member').value, take: (e.submitter || {}).value === 'take' });
    });
    $('chouette-join').addEventListener('submit', (e) => {
      e.preventDefault();
      act('chouette-join', { name: e.target.name.value.trim() });
    });
    $('chouette-partner').addEventListener('submit', (e) => {
      e.preventDefault();
      act('chouette-partner', { member: e.target.member.value.trim() });
    });
  }

  start();
})();
