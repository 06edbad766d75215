// The desk's page, live: the desk streams each board's row as it changes
// (api/events), and the running clocks count down here between rows.
'use strict';

// The page updates itself from here on: the note saying it cannot goes.
document.documentElement.classList.add('live');

function rowFrom(html) {
  const t = document.createElement('template');
  t.innerHTML = html; // the desk's own template, every board's text escaped
  return t.content.firstElementChild;
}

const link = document.getElementById('link');
const events = new EventSource('api/events');
events.onopen = () => { link.textContent = ''; };
events.onerror = () => { link.textContent = '(the desk is out of reach: reconnecting)'; };

events.addEventListener('row', e => {
  const m = JSON.parse(e.data);
  const row = rowFrom(m.html);
  const old = document.getElementById('board-' + m.id);
  if (old) {
    old.replaceWith(row);
  } else {
    document.getElementById('online').append(row);
  }
});

events.addEventListener('order', e => {
  const m = JSON.parse(e.data);
  const keep = new Set();
  for (const [body, ids] of [['offline', m.offline], ['online', m.online]]) {
    const tbody = document.getElementById(body);
    for (const id of ids) {
      const row = document.getElementById('board-' + id);
      if (row) {
        tbody.append(row);
        keep.add(row);
      }
    }
  }
  for (const row of document.querySelectorAll('tbody > tr')) {
    if (!keep.has(row)) row.remove();
  }
  document.getElementById('empty').hidden = keep.size > 0;
  document.title = `gammon td — ${m.online.length} board${m.online.length === 1 ? '' : 's'} online`;
});

events.addEventListener('notes', e => {
  document.getElementById('notes').innerHTML = JSON.parse(e.data).html;
});

function clockText(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  const mm = String(Math.floor(s / 60) % 60).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

// tick counts the running clocks down: the delay first, then the reserve.
function tick() {
  for (const c of document.querySelectorAll('.clock.running')) {
    let delay = Number(c.dataset.delayMs);
    let left = Number(c.dataset.leftMs);
    if (delay > 0) {
      delay = Math.max(0, delay - 1000);
    } else {
      left = Math.max(0, left - 1000);
    }
    c.dataset.delayMs = delay;
    c.dataset.leftMs = left;
    c.querySelector('.time').textContent = clockText(left);
    const d = c.querySelector('.delay');
    if (d) d.textContent = delay > 0 ? '+' + clockText(delay) : '';
  }
}
setInterval(tick, 1000);
