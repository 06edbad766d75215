// The desk's analyses, live: the desk streams the page's figures as they
// change (api/analysis/events), an analysis under way once a second.
'use strict';

// The page updates itself from here on: the note saying it cannot goes.
document.documentElement.classList.add('live');

const link = document.getElementById('link');
const events = new EventSource('api/analysis/events');
events.onopen = () => { link.textContent = ''; };
events.onerror = () => { link.textContent = '(the desk is out of reach: reconnecting)'; };

events.addEventListener('analyses', e => {
  const t = document.createElement('template');
  t.innerHTML = JSON.parse(e.data).html; // the desk's own template, every board's text escaped
  document.getElementById('analyses').replaceChildren(t.content);
});
