// area: the top $limit datasets, methods and tasks (each) of the papers in the area called $name
// (name or key such as 'computer vision/image generation', any case), its subareas included.
// Order: label, then most papers first, then name and key.
// :param name => 'Computer Vision';
// :param limit => 10;
MATCH (top:Area)
WHERE toLower(trim($name)) IN [toLower(trim(top.name)), toLower(trim(top.key))] + [a IN coalesce(top.aliases, []) | toLower(trim(a))]
OPTIONAL MATCH (sub:Area)-[:SUBAREA_OF]->(top)
WITH collect(DISTINCT top) + collect(DISTINCT sub) AS areas
UNWIND areas AS area
MATCH (p:Paper)-[:IN_AREA]->(area)
WITH DISTINCT p
MATCH (p)-[:USES_METHOD|USES_DATASET|ADDRESSES|PROPOSES]->(e)
WITH labels(e)[0] AS label, e, count(DISTINCT p) AS papers
ORDER BY label, papers DESC, e.name, e.key
WITH label, collect({name: e.name, papers: papers, key: e.key})[..$limit] AS best
UNWIND best AS row
RETURN label, row.name AS name, row.papers AS papers, row.key AS key
ORDER BY label, papers DESC, name, key;
