/**
 * Each procedure's output schema, the one its `.output(...)` declares, by path: the test link
 * parses every fake answer with it, so a fake cannot drift from what the server really sends (a
 * missing field, a string where a Date goes) and a component is never tested on a shape the
 * server would refuse to send.
 *
 * The map's type is derived from the router (the paths and outputs of call-procedure.ts, read with
 * tRPC's public `inferRouterOutputs`): tsc fails when a procedure is added without an entry here,
 * and when an entry's schema gives another type than the procedure's output. (tRPC has no public
 * way to read a procedure's parser back from the router.)
 */
import type { z } from 'zod';
import type { OutputAt, ProcedurePath } from '~/server/http/call-procedure';
import * as adminAdjustCredits from '~/server/routers/admin/adjust-credits.schema';
import * as adminAudit from '~/server/routers/admin/audit.schema';
import * as adminCancelJob from '~/server/routers/admin/cancel-job.schema';
import * as adminDeleteUser from '~/server/routers/admin/delete-user.schema';
import * as privacyDeleteAccount from '~/server/routers/privacy/delete-account.schema';
import * as privacyExport from '~/server/routers/privacy/export.schema';
import * as privacyLatestExport from '~/server/routers/privacy/latest-export.schema';
import * as privacyRequestExport from '~/server/routers/privacy/request-export.schema';
import * as uploadKeepPhoto from '~/server/routers/upload/keep-photo.schema';
import * as adminJobs from '~/server/routers/admin/jobs.schema';
import * as adminMaintenance from '~/server/routers/admin/maintenance.schema';
import * as adminModerate from '~/server/routers/admin/moderate.schema';
import * as adminModerationQueue from '~/server/routers/admin/moderation-queue.schema';
import * as adminOverview from '~/server/routers/admin/overview.schema';
import * as adminPurchases from '~/server/routers/admin/purchases.schema';
import * as adminReconcilePayments from '~/server/routers/admin/reconcile-payments.schema';
import * as adminRefundPurchase from '~/server/routers/admin/refund-purchase.schema';
import * as adminSubscriptions from '~/server/routers/admin/subscriptions.schema';
import * as adminRefundJob from '~/server/routers/admin/refund-job.schema';
import * as adminRerunJob from '~/server/routers/admin/rerun-job.schema';
import * as adminSearchUsers from '~/server/routers/admin/search-users.schema';
import * as adminSetMaintenance from '~/server/routers/admin/set-maintenance.schema';
import * as adminSetPremium from '~/server/routers/admin/set-premium.schema';
import * as adminSetRole from '~/server/routers/admin/set-role.schema';
import * as adminSetSuspended from '~/server/routers/admin/set-suspended.schema';
import * as adminUser from '~/server/routers/admin/user.schema';
import * as adminUserLedger from '~/server/routers/admin/user-ledger.schema';
import * as adminUserPurchases from '~/server/routers/admin/user-purchases.schema';
import * as billingCheckout from '~/server/routers/billing/checkout.schema';
import * as billingConfirm from '~/server/routers/billing/confirm.schema';
import * as billingLocalPay from '~/server/routers/billing/local-pay.schema';
import * as billingLocalSession from '~/server/routers/billing/local-session.schema';
import * as billingOffer from '~/server/routers/billing/offer.schema';
import * as billingPortal from '~/server/routers/billing/portal.schema';
import * as billingPurchases from '~/server/routers/billing/purchases.schema';
import * as billingStatus from '~/server/routers/billing/status.schema';
import * as collectionAdd from '~/server/routers/collection/add.schema';
import * as collectionCreate from '~/server/routers/collection/create.schema';
import * as collectionDelete from '~/server/routers/collection/delete.schema';
import * as collectionList from '~/server/routers/collection/list.schema';
import * as collectionRemove from '~/server/routers/collection/remove.schema';
import * as collectionRename from '~/server/routers/collection/rename.schema';
import * as creditsBalance from '~/server/routers/credits/balance.schema';
import * as creditsEstimate from '~/server/routers/credits/estimate.schema';
import * as creditsHistory from '~/server/routers/credits/history.schema';
import * as effectsGetImage from '~/server/routers/effects/get-image.schema';
import * as effectsGetVideo from '~/server/routers/effects/get-video.schema';
import * as effectsImageList from '~/server/routers/effects/image-list.schema';
import * as effectsVideoList from '~/server/routers/effects/video-list.schema';
import * as generationAppModels from '~/server/routers/generation/app-models.schema';
import * as generationApps from '~/server/routers/generation/apps.schema';
import * as generationCancel from '~/server/routers/generation/cancel.schema';
import * as generationCheckSync from '~/server/routers/generation/check-sync.schema';
import * as generationCheck from '~/server/routers/generation/check.schema';
import * as generationModel from '~/server/routers/generation/model.schema';
import * as generationModels from '~/server/routers/generation/models.schema';
import * as callbacksAttempts from '~/server/routers/callbacks/attempts.schema';
import * as callbacksCreate from '~/server/routers/callbacks/create.schema';
import * as callbacksList from '~/server/routers/callbacks/list.schema';
import * as callbacksRemove from '~/server/routers/callbacks/remove.schema';
import * as callbacksEnable from '~/server/routers/callbacks/enable.schema';
import * as callbacksSendTest from '~/server/routers/callbacks/send-test.schema';
import * as keysCreate from '~/server/routers/keys/create.schema';
import * as keysList from '~/server/routers/keys/list.schema';
import * as keysRevoke from '~/server/routers/keys/revoke.schema';
import * as generationNextSteps from '~/server/routers/generation/next-steps.schema';
import * as generationRandomPrompt from '~/server/routers/generation/random-prompt.schema';
import * as generationRunSync from '~/server/routers/generation/run-sync.schema';
import * as generationSubmit from '~/server/routers/generation/submit.schema';
import * as generationSubmitBatch from '~/server/routers/generation/submit-batch.schema';
import * as generationBatch from '~/server/routers/generation/batch.schema';
import * as generationBatches from '~/server/routers/generation/batches.schema';
import * as loraGet from '~/server/routers/lora/get.schema';
import * as loraList from '~/server/routers/lora/list.schema';
import * as mediaProxyImage from '~/server/routers/media/proxy-image.schema';
import * as predictionDeleteMany from '~/server/routers/prediction/delete-many.schema';
import * as predictionDelete from '~/server/routers/prediction/delete.schema';
import * as predictionGet from '~/server/routers/prediction/get.schema';
import * as predictionList from '~/server/routers/prediction/list.schema';
import * as predictionRecent from '~/server/routers/prediction/recent.schema';
import * as predictionSetSharing from '~/server/routers/prediction/set-sharing.schema';
import * as predictionStar from '~/server/routers/prediction/star.schema';
import * as systemStatus from '~/server/routers/system/status.schema';
import * as uploadFaceCheck from '~/server/routers/upload/face-check.schema';
import * as uploadSignedUrl from '~/server/routers/upload/signed-url.schema';
import * as userDetails from '~/server/routers/user/details.schema';
import * as userOnBalance from '~/server/routers/user/on-balance.schema';
import { predictionSchema } from '~/server/services/generation/present';

