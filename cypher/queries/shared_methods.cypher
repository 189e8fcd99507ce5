// shared-methods: pairs of papers that share at least $min_shared methods (used or proposed), with the shared names.
// Order: most shared first, then the papers' names and keys; paper_a sorts before paper_b by (name, key).
// :param min_shared => 2;
// :param limit => 25;
MATCH (a:Paper)-[:USES_METHOD|PROPOSES]->(e:Method)<-[:USES_METHOD|PROPOSES]-(b:Paper)
WHERE a.name < b.name OR (a.name = b.name AND a.key < b.key)
WITH DISTINCT a, b, e
ORDER BY e.name
WITH a, b, collect(e.name) AS names
WHERE size(names) >= $min_shared
RETURN a.name AS paper_a, b.name AS paper_b, size(names) AS shared, names, a.key AS key_a, b.key AS key_b
ORDER BY shared DESC, paper_a, paper_b, key_a, key_b
LIMIT $limit;
