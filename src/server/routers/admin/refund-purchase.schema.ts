import { z } from 'zod';
import { inputText } from '~/catalogue';
import { actionIdField, actionOutput, reasonField } from './shared.schema';

export const refundPurchaseInput = z.object({ actionId: actionIdField, purchaseId: inputText.min(1).max(255), reason: reasonField });

export const refundPurchaseOutput = actionOutput;
