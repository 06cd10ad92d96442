import re, sys, collections
g2 = {('ego-Facebook','triangle'):0.058,('ca-HepPh','triangle'):0.34,('email-Enron','triangle'):0.084,
      ('ego-Facebook','k=4'):0.62,('ca-HepPh','k=4'):1.99,('email-Enron','k=4'):0.27,('kron20','k=4'):246,
      ('ego-Facebook','k=5'):13.6,('ca-HepPh','k=5'):97,('email-Enron','k=5'):0.95,
      ('ego-Facebook','4-cycle'):2.14,('ca-HepPh','4-cycle'):6.56,('email-Enron','4-cycle'):1.15}
rows = collections.defaultdict(dict); counts = {}
for line in open(sys.argv[1]):
    f = [x.strip() for x in line.split('|')]
    if len(f) < 5 or not f[3].endswith(' ms'): continue
    graph, app, var, t, count = f[0], f[1], f[2], float(f[3][:-3]), f[4]
    key = (graph, app.split()[-1])
    if t <= 0: continue
    rows[key][var] = t; counts.setdefault(key, set()).add(count)
names = {'flat-pairs=-1,pivots=-1':'old','default':'default','register-cap=on':'cap','narrow-lanes=8,narrow-max=16':'narrow',
         'narrow-lanes=8,narrow-max=16,register-cap=on':'nc','narrow-lanes=8,narrow-max=16,pivots=-1,register-cap=on':'nc-nopiv',
         'narrow-lanes=4,narrow-max=32,register-cap=on':'n32x4c','flat-pairs=1024,narrow-lanes=8,narrow-max=16,register-cap=on':'nc+fp1024',
         'chunk=4,narrow-lanes=8,narrow-max=16,register-cap=on':'nc+chunk4'}
print('| graph | cell | old | default | cap | narrow | nc | best (variant) | G2Miner | best/G2Miner | counts equal |')
print('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|')
for key in sorted(rows):
    r = {names.get(v, v): t for v, t in rows[key].items()}
    best = min(r.items(), key=lambda x: x[1])
    g = g2.get(key)
    fmt = lambda x: ('%.3f' % x) if x is not None else ''
    print(f"| {key[0]} | {key[1]} | {fmt(r.get('old'))} | {fmt(r.get('default'))} | {fmt(r.get('cap'))} | {fmt(r.get('narrow'))} | {fmt(r.get('nc'))} | {fmt(best[1])} ({best[0]}) | {fmt(g)} | {('%.2f' % (best[1]/g)) if g else ''} | {'yes' if len(counts[key])==1 else 'NO: '+str(counts[key])} |")
# per-variant geometric mean speedup over old
import math
agg = collections.defaultdict(list)
for key in rows:
    r = {names.get(v, v): t for v, t in rows[key].items()}
    if 'old' in r:
        for v, t in r.items(): agg[v].append(math.log(r['old'] / t))
print()
for v, l in sorted(agg.items(), key=lambda x: -sum(x[1])/len(x[1])):
    print(f"- {v}: geometric-mean speedup over old {math.exp(sum(l)/len(l)):.2f}x over {len(l)} cells")
