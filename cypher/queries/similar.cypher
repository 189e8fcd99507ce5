// similar: the papers most similar to the paper called $paper (its title or key, any case), by the
// methods, datasets and tasks they share: score = 2 x methods + 2 x datasets + 1 x tasks shared.
// Order: highest score first, then paper name and key.
// :param paper => 'Attention Is All You Need';
// :param limit => 10;
MATCH (target:Paper)
WHERE toLower(trim($paper)) IN [toLower(trim(target.name)), toLower(trim(target.key))]
WITH collect(target) AS targets
UNWIND targets AS target
MATCH (target)-[:USES_METHOD|USES_DATASET|ADDRESSES|PROPOSES]->(e)<-[:USES_METHOD|USES_DATASET|ADDRESSES|PROPOSES]-(other:Paper)
WHERE NOT other IN targets
WITH DISTINCT other, e
ORDER BY e.name
WITH other, collect(e) AS shared
WITH other,
     [x IN shared WHERE x:Method | x.name] AS methods,
     [x IN shared WHERE x:Dataset | x.name] AS datasets,
     [x IN shared WHERE x:Task | x.name] AS tasks
RETURN other.name AS paper, 2 * size(methods) + 2 * size(datasets) + size(tasks) AS score,
       methods, datasets, tasks, other.key AS key
ORDER BY score DESC, paper, key
LIMIT $limit;
