-- AlterTable
ALTER TABLE "Generation" ADD COLUMN     "moderatedAt" TIMESTAMP(3),
ADD COLUMN     "moderation" TEXT,
ADD COLUMN     "screening" JSONB;

-- CreateTable
CREATE TABLE "CreationReport" (
    "id" TEXT NOT NULL,
    "generationId" TEXT NOT NULL,
    "reporterKey" TEXT NOT NULL,
    "reporterId" TEXT,
    "address" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "text" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "CreationReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CreationReport_address_createdAt_idx" ON "CreationReport"("address", "createdAt");

-- CreateIndex
CREATE INDEX "CreationReport_resolvedAt_createdAt_idx" ON "CreationReport"("resolvedAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CreationReport_generationId_reporterKey_key" ON "CreationReport"("generationId", "reporterKey");

-- CreateIndex
CREATE INDEX "Generation_moderation_moderatedAt_idx" ON "Generation"("moderation", "moderatedAt");

-- AddForeignKey
ALTER TABLE "CreationReport" ADD CONSTRAINT "CreationReport_generationId_fkey" FOREIGN KEY ("generationId") REFERENCES "Generation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
