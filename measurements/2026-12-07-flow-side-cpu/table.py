import json,sys,csv
best={}
for r in csv.DictReader(open('/work/shared/data/hypergraphs/best_known_kahypar_jea20_sea20.csv')):
    if r['epsilon']=='0.03': best[(r['instance'].replace('ISPD98_','').split('.')[0],int(r['k']))]=int(r['best_cut'])
for f in sys.argv[1:]:
    rows=[json.loads(l) for l in open(f)]
    g=1; t=0; fl=0; worst=(0,'')
    for d in rows:
        q=d['cut']/best[(d['instance'],d['num_parts'])]; g*=q; t+=d['time_s']; fl+=d['flow_s']
        worst=max(worst,(q,d['instance']))
    print(f, 'geomean %.4f worst %.3f %s  time %.2f flow %.2f' % (g**(1/len(rows)), worst[0], worst[1], t, fl))
