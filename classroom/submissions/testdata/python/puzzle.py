# An implementation of the COMS 4701 search assignment written from its
# handout alone, independently of tilespace: BFS with a queue, DFS with a
# stack (children pushed in reverse Up, Down, Left, Right order), A* on
# Manhattan distance with ties taken first in, first out; the goal tested
# when a node is removed, a child already seen skipped. The tests run it as
# a submission and expect full marks: its counts are the reference's for
# BFS and DFS, and may differ only where the handout allows for A*.
import sys, time, resource, heapq, itertools
from collections import deque

GOAL = (0,1,2,3,4,5,6,7,8)
MOVES = [('Up',-3),('Down',3),('Left',-1),('Right',1)]

def children(s):
    b = s.index(0)
    r, c = divmod(b, 3)
    out = []
    for name, d in MOVES:
        if name == 'Up' and r == 0: continue
        if name == 'Down' and r == 2: continue
        if name == 'Left' and c == 0: continue
        if name == 'Right' and c == 2: continue
        t = list(s); t[b], t[b+d] = t[b+d], 0
        out.append((name, tuple(t)))
    return out

def path(parent, s):
    p = []
    while parent[s][0] is not None:
        p.append(parent[s][1]); s = parent[s][0]
    return p[::-1]

def bfs(start):
    front = deque([start]); seen = {start}; parent = {start: (None, None, 0)}
    exp = 0; maxd = 0
    while front:
        s = front.popleft()
        if s == GOAL: return path(parent, s), exp, parent[s][2], maxd
        exp += 1
        for m, c in children(s):
            if c not in seen:
                seen.add(c); parent[c] = (s, m, parent[s][2]+1); maxd = max(maxd, parent[c][2]); front.append(c)

def dfs(start):
    stack = [start]; seen = {start}; parent = {start: (None, None, 0)}
    exp = 0; maxd = 0
    while stack:
        s = stack.pop()
        if s == GOAL: return path(parent, s), exp, parent[s][2], maxd
        exp += 1
        for m, c in reversed(children(s)):
            if c not in seen:
                seen.add(c); parent[c] = (s, m, parent[s][2]+1); maxd = max(maxd, parent[c][2]); stack.append(c)

def h(s):
    return sum(abs(i//3 - t//3) + abs(i%3 - t%3) for i, t in enumerate(s) if t)

def ast(start):
    cnt = itertools.count()
    heap = [(h(start), next(cnt), start)]; g = {start: 0}; parent = {start: (None, None, 0)}
    closed = set(); exp = 0; maxd = 0
    while heap:
        f, _, s = heapq.heappop(heap)
        if s in closed: continue
        if s == GOAL: return path(parent, s), exp, parent[s][2], maxd
        closed.add(s); exp += 1
        for m, c in children(s):
            ng = g[s] + 1
            if c not in closed and ng < g.get(c, 1 << 30):
                g[c] = ng; parent[c] = (s, m, ng); maxd = max(maxd, ng)
                heapq.heappush(heap, (ng + h(c), next(cnt), c))

def main():
    method, board = sys.argv[1], tuple(int(x) for x in sys.argv[2].split(','))
    ram0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.time()
    p, exp, depth, maxd = {'bfs': bfs, 'dfs': dfs, 'ast': ast}[method](board)
    t = time.time() - t0
    ram = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - ram0) / 2**10
    with open('output.txt', 'w') as f:
        f.write('path_to_goal: %s\n' % str(p))
        f.write('cost_of_path: %d\n' % len(p))
        f.write('nodes_expanded: %d\n' % exp)
        f.write('search_depth: %d\n' % depth)
        f.write('max_search_depth: %d\n' % maxd)
        f.write('running_time: %.8f\n' % t)
        f.write('max_ram_usage: %.8f\n' % ram)

main()
