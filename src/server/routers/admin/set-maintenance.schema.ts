import { z } from 'zod';
import { inputText } from '~/catalogue';
import { actionIdField, actionOutput, reasonField } from './shared.schema';

/** On or off, with the text people see (blank: MAINTENANCE_MESSAGE or the spec's). */
export const setMaintenanceInput = z.object({
  actionId: actionIdField,
  enabled: z.boolean(),
  message: inputText.trim().max(500, { message: 'A maintenance message is at most 500 characters.' }).nullable().default(null).transform((text) => (text ? text : null)),
  reason: reasonField,
});

export const setMaintenanceOutput = actionOutput;
