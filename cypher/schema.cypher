// The schema paperkg writes into: one uniqueness constraint on `key` per node label, so MERGE by key
// is fast and can never duplicate a node, plus an index on Paper.source for `paperkg load --replace`.
// Idempotent (IF NOT EXISTS); `paperkg init-db` runs this file, and `paperkg load` runs it before any write.
// No parameters.
CREATE CONSTRAINT paper_key IF NOT EXISTS FOR (n:Paper) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT author_key IF NOT EXISTS FOR (n:Author) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT method_key IF NOT EXISTS FOR (n:Method) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT task_key IF NOT EXISTS FOR (n:Task) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT dataset_key IF NOT EXISTS FOR (n:Dataset) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT area_key IF NOT EXISTS FOR (n:Area) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT venue_key IF NOT EXISTS FOR (n:Venue) REQUIRE n.key IS UNIQUE;
CREATE INDEX paper_source IF NOT EXISTS FOR (n:Paper) ON (n.source);
