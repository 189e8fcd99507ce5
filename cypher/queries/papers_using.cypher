// papers-using: papers that use, address or propose the method, task or dataset called $name
// (its name, key or any alias, in any case), with the relation and how often the abstract mentions it.
// Order: most mentions first, then paper name and key.
// :param name => 'transformer';
// :param limit => 25;
MATCH (p:Paper)-[r:USES_METHOD|USES_DATASET|ADDRESSES|PROPOSES]->(e)
WHERE toLower(trim($name)) IN [toLower(trim(e.name)), toLower(trim(e.key))] + [a IN coalesce(e.aliases, []) | toLower(trim(a))]
RETURN p.name AS paper, type(r) AS relation, coalesce(r.mentions, 0) AS mentions, e.name AS entity,
       labels(e)[0] AS label, p.key AS key
ORDER BY mentions DESC, paper, key, label, entity, relation
LIMIT $limit;
