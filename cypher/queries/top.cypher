// top: the most connected nodes of one label (Method, Task, Dataset or Author) by number of papers
// (entities: papers that use, address or propose them; authors: papers they wrote).
// Order: most papers first, then name and key.
// :param label => 'Method';
// :param limit => 25;
MATCH (p:Paper)-[r:AUTHORED|USES_METHOD|USES_DATASET|ADDRESSES|PROPOSES]-(n)
WHERE $label IN labels(n)
WITH n, count(DISTINCT p) AS papers
RETURN n.name AS name, papers, $label AS label, n.key AS key
ORDER BY papers DESC, name, key
LIMIT $limit;
