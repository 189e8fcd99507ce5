// collaboration: every author with the number of distinct coauthors and their papers' keys.
// Order: most coauthors first, then most papers, then name and key.
// `paperkg query collaboration` also groups authors linked by shared papers into connected groups
// from these rows, in Python: Cypher without GDS or APOC has no connected components.
MATCH (a:Author)-[:AUTHORED]->(p:Paper)
WITH a, collect(DISTINCT p.key) AS papers
OPTIONAL MATCH (a)-[:AUTHORED]->(:Paper)<-[:AUTHORED]-(other:Author)
WHERE other <> a
WITH a, papers, count(DISTINCT other) AS coauthors
RETURN a.name AS author, coauthors, size(papers) AS paper_count, a.key AS key, papers
ORDER BY coauthors DESC, paper_count DESC, author, key;
