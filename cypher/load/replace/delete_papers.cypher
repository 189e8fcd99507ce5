// Delete one source's papers and their relationships (first step of `paperkg load --replace`).
// `source` is the input path the papers were read from, as stored in Paper.source.
// :param source => 'seeds/000_53756cee41e1786d.txt';
MATCH (p:Paper {source: $source})
DETACH DELETE p
