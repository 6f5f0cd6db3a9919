/**
 * The text of zod issues, built in one place: every refusal, startup check and catalogue error
 * that names a failed field writes it with these. No imports: the catalogue, the server and the
 * browser all use it.
 */
type Issue = { path: readonly PropertyKey[]; message: string };

/** One issue as a line: `path.to.field: message`, or the message alone for the whole value. */
export function issueLine(issue: Issue): string {
  return issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
}

/** A zod failure as one readable line per issue (`path.to.field: message`). */
export function describeIssues(issues: readonly Issue[]): string[] {
  return issues.map(issueLine);
}

/** An issue path as authors read a definition: `ui.controls[3].default`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

/** A definition's failure in one line, each issue at its place: `at ui.controls[3].default: …; at (root): …`. */
export function describeIssuesAt(issues: readonly Issue[]): string {
  return issues.map((issue) => `at ${issue.path.length ? formatIssuePath(issue.path) : '(root)'}: ${issue.message}`).join('; ');
}
