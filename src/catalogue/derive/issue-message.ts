/**
 * Which message a refused generation input shows (client toast and server answer alike): the
 * spec's own wording when a documented rule failed, a message the derived schema wrote for people
 * (a prompt's length limit), the field named for text that cannot be stored; else none, and the
 * caller shows the generic text.
 */
import type { z } from 'zod';
import { issueLine } from '~/utils/zod-issues';
import { MESSAGES } from '../messages';
import { TEXT_NOT_STORABLE } from './text';

/** `params` of a derived schema's own issue whose message is written for the person filling the form. */
export const FOR_PEOPLE = { forPeople: true } as const;

const DOCUMENTED: ReadonlySet<string> = new Set(Object.values(MESSAGES));

export function inputIssueMessage(issues: readonly z.core.$ZodIssue[]): string | undefined {
  for (const issue of issues) {
    if (DOCUMENTED.has(issue.message)) return issue.message;
    if (issue.code === 'custom' && issue.params?.forPeople === true) return issue.message;
    if (issue.message === TEXT_NOT_STORABLE) return issueLine({ path: issue.path.length ? issue.path : ['input'], message: TEXT_NOT_STORABLE });
  }
  return undefined;
}
