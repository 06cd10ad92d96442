# Device memory of `tessera partition` per Table I network, from sizes (issue 23, item 3).
# Inputs: nodes n, nets m, pins P, oversized neighbour entries K = sum over nets of <= 1000 pins
# of |e|^2, deduplicated neighbour entries U (sampled, nbr_stats.cpp). Bytes per the code:
import json, sys
GB = 1e9
def estimate(n, m, P, K, U, free=140e9, delta=True):
    E = max(4096, free / 8 / 20)                      # batch entries (neighbor_batches.hpp)
    inp = 8*(m+1) + 4*P + 4*m + 8*m + 8*(n+1) + 4*P + 4*n + 8*n + 8*m   # hypergraph + fixed-point weights
    levels = inp                                      # coarse levels, at most about the input again
    cws = 8*P + 24*m + 12*n                           # contraction workspace
    small = 96*n + 40*n + 24*n                        # candidates, matching, row offsets
    build = 5*U + 8*min(K, E) + 24*n                  # build_neighbors: rows + one batch of keys
    mat = 10*U + 8*min(U, E) + 12*min(U, E)           # rows + spare + derivation keys + histograms
    coarsen_mat = inp + levels + cws + small + max(build, mat)
    stream = 25*min(K, E) + 16*n                 # --neighbors off: one batch of keys, rows, bins
    coarsen_off = inp + levels + cws + small + stream
    refine = inp + levels + 20*P + 4*m + (48*P if delta else 0) + 100*n
    return dict(E=E, materialised=max(coarsen_mat, refine), neighbors_off=max(coarsen_off, refine),
                rows=5*U, keys_unbatched=8*K, refine=refine)
rows = [json.loads(l) for f in sys.argv[1:] for l in open(f) if l.startswith('{')]
print('| network | nodes | pins | oversized K | unique U | rows 5U | keys 8K unbatched | refinement | total, materialised | total, --neighbors off |')
print('|---|---|---|---|---|---|---|---|---|---|')
for r in rows:
    n, m, P, K, U = r['nodes'], r['nets'], r['pins'], r['oversized'], r['unique_est']
    name = r['spec'].replace('nn:table1=', '')
    if name.startswith('nn:model-rand,neurons=690000'):   # the 1M network at 1/10: per-node values x 6.9M
        f = 6.9e6 / n; n, m, P, K, U = 6.9e6, 6.9e6, P*f, K*f, U*f; name = '1M (6.9M, from 1/10 scale)'
    e = estimate(n, m, P, K, U)
    print(f"| {name} | {n/1e3:.0f}k | {P/1e6:.1f}M | {K/1e9:.2f}G | {U/1e9:.3f}G | {5*U/GB:.1f} GB | {8*K/GB:.1f} GB | "
          f"{e['refine']/GB:.1f} GB | {e['materialised']/GB:.1f} GB | {e['neighbors_off']/GB:.1f} GB |")
