// Delete every node no paper reaches any more (second step of `paperkg load --replace`): authors, entities
// and venues without a paper, then subareas without a paper, then top areas with neither papers nor subareas.
// Sweeping the whole graph (not just the replaced papers' neighbours) also cleans up after an interrupted replace.
// No parameters.
MATCH (n:Author) WHERE NOT EXISTS { (n)--(:Paper) } DETACH DELETE n;
MATCH (n:Method) WHERE NOT EXISTS { (n)--(:Paper) } DETACH DELETE n;
MATCH (n:Task) WHERE NOT EXISTS { (n)--(:Paper) } DETACH DELETE n;
MATCH (n:Dataset) WHERE NOT EXISTS { (n)--(:Paper) } DETACH DELETE n;
MATCH (n:Venue) WHERE NOT EXISTS { (n)--(:Paper) } DETACH DELETE n;
MATCH (n:Area)-[:SUBAREA_OF]->(:Area) WHERE NOT EXISTS { (n)--(:Paper) } DETACH DELETE n;
MATCH (n:Area) WHERE NOT EXISTS { (n)--(:Paper) } AND NOT EXISTS { (n)<-[:SUBAREA_OF]-(:Area) } DETACH DELETE n;
