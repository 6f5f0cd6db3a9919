-- History search (issue 21): trigram indexes for partial words, unaccent for accent folding.
-- Both are contrib extensions PostgreSQL marks "trusted" (a database owner may create them); the
-- embedded PGlite is started with their bundles (src/server/db/pglite-server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- AlterTable
ALTER TABLE "Generation" ADD COLUMN     "promptHidden" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "searchText" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "starred" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Collection" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Collection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CollectionItem" (
    "collectionId" TEXT NOT NULL,
    "generationId" TEXT NOT NULL,
    "addedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CollectionItem_pkey" PRIMARY KEY ("collectionId","generationId")
);

-- CreateIndex
CREATE INDEX "Collection_userId_createdAt_idx" ON "Collection"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "CollectionItem_generationId_idx" ON "CollectionItem"("generationId");

-- CreateIndex
CREATE INDEX "Generation_searchText_idx" ON "Generation" USING GIN ("searchText" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "Collection" ADD CONSTRAINT "Collection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionItem" ADD CONSTRAINT "CollectionItem_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "Collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionItem" ADD CONSTRAINT "CollectionItem_generationId_fkey" FOREIGN KEY ("generationId") REFERENCES "Generation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What search compares: lowercased, accents removed. Queries fold their words with the same
-- function (src/server/services/creations/search-words.ts), so text and words always agree.
CREATE FUNCTION "studio_search_fold"(value TEXT) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT lower(unaccent(coalesce(value, '')))
$$;

-- searchText is the database's own: kept from the prompt (input.prompt) and the caption text of a
-- text result (outputText) on every write that changes them, whoever writes (Prisma, raw SQL).
CREATE FUNCTION "Generation_searchText"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchText" := "studio_search_fold"(coalesce(NEW."input"->>'prompt', '') || ' ' || coalesce(NEW."outputText", ''));
  RETURN NEW;
END
$$;

CREATE TRIGGER "Generation_searchText"
  BEFORE INSERT OR UPDATE OF "input", "outputText" ON "Generation"
  FOR EACH ROW EXECUTE FUNCTION "Generation_searchText"();

-- Existing creations become searchable too.
UPDATE "Generation" SET "searchText" = "studio_search_fold"(coalesce("input"->>'prompt', '') || ' ' || coalesce("outputText", ''));
