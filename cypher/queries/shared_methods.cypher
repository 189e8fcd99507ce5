// shared-methods: pairs of papers that share at least $min_shared methods (used or proposed), with the shared names.
// Order: most shared first, then the papers' names and keys; paper_a sorts before paper_b by (name, key).
// Grouped per paper (CALL) and carrying keys until after LIMIT, so no step holds every pair's entities:
// hub entities (a method in hundreds of papers) make a hundred thousand pairs.
// :param min_shared => 2;
// :param limit => 25;
MATCH (a:Paper)
CALL (a) {
  MATCH (a)-[:USES_METHOD|PROPOSES]->(e:Method)<-[:USES_METHOD|PROPOSES]-(b:Paper)
  WHERE a.name < b.name OR (a.name = b.name AND a.key < b.key)
  WITH b, collect(DISTINCT e.key) AS keys
  WHERE size(keys) >= $min_shared
  RETURN b.name AS paper_b, b.key AS key_b, keys
}
WITH a.name AS paper_a, paper_b, a.key AS key_a, key_b, keys
ORDER BY size(keys) DESC, paper_a, paper_b, key_a, key_b
LIMIT $limit
UNWIND keys AS key
MATCH (e:Method {key: key})
WITH paper_a, paper_b, key_a, key_b, e.name AS name
ORDER BY name
WITH paper_a, paper_b, key_a, key_b, collect(name) AS names
RETURN paper_a, paper_b, size(names) AS shared, names, key_a, key_b
ORDER BY shared DESC, paper_a, paper_b, key_a, key_b;
