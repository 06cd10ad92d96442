# table.py OUTDIR: the markdown table of run.sh output (flow_s, time_s, md5 of the .part files).
import json,sys,hashlib,math
d=sys.argv[1]
print("| instance | k | cut | flow_s old | flow_s new | flow speed-up | time_s old | time_s new | .part md5 identical |")
print("|---|---|---|---|---|---|---|---|---|")
for k in (2,4):
  fo=[];fn=[]
  for i in range(1,10):
    r={}
    for v in ('old','new'):
      try: r[v]=json.load(open(f"{d}/{v}/ibm0{i}.k{k}.json"))
      except Exception: r[v]=None
    if not r['old'] or not r['new']: continue
    h=[hashlib.md5(open(f"{d}/{v}/ibm0{i}.k{k}.part",'rb').read()).hexdigest() for v in ('old','new')]
    o,n=r['old'],r['new']
    fo.append(o['flow_s']);fn.append(n['flow_s'])
    print(f"| ibm0{i} | {k} | {n['cut']} | {o['flow_s']:.3f} | {n['flow_s']:.3f} | {o['flow_s']/n['flow_s']:.2f}x | {o['time_s']:.3f} | {n['time_s']:.3f} | {'yes' if h[0]==h[1] else 'NO'} |")
  if fo:
    g=math.exp(sum(math.log(a/b) for a,b in zip(fo,fn))/len(fo))
    print(f"| sum/geomean | {k} | | {sum(fo):.3f} | {sum(fn):.3f} | {g:.2f}x (geomean) | | | |")
