-- The keys of migration search_owner_keys, unchanged, made by a PL/pgSQL loop instead of a SQL
-- query. PostgreSQL 15 plans a SQL function's query again in every statement that calls it, and
-- every write the index sees calls it: each insert, and each update that changes an indexed column
-- (a status change does). That cost 100–200 µs more backend CPU per single-row UPDATE than the
-- trigram index it replaced; PL/pgSQL is compiled once per connection and measured on par with it.
-- The same text gives the same keys, so the index built by search_owner_keys stays valid.
CREATE OR REPLACE FUNCTION "studio_search_keys"(owner TEXT, folded TEXT) RETURNS TEXT[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  keys TEXT[] := '{}';
  piece TEXT;
BEGIN
  FOR pos IN 1 .. coalesce(length(folded), 0) - 2 LOOP
    piece := substr(folded, pos, 3);
    IF position(' ' IN piece) = 0 THEN
      keys := keys || (owner || piece);
    END IF;
  END LOOP;
  RETURN keys;
END
$$;
