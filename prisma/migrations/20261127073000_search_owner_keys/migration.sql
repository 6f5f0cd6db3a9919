-- History search whose cost is the searcher's own rows only (issue 20 §7, issue 21 §2).
--
-- The trigram index of migration history_search held every user's rows under one entry per
-- trigram. A word few creations hold ('lighthouse') still shares trigrams with a word every
-- creation holds ('light'), so each search walked those entries across all users: at 1,000,000
-- rows of 1,000 other users (+50,000 of the searcher) the index scan alone read ~900 buffers
-- (24 ms) to find 1,050 rows of which 50 were the searcher's, and a two-word search then read
-- 1,000 other people's rows from the table. Searches got slower as OTHER people created more.
--
-- Here every index entry is one user's: the key is the owner's id followed by three characters
-- of the searched text, so a search looks only at entries of the searcher's own rows (the same
-- search: 67 index buffers, 50 rows, under 2 ms). A search computes its keys from its words with
-- this same function (src/server/services/creations/search-matches.ts), so the two sides always
-- agree: a row holding a word holds every three-character piece of it. Pieces with a space are
-- never asked for (search words never contain one), so they are left out of the index.
--
-- The price is size and build time: with the owner in every key there are many more distinct
-- keys (309 MB at 1,050,000 rows, where the trigram index took 70 MB; about 100 s to build, during
-- which writes to "Generation" wait).
CREATE FUNCTION "studio_search_keys"(owner TEXT, folded TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(owner || piece), '{}')
  FROM (SELECT substr(folded, i, 3) AS piece FROM generate_series(1, length(folded) - 2) AS i) AS pieces
  WHERE position(' ' IN piece) = 0
$$;

CREATE INDEX "Generation_search_keys_idx" ON "Generation" USING GIN ("studio_search_keys"("userId", "searchText"));

-- The global trigram index goes: nothing else searches searchText, and left in place the planner
-- would still pick it for the searches above (and for the walk of a frequent word, see
-- listCreations), bringing back the cost of everyone else's rows.
DROP INDEX "Generation_searchText_idx";
