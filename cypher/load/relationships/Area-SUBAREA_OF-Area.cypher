// Merge a batch of (:Area)-[:SUBAREA_OF]->(:Area) relationships between nodes already loaded, matched by key.
// A row is written only when one of its properties differs from the stored value, so reloading unchanged
// data sets nothing; `written` counts the rows that were written.
// Each row is {start: 'start key', end: 'end key', properties: {}}.
// :param rows => [];
UNWIND $rows AS row
MATCH (a:Area {key: row.start})
MATCH (b:Area {key: row.end})
MERGE (a)-[r:SUBAREA_OF]->(b)
WITH r, row
WHERE any(k IN keys(row.properties) WHERE r[k] IS NULL OR r[k] <> row.properties[k])
SET r += row.properties
RETURN count(r) AS written
