-- AlterTable
ALTER TABLE "Generation" ADD COLUMN     "batchId" TEXT;

-- CreateTable
CREATE TABLE "GenerationBatch" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "idempotencyKey" TEXT,
    "requestDigest" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "prompts" INTEGER NOT NULL,
    "variations" INTEGER NOT NULL,
    "itemCount" INTEGER NOT NULL,
    "cost" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "canceledAt" TIMESTAMP(3),

    CONSTRAINT "GenerationBatch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GenerationBatch_userId_createdAt_idx" ON "GenerationBatch"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "GenerationBatch_userId_idempotencyKey_key" ON "GenerationBatch"("userId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "Generation_batchId_idx" ON "Generation"("batchId");

-- AddForeignKey
ALTER TABLE "Generation" ADD CONSTRAINT "Generation_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "GenerationBatch"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GenerationBatch" ADD CONSTRAINT "GenerationBatch_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
