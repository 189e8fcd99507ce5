// path: the shortest chain between the papers, authors, methods, tasks or datasets called $from_name
// and $to_name (name, key or alias, any case), at most 10 steps, through authorship and use only
// (areas and venues would join everything). Among equally short chains, the smallest by node ids
// ("Label:key"), then by relationship types, so the answer is always the same. One row per step.
// :param from_name => 'Ann Lee';
// :param to_name => 'Dan Wu';
MATCH (a)
WHERE (a:Paper OR a:Author OR a:Method OR a:Task OR a:Dataset)
  AND toLower(trim($from_name)) IN [toLower(trim(a.name)), toLower(trim(a.key))] + [x IN coalesce(a.aliases, []) | toLower(trim(x))]
MATCH (b)
WHERE (b:Paper OR b:Author OR b:Method OR b:Task OR b:Dataset)
  AND toLower(trim($to_name)) IN [toLower(trim(b.name)), toLower(trim(b.key))] + [x IN coalesce(b.aliases, []) | toLower(trim(x))]
WITH a, b
WHERE a <> b
MATCH p = allShortestPaths((a)-[:AUTHORED|PROPOSES|USES_METHOD|USES_DATASET|ADDRESSES*..10]-(b))
WITH p, [n IN nodes(p) | labels(n)[0] + ':' + n.key] AS ids, [r IN relationships(p) | type(r)] AS types
ORDER BY length(p), ids, types
LIMIT 1
UNWIND range(0, length(p)) AS step
WITH p, step, nodes(p)[step] AS n
RETURN step,
       CASE
         WHEN step = 0 THEN ''
         WHEN startNode(relationships(p)[step - 1]) = n THEN '<-[:' + type(relationships(p)[step - 1]) + ']-'
         ELSE '-[:' + type(relationships(p)[step - 1]) + ']->'
       END AS via,
       labels(n)[0] AS label, n.name AS name, n.key AS key
ORDER BY step;
