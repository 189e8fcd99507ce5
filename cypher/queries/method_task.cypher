// method-task: which methods are used for which tasks: the number of papers that use (or propose)
// the method and address the task, when at least $min_papers.
// Order: most papers first, then method and task names and keys.
// :param min_papers => 1;
// :param limit => 25;
MATCH (m:Method)<-[:USES_METHOD|PROPOSES]-(p:Paper)-[:ADDRESSES]->(t:Task)
WITH m, t, count(DISTINCT p) AS papers
WHERE papers >= $min_papers
RETURN m.name AS method, t.name AS task, papers, m.key AS method_key, t.key AS task_key
ORDER BY papers DESC, method, task, method_key, task_key
LIMIT $limit;
