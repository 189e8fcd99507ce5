// Lints Cypher statements offline with Neo4j's own parser and semantic analysis.
//
// stdin:  {"schema": {"labels": [...], "relationshipTypes": [...], "propertyKeys": [...]},
//          "statements": [{"name": "...", "query": "...", "parameters": {...}}],
//          "consoleCommands": false}
// stdout: [{"name": "...", "diagnostics": [{"severity": "error"|"warning"|..., "message": "...",
//           "range": {"start": {"line", "character"}, "end": {...}}, "offsets": {"start", "end"}}]}]
//
// Each statement is linted with its own parameters in the schema's `parameters` map, so an
// undeclared $param is an error. Diagnostics are passed through unfiltered; only the numeric
// LSP severity is replaced by its name. Console commands (`:param ...`) are off by default
// because the driver rejects them.
import { lintCypherQuery } from '@neo4j-cypher/language-support';

const SEVERITY = { 1: 'error', 2: 'warning', 3: 'information', 4: 'hint' };

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function lint(statement, schema, consoleCommandsEnabled) {
  const dbSchema = {
    labels: schema.labels ?? [],
    relationshipTypes: schema.relationshipTypes ?? [],
    ...(schema.propertyKeys ? { propertyKeys: schema.propertyKeys } : {}),
    parameters: statement.parameters ?? {},
  };
  const { diagnostics } = lintCypherQuery(statement.query, dbSchema, { consoleCommandsEnabled });
  return diagnostics.map((d) => ({ ...d, severity: SEVERITY[d.severity] ?? String(d.severity) }));
}

const input = JSON.parse(await readStdin());
const schema = input.schema ?? {};
const consoleCommands = Boolean(input.consoleCommands);
const results = (input.statements ?? []).map((s) => ({
  name: s.name,
  diagnostics: lint(s, schema, consoleCommands),
}));
process.stdout.write(JSON.stringify(results) + '\n');
