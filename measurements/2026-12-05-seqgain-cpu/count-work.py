import sys,re
for f in sys.argv[1:]:
    s={}; mx=0; calls=0; maxW=None
    for line in open(f):
        if line.startswith('SEQCOUNT') or line.startswith('SEQSTEP'):
            kv=dict(x.split('=') for x in line.split()[1:])
            if line.startswith('SEQCOUNT'):
                calls+=1; mx=max(mx,int(kv['maxmov']))
                for k in ['P','W','t_moving','t_kernel']: s[k]=s.get(k,0)+float(kv[k])
                if maxW is None or int(kv['W'])>int(maxW['W']): maxW=kv
            else:
                for k in ['t_chain','t_cyclerank']: s[k]=s.get(k,0)+float(kv[k])
    print(f, 'calls',calls,'P=%d W=%d W/P=%.1f maxmov=%d'%(s['P'],s['W'],s['W']/max(1,s['P']),mx), ' '.join('%s=%.3f'%(k,s.get(k,0)) for k in ['t_moving','t_kernel','t_chain','t_cyclerank']))
    print('   worst call:', maxW)
