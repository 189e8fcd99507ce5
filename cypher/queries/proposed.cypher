// proposed: which papers propose (introduce) the method or dataset called $name (name, key or alias,
// any case), and which other papers use it.
// Order: entity, then proposers before users, then paper name and key.
// :param name => 'ResNet';
// :param limit => 25;
MATCH (p:Paper)-[r:USES_METHOD|USES_DATASET|PROPOSES]->(e)
WHERE toLower(trim($name)) IN [toLower(trim(e.name)), toLower(trim(e.key))] + [a IN coalesce(e.aliases, []) | toLower(trim(a))]
RETURN e.name AS entity, labels(e)[0] AS label,
       CASE type(r) WHEN 'PROPOSES' THEN 'proposes' ELSE 'uses' END AS role, p.name AS paper, p.key AS key
ORDER BY entity, label, role, paper, key
LIMIT $limit;
