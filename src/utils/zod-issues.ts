/** A zod failure as one readable line per issue: `path.to.field: message` (or the message alone). */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string[] {
  return issues.map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message));
}