/** A subscription's schema is that of each value it pushes. */
type Answer<T> = T extends AsyncIterable<infer Pushed> ? Pushed : T;

export const OUTPUT_SCHEMAS: { [P in ProcedurePath]: z.ZodType<Answer<OutputAt<P>>> } = {
  'billing.offer': billingOffer.offerOutput,
  'billing.status': billingStatus.statusOutput,
  'billing.checkout': billingCheckout.checkoutOutput,
  'billing.portal': billingPortal.portalOutput,
  'billing.confirm': billingConfirm.confirmOutput,
  'billing.purchases': billingPurchases.purchasesOutput,
  'billing.localSession': billingLocalSession.localSessionOutput,
  'billing.localPay': billingLocalPay.localPayOutput,
  // The local portal's actions answer with the plan's status, as billing.status does.
  'billing.localPortalAction': billingStatus.statusOutput,
  'collection.list': collectionList.listOutput,
  'collection.create': collectionCreate.createOutput,
  'collection.rename': collectionRename.renameOutput,
  'collection.delete': collectionDelete.deleteOutput,
  'collection.add': collectionAdd.addOutput,
  'collection.remove': collectionRemove.removeOutput,
  'credits.balance': creditsBalance.balanceOutput,
  'credits.history': creditsHistory.historyOutput,
  'credits.estimate': creditsEstimate.estimateOutput,
  'effects.imageList': effectsImageList.imageListOutput,
  'effects.videoList': effectsVideoList.videoListOutput,
  'effects.getImage': effectsGetImage.getImageOutput,
  'effects.getVideo': effectsGetVideo.getVideoOutput,
  'generation.submit': generationSubmit.submitOutput,
  'generation.runSync': generationRunSync.runSyncOutput,
  'generation.check': generationCheck.checkOutput,
  'generation.checkSync': generationCheckSync.checkSyncOutput,
  'generation.cancel': generationCancel.cancelOutput,
  'generation.submitBatch': generationSubmitBatch.submitBatchOutput,
  'generation.batch': generationBatch.batchOutput,
  'generation.batches': generationBatches.batchesOutput,
  'generation.cancelBatch': generationBatch.batchOutput,
  'generation.apps': generationApps.appsOutput,
  'generation.appModels': generationAppModels.appModelsOutput,
  'generation.model': generationModel.modelOutput,
  'generation.models': generationModels.modelsOutput,
  'keys.list': keysList.listOutput,
  'keys.create': keysCreate.createOutput,
  'keys.revoke': keysRevoke.revokeOutput,
  'callbacks.list': callbacksList.listOutput,
  'callbacks.create': callbacksCreate.createOutput,
  'callbacks.remove': callbacksRemove.removeOutput,
  'callbacks.attempts': callbacksAttempts.attemptsOutput,
  'callbacks.enable': callbacksEnable.enableOutput,
  'callbacks.sendTest': callbacksSendTest.sendTestOutput,
  'generation.nextSteps': generationNextSteps.nextStepsOutput,
  'generation.randomPrompt': generationRandomPrompt.randomPromptOutput,
  'lora.list': loraList.listLorasOutput,
  'lora.get': loraGet.getOutput,
  'media.proxyImage': mediaProxyImage.proxyImageOutput,
  'prediction.get': predictionGet.getOutput,
  'prediction.list': predictionList.listOutput,
  'prediction.recent': predictionRecent.recentOutput,
  'prediction.delete': predictionDelete.deleteOutput,
  'prediction.deleteMany': predictionDeleteMany.deleteManyOutput,
  // Its `.output` (eachYield) checks each pushed value with this schema.
  'prediction.onUpdate': predictionSchema,
  'prediction.star': predictionStar.starOutput,
  'prediction.setSharing': predictionSetSharing.setSharingOutput,
  'system.status': systemStatus.statusOutput,
  'upload.signedUrl': uploadSignedUrl.signedUrlOutput,
  'upload.faceCheck': uploadFaceCheck.faceCheckOutput,
  'upload.keepPhoto': uploadKeepPhoto.keepPhotoOutput,
  'privacy.requestExport': privacyRequestExport.requestExportOutput,
  'privacy.export': privacyExport.exportOutput,
  'privacy.latestExport': privacyLatestExport.latestExportOutput,
  'privacy.deleteAccount': privacyDeleteAccount.deleteAccountOutput,
  'user.details': userDetails.detailsOutput,
  // Its `.output` (eachYield) checks each pushed value with this schema.
  'user.onBalance': userOnBalance.balancePushSchema,
  'admin.searchUsers': adminSearchUsers.searchUsersOutput,
  'admin.user': adminUser.userOutput,
  'admin.userLedger': adminUserLedger.userLedgerOutput,
  'admin.userPurchases': adminUserPurchases.userPurchasesOutput,
  'admin.jobs': adminJobs.jobsOutput,
  'admin.maintenance': adminMaintenance.maintenanceOutput,
  'admin.overview': adminOverview.overviewOutput,
  'admin.purchases': adminPurchases.purchasesOutput,
  'admin.subscriptions': adminSubscriptions.subscriptionsOutput,
  'admin.reconcilePayments': adminReconcilePayments.reconcilePaymentsOutput,
  'admin.refundPurchase': adminRefundPurchase.refundPurchaseOutput,
  'admin.cancelJob': adminCancelJob.cancelJobOutput,
  'admin.refundJob': adminRefundJob.refundJobOutput,
  'admin.adjustCredits': adminAdjustCredits.adjustCreditsOutput,
  'admin.setPremium': adminSetPremium.setPremiumOutput,
  'admin.setSuspended': adminSetSuspended.setSuspendedOutput,
  'admin.setRole': adminSetRole.setRoleOutput,
  'admin.deleteUser': adminDeleteUser.deleteUserOutput,
  'admin.audit': adminAudit.auditOutput,
  'admin.setMaintenance': adminSetMaintenance.setMaintenanceOutput,
  'admin.rerunJob': adminRerunJob.rerunJobOutput,
  'admin.moderationQueue': adminModerationQueue.moderationQueueOutput,
  'admin.moderate': adminModerate.moderateOutput,
};
