-- The model filter's index leads with the model, so a lookup by "userId" alone can no longer take it.
--
-- A submit looks up its idempotency key (WHERE "userId" = $1 AND "idempotencyKey" = $2; record.ts)
-- and should read the one entry of the unique ("userId", "idempotencyKey") index. On a table that has
-- never been analysed (a new studio, until autovacuum's first ANALYZE) the planner costs every index
-- that starts with "userId" the same, and of equal paths it keeps the newest index: that was
-- ("userId", "modelId", "createdAt") from migration creations_model_index, so each submit walked the
-- user's whole history for its key (at 2,762 rows: 1.6 ms of the statement's 3.7 ms, and the submit
-- throughput of `npm run bench` fell from about 0.4 to 0.2 of the bare route). With the model first
-- the same filter (one user's newest creations of one model) reads the same entries, and of the
-- indexes left that start with "userId" the unique one is the newest (init: it follows
-- ("userId", "createdAt")). test/integration/generation/record-plan.test.ts pins the plan, so a new
-- index that takes the lookup again fails a test instead of halving the submits.
-- DropIndex
DROP INDEX "Generation_userId_modelId_createdAt_idx";

-- CreateIndex
CREATE INDEX "Generation_modelId_userId_createdAt_idx" ON "Generation"("modelId", "userId", "createdAt");
