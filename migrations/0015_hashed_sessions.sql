-- Sessions are now stored by the SHA-256 of the token the cookie carries (decision 026). The rows made
-- before held the token itself, which SQL cannot hash: they end, and everyone signs in once more.
DELETE FROM `sessions`;
