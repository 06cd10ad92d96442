import gzip,sys,os,bisect
def load(f):
    adj={}
    for l in gzip.open(f,'rt'):
        if l[0] in '#%': continue
        p=l.split()
        if len(p)<2: continue
        a,b=int(p[0]),int(p[1])
        if a==b: continue
        adj.setdefault(a,set()).add(b); adj.setdefault(b,set()).add(a)
    # compact ids keeping order (tessera keeps ids? assume ids as given; compaction keeps order)
    return adj
f=sys.argv[1]
adj=load(f)
ids=sorted(adj)
n=len(ids); m=sum(len(s) for s in adj.values())//2
deg={v:len(adj[v]) for v in ids}
# plain: v0 max id; d_below = neighbours with smaller id
P=0; Pi=0
for v in ids:
    db=sum(1 for u in adj[v] if u<v)
    P+=db*(db-1)//2
    # intersection cost proxy: sum over pairs (v1,v3) of min(d(v1),d(v3)) approx -> skip
# ranked ascending by degree (ties by id)
rank={v:i for i,v in enumerate(sorted(ids,key=lambda v:(deg[v],v)))}
W=0; Wmax=0
for v0 in ids:
    r0=rank[v0]; w=0
    for y in adj[v0]:
        if rank[y]<r0:
            w+=sum(1 for x in adj[y] if rank[x]<r0)
    W+=w; Wmax=max(Wmax,w)
# plain on descending-degree ranking (hubs low ids): v0 max rank = lowest degree
Pd=0
for v in ids:
    db=sum(1 for u in adj[v] if (deg[u],-u)>(deg[v],-v))  # neighbours of higher degree = lower id in descending ranking
    Pd+=db*(db-1)//2
print(os.path.basename(f).replace('.el.gz',''),n,m,P,Pd,W,Wmax)
Wp=0
for y in ids:
    up=sum(1 for u in adj[y] if (deg[u],u)>(deg[y],y))
    Wp+=deg[y]*up
print('WPROXY',os.path.basename(f).replace('.el.gz',''),Wp, round(P/Wp,3))
P2=0
for v in ids:
    below=[u for u in adj[v] if u<v]
    P2+=(len(below)-1)*sum(deg[u] for u in below) if below else 0
print('P2',os.path.basename(f).replace('.el.gz',''),P2, round(P2/Wp,3), round(P2/W,3))
