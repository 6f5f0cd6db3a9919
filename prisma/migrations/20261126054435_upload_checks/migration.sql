-- AlterTable
ALTER TABLE "StoredObject" ADD COLUMN     "unchecked" BOOLEAN NOT NULL DEFAULT false,
ALTER COLUMN "size" DROP NOT NULL;
