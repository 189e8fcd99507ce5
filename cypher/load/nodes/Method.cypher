// Merge a batch of Method nodes by key. A row is written only when one of its properties differs from the
// stored value, so reloading unchanged data sets nothing; `written` counts the rows that were written.
// Each row is {key: 'a key', properties: {name: 'a name'}}; paperkg validates keys and values before sending.
// :param rows => [];
UNWIND $rows AS row
MERGE (n:Method {key: row.key})
WITH n, row
WHERE any(k IN keys(row.properties) WHERE n[k] IS NULL OR n[k] <> row.properties[k])
SET n += row.properties
RETURN count(n) AS written
