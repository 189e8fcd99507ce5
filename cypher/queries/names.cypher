// names: every name and alias of the nodes with one of $labels: what paperkg picks close matches
// from when a name is not found.
// :param labels => ['Method', 'Task', 'Dataset'];
MATCH (n)
WHERE any(l IN labels(n) WHERE l IN $labels)
RETURN n.name AS name, coalesce(n.aliases, []) AS aliases;
