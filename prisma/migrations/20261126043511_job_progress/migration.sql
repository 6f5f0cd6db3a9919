-- AlterTable
ALTER TABLE "Generation" ADD COLUMN     "expectedDoneAt" TIMESTAMP(3),
ADD COLUMN     "progress" DOUBLE PRECISION,
ADD COLUMN     "queuePosition" INTEGER;
