// find: the nodes with one of $labels whose name, key or an alias is $name, in any case: the rule
// every question uses to find names. paperkg runs it when a question returns nothing, to tell an
// unknown name from an empty answer.
// :param name => 'transformer';
// :param labels => ['Method', 'Task', 'Dataset'];
MATCH (n)
WHERE any(l IN labels(n) WHERE l IN $labels)
  AND toLower(trim($name)) IN [toLower(trim(n.name)), toLower(trim(n.key))] + [a IN coalesce(n.aliases, []) | toLower(trim(a))]
RETURN labels(n)[0] AS label, n.key AS key, n.name AS name
ORDER BY label, key;
