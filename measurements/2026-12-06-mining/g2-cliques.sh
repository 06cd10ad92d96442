#!/usr/bin/env bash
# G2Miner's 4- and 5-clique kernel times on the graphs of flat-sweep.sh, in the same device call,
# so that the compiled 4-clique plan and the flat-path limits have their peer beside them.
#   g2-cliques.sh KIT DATA_DIR GM_KRON20_PREFIX OUT_CSV   (CSV: app,graph,count,time_s)
set -u
kit=${1:?peer kit} data=${2:?data dir} kron=${3:?kron20 prefix} csv=${4:?csv}
echo "app,graph,count,time_s" > "$csv"
for g in ego-Facebook ca-HepPh email-Enron wiki-Vote cit-HepTh kron20; do
  prefix=$kron
  if [ "$g" != kron20 ]; then prefix=/tmp/gm-$g; "$kit/el2gm" "$data/graphs/snap/$g.el.gz" "$prefix" > /dev/null 2>&1; fi
  for k in 4 5; do
    [ "$g" = kron20 ] && [ $k = 5 ] && continue
    log=$(timeout 60 "$kit/g2miner/clique_gpu_base" "$prefix" $k 2>&1)
    cnt=$(sed -n 's/^num_[0-9]*-cliques = \([0-9]*\).*/\1/p' <<< "$log" | tail -1)
    tm=$(sed -n 's/^runtime[^=]*= *\([0-9][0-9.eE+-]*\).*/\1/p' <<< "$log" | tail -1)
    echo "$k-clique,$g,${cnt:-FAIL},$tm" >> "$csv"
  done
done
