// coauthors: the collaborators of the author called $name (name or key, any case), with the titles
// of the papers they wrote together.
// Order: most shared papers first, then name and key.
// :param name => 'Yoshua Bengio';
// :param limit => 25;
MATCH (me:Author)
WHERE toLower(trim($name)) IN [toLower(trim(me.name)), toLower(trim(me.key))] + [a IN coalesce(me.aliases, []) | toLower(trim(a))]
WITH collect(me) AS mes
UNWIND mes AS me
MATCH (me)-[:AUTHORED]->(p:Paper)<-[:AUTHORED]-(other:Author)
WHERE NOT other IN mes
WITH DISTINCT other, p
ORDER BY p.name
WITH other, collect(p.name) AS titles
RETURN other.name AS author, size(titles) AS papers, titles, other.key AS key
ORDER BY papers DESC, author, key
LIMIT $limit;
