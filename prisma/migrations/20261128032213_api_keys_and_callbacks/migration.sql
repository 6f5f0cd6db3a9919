-- AlterTable
ALTER TABLE "Generation" ADD COLUMN     "apiKeyId" TEXT;

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "expiresAt" TIMESTAMP(3),
    "monthlyCreditCap" INTEGER,
    "spentCredits" INTEGER NOT NULL DEFAULT 0,
    "spentMonth" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiRateWindow" (
    "bucket" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ApiRateWindow_pkey" PRIMARY KEY ("bucket","windowStart")
);

-- CreateTable
CREATE TABLE "CallbackEndpoint" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secret" TEXT NOT NULL,
    "failingSince" TIMESTAMP(3),
    "disabledAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CallbackEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CallbackDelivery" (
    "id" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "generationId" TEXT,
    "event" TEXT NOT NULL,
    "payload" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "CallbackDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CallbackAttempt" (
    "id" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "response" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CallbackAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_prefix_key" ON "ApiKey"("prefix");

-- CreateIndex
CREATE INDEX "ApiKey_userId_createdAt_idx" ON "ApiKey"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "ApiRateWindow_windowStart_idx" ON "ApiRateWindow"("windowStart");

-- CreateIndex
CREATE INDEX "CallbackEndpoint_userId_createdAt_idx" ON "CallbackEndpoint"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "CallbackDelivery_status_nextAttemptAt_idx" ON "CallbackDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "CallbackDelivery_endpointId_generationId_event_key" ON "CallbackDelivery"("endpointId", "generationId", "event");

-- CreateIndex
CREATE INDEX "CallbackAttempt_endpointId_at_idx" ON "CallbackAttempt"("endpointId", "at");

-- CreateIndex
CREATE INDEX "CallbackAttempt_deliveryId_idx" ON "CallbackAttempt"("deliveryId");

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CallbackEndpoint" ADD CONSTRAINT "CallbackEndpoint_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CallbackDelivery" ADD CONSTRAINT "CallbackDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "CallbackEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CallbackAttempt" ADD CONSTRAINT "CallbackAttempt_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "CallbackEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CallbackAttempt" ADD CONSTRAINT "CallbackAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "CallbackDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
