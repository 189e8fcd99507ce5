// Answers whether the database exists and accepts queries; `paperkg load` and `init-db` run it after connecting.
// No parameters.
RETURN 1 AS ok
