/** Inputs every console procedure shares: a user id, a form's action id, a reason, a page. */
import { z } from 'zod';
import { inputText } from '~/catalogue';

/** A user's id, as the console names them. */
export const userIdField = inputText.min(1).max(64);

/** A form's idempotency id, made when the form opens: the same form sent again is the same action. */
export const actionIdField = inputText.min(8).max(128);

/** Why staff act: required, and more than spaces. */
export const reasonField = inputText.trim().min(1, { message: 'A reason is required.' }).max(500, { message: 'A reason is at most 500 characters.' });

/** One page of a list, newest first. */
export const pageFields = {
  limit: z.number().int().min(1).max(100).default(20),
  cursor: inputText.max(64).optional(),
};

/** What every staff action answers: whether this request made the change or found it made. */
export const actionOutput = z.object({ repeated: z.boolean() });
