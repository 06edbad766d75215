# Run by "gnubg -t -p": analyses the match the parameters name (a JSON file
# named by $GAMMON_ANALYSIS), prints gnubg's "show statistics match" on
# stdout, saves the analysed match as SGF when asked, and writes the
# players' names and the decisions gnubg marks bad or very bad, with its
# best, as JSON.
import json
import os

import gnubg

params = json.load(open(os.environ['GAMMON_ANALYSIS']))
gnubg.command(params['load'])
for kind in ('chequerplay', 'cubedecision'):
    gnubg.command('set analysis %s evaluation plies %d' % (kind, params['plies']))
gnubg.command('analyse match')
gnubg.command('show statistics match')
if params['sgf']:
    gnubg.command('save match "%s"' % params['sgf'])

MARKED = ('bad', 'very bad')
OPPOSITE = {'double': 'no double', 'take': 'pass', 'drop': 'take'}


def point(p):
    return {25: 'bar', 0: 'off'}.get(p, str(p))


def play(move):
    return ' '.join('%s/%s' % (point(a), point(b)) for a, b in move)


def decisions(match):
    names = {side: match['match-info'][side]['name'] for side in ('X', 'O')}
    for g, game in enumerate(match['games'], 1):
        for n, rec in enumerate(game['game'], 1):
            a = rec.get('analysis', {})
            who = {'game': g, 'move': n, 'player': names.get(rec.get('player'), '')}
            if rec['action'] == 'move':
                dice = ''.join(str(d) for d in rec['dice'])
                if a.get('cube-skill') in MARKED:
                    yield dict(who, kind='cube', skill=a['cube-skill'], dice=dice,
                               played='no double', best='double')
                moves = a.get('moves', [])
                if a.get('skill') in MARKED and a.get('imove', len(moves)) < len(moves):
                    made = moves[a['imove']]
                    yield dict(who, kind='checker', skill=a['skill'], dice=dice,
                               played=play(rec['move']), best=play(moves[0]['move']),
                               loss=moves[0]['score'] - made['score'])
            elif rec['action'] in OPPOSITE and a.get('skill') in MARKED:
                yield dict(who, kind='cube', skill=a['skill'], dice='',
                           played=rec['action'], best=OPPOSITE[rec['action']])


try:
    match = gnubg.match(analysis=1, boards=0, statistics=0, verbose=0)
except Exception:  # no match loaded: the statistics are missing too, and say so
    match = None
result = {'players': [], 'mistakes': []}
if match:
    # In the order of the statistics' columns.
    result['players'] = [match['match-info'][side]['name'] for side in ('X', 'O')]
    result['mistakes'] = list(decisions(match))
with open(params['out'], 'w') as out:
    json.dump(result, out)
