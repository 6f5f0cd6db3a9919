-- /creations filtered by model (issue 20 item 7): the newest page of one user's creations of one
-- model. With only ("userId", "createdAt"), a model the user seldom used made the page read that
-- user's whole history: 59.6 ms and 3,924 buffers for 50 matches among 50,000 rows; with this
-- index it reads the page itself.
-- CreateIndex
CREATE INDEX "Generation_userId_modelId_createdAt_idx" ON "Generation"("userId", "modelId", "createdAt");
