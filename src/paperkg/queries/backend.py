"""The Neo4j backend handle: which driver and database the `cypher/queries` files run against."""

from __future__ import annotations

from dataclasses import dataclass

import neo4j

from .. import cypher
from ..errors import StoreError


@dataclass(frozen=True)
class Neo4jBackend:
    driver: neo4j.Driver
    database: str = "neo4j"

    def run(self, query: str, /, **params: object) -> list[dict]:
        """Run `cypher/queries/<query>.cypher` with `params`; its records as dicts."""
        try:
            records, _, _ = self.driver.execute_query(
                cypher.statement(f"queries/{query}"), params, database_=self.database,
                routing_=neo4j.RoutingControl.READ,
            )
        except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError) as e:
            raise StoreError(f"query {query} failed on {self.database}: {e}") from e
        return [r.data() for r in records]
