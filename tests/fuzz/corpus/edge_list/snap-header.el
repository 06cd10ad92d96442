# Nodes: 4 Edges: 5
0 1
1 2
2 0
2 3
3 3
