import { z } from 'zod';
import { ROLES } from '~/utils/staff-roles';
import { actionIdField, actionOutput, reasonField, userIdField } from './shared.schema';

export const setRoleInput = z.object({ actionId: actionIdField, userId: userIdField, role: z.enum(ROLES), reason: reasonField });

export const setRoleOutput = actionOutput;
