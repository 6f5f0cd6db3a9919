/**
 * The console's permission table, walked over HTTP for EVERY procedure of the admin router: signed
 * out, as a `user`, as a suspended admin, and as `support` for the admin-only ones, each call is
 * answered byte for byte as a call to a path that names no procedure (the path itself aside), with
 * the right method and the wrong one, with a good input and with garbage. Support and admins get
 * their procedures. A procedure added to the router without a row in the table below fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';
import { PROCEDURES } from '@test/helpers/procedures';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';

/** Who may call what: support's procedures (admins too), and those of admins alone. */
const SUPPORT = ['admin.overview', 'admin.searchUsers', 'admin.user', 'admin.userLedger', 'admin.userPurchases', 'admin.jobs', 'admin.maintenance', 'admin.cancelJob', 'admin.refundJob', 'admin.purchases', 'admin.subscriptions', 'admin.moderationQueue', 'admin.moderate'];
const ADMIN_ONLY = ['admin.adjustCredits', 'admin.setPremium', 'admin.setSuspended', 'admin.setRole', 'admin.deleteUser', 'admin.audit', 'admin.setMaintenance', 'admin.rerunJob', 'admin.reconcilePayments', 'admin.refundPurchase'];

const CONSOLE = PROCEDURES.filter((procedure) => procedure.path.startsWith('admin.'));
/** A path that names no procedure, in the console's namespace and outside it. */
const MISSING = ['admin.noSuchProcedure', 'nothing.here'];

let studio: Studio;
let server: RouteServer;
const cookies: Record<'user' | 'support' | 'admin' | 'suspendedAdmin', string> = { user: '', support: '', admin: '', suspendedAdmin: '' };
let target: StudioUser;

beforeAll(async () => {
  studio = await startStudio();
  server = await serveRoutes({ '/api/trpc/[trpc]': await import('~/pages/api/trpc/[trpc]') });
  target = await studio.createUser({ credits: 10 });
  for (const role of ['user', 'support', 'admin'] as const) {
    const account = await studio.createUser();
    await studio.db.user.update({ where: { id: account.id }, data: { role } });
    cookies[role] = await studio.cookieFor(account);
  }
  const suspended = await studio.createUser();
  await studio.db.user.update({ where: { id: suspended.id }, data: { role: 'admin', suspendedAt: new Date() } });
  cookies.suspendedAdmin = await studio.cookieFor(suspended);
});

afterAll(async () => {
  await server?.close();
  await studio?.stop();
});

type Answer = { status: number; allow: string | null; contentType: string | null; body: string };

/** A call as the console's pages make it: a batch of one, from the app's own origin when signed in. */
async function call(path: string, method: 'GET' | 'POST', input: unknown, cookie: string | null): Promise<Answer> {
  const json = JSON.stringify({ 0: { json: input } });
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(cookie ? { cookie, origin: studio.server.url } : {}) };
  const url = `${server.url}/api/trpc/${path}?batch=1${method === 'GET' ? `&input=${encodeURIComponent(json)}` : ''}`;
  const response = await fetch(url, { method, headers, ...(method === 'POST' ? { body: json } : {}) });
  return { status: response.status, allow: response.headers.get('allow'), contentType: response.headers.get('content-type'), body: await response.text() };
}

/** The answer with its own path written as PATH, to compare a console path with a missing one. */
const withoutPath = (answer: Answer, path: string): Answer => ({ ...answer, body: answer.body.split(path).join('PATH') });

/** Inputs a caller might send: one the procedure takes, and garbage. */
function inputsFor(path: string): unknown[] {
  const good: Record<string, unknown> = {
    'admin.overview': undefined,
    'admin.searchUsers': { query: 'example' },
    'admin.user': { userId: target.id },
    'admin.userLedger': { userId: target.id },
    'admin.userPurchases': { userId: target.id },
    'admin.jobs': {},
    'admin.adjustCredits': { actionId: 'permission-walk-1', userId: target.id, amount: 5, reason: 'walk' },
    'admin.setPremium': { actionId: 'permission-walk-2', userId: target.id, on: true, reason: 'walk' },
    'admin.setSuspended': { actionId: 'permission-walk-3', userId: target.id, suspended: true, reason: 'walk' },
    'admin.setRole': { actionId: 'permission-walk-4', userId: target.id, role: 'admin', reason: 'walk' },
    'admin.deleteUser': { actionId: 'permission-walk-11', userId: target.id, reason: 'walk' },
    'admin.audit': {},
    'admin.setMaintenance': { actionId: 'permission-walk-5', enabled: true, reason: 'walk' },
    'admin.cancelJob': { actionId: 'permission-walk-6', generationId: 'cnothing', reason: 'walk' },
    'admin.refundJob': { actionId: 'permission-walk-7', generationId: 'cnothing', reason: 'walk' },
    'admin.rerunJob': { actionId: 'permission-walk-8', generationId: 'cnothing', reason: 'walk' },
    'admin.purchases': {},
    'admin.subscriptions': {},
    'admin.reconcilePayments': { actionId: 'permission-walk-9', days: 7, reason: 'walk' },
    'admin.refundPurchase': { actionId: 'permission-walk-10', purchaseId: 'cs_nothing', reason: 'walk' },
    'admin.moderationQueue': undefined,
    'admin.moderate': { actionId: 'permission-walk-12', generationId: 'cnothing', decision: 'take_down', reason: 'walk' },
  };
  return [good[path], { nonsense: ['\u0000', 1] }, undefined];
}

describe('the permission table', () => {
  it('names every procedure of the console, and only those', () => {
    expect(CONSOLE.map((procedure) => procedure.path).sort()).toEqual([...SUPPORT, ...ADMIN_ONLY].sort());
    expect(CONSOLE.length).toBeGreaterThanOrEqual(15);
  });
});

describe('every console procedure, to a caller without the role', () => {
  const outsiders = [
    { name: 'signed out', cookie: (): string | null => null, paths: () => CONSOLE },
    { name: 'a user', cookie: () => cookies.user, paths: () => CONSOLE },
    { name: 'a suspended admin', cookie: () => cookies.suspendedAdmin, paths: () => CONSOLE },
    { name: 'support (admin-only procedures)', cookie: () => cookies.support, paths: () => CONSOLE.filter((p) => ADMIN_ONLY.includes(p.path)) },
  ];

  it.each(outsiders)('$name: each answers exactly as a path that names no procedure, any method, any input', async ({ cookie, paths }) => {
    const before = await studio.db.auditEntry.count();
    for (const { path } of paths()) {
      for (const method of ['GET', 'POST'] as const) {
        for (const input of inputsFor(path)) {
          const missing = withoutPath(await call(MISSING[0]!, method, input, cookie()), MISSING[0]!);
          const answer = withoutPath(await call(path, method, input, cookie()), path);
          expect({ path, method, input, ...answer }).toEqual({ path, method, input, ...missing });
          expect(answer.status).toBe(404);
        }
      }
    }
    // Nothing was done: no audit row, the target untouched.
    expect(await studio.db.auditEntry.count()).toBe(before);
    expect(await studio.db.user.findUniqueOrThrow({ where: { id: target.id }, select: { credits: true, role: true, suspendedAt: true, premium: true } })).toEqual({
      credits: 10,
      role: 'user',
      suspendedAt: null,
      premium: false,
    });
    expect(await studio.db.maintenanceState.count()).toBe(0);
  });

  it('a missing path answers alike in and out of the console’s namespace (the route itself tells nothing)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect(withoutPath(await call(MISSING[0]!, method, {}, null), MISSING[0]!)).toEqual(withoutPath(await call(MISSING[1]!, method, {}, null), MISSING[1]!));
    }
  });

  it('through the server-side caller too: tRPC’s NOT_FOUND for a path that names no procedure', async () => {
    for (const role of ['user', 'support'] as const) {
      const account = await studio.createUser();
      await studio.db.user.update({ where: { id: account.id }, data: { role } });
      const caller = createCaller(createInnerContext({ db: studio.db, user: { id: account.id } }));
      const refused = role === 'user' ? [...SUPPORT, ...ADMIN_ONLY] : ADMIN_ONLY;
      for (const path of refused) {
        const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
        await expect(procedure(inputsFor(path)[0])).rejects.toMatchObject({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
      }
    }
  });
});

describe('staff get their procedures', () => {
  it('support: every support procedure runs, over HTTP (a job action on a job that does not exist: its own 404)', async () => {
    for (const path of SUPPORT) {
      const { type } = CONSOLE.find((procedure) => procedure.path === path)!;
      const answer = await call(path, type === 'mutation' ? 'POST' : 'GET', inputsFor(path)[0], cookies.support);
      expect(answer.body).not.toContain('No procedure found');
      if (type === 'query') expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      else expect({ path, status: answer.status, message: (JSON.parse(answer.body) as [{ error: { json: { message: string } } }])[0].error.json.message }).toEqual({ path, status: 404, message: 'Generation not found.' });
    }
  });

  it('admin: every admin-only query answers 200, and a mutation with a bad input is refused as bad input (400)', async () => {
    for (const path of ADMIN_ONLY) {
      const { type } = CONSOLE.find((procedure) => procedure.path === path)!;
      const answer = type === 'query' ? await call(path, 'GET', inputsFor(path)[0], cookies.admin) : await call(path, 'POST', { nonsense: true }, cookies.admin);
      expect({ path, status: answer.status }).toEqual({ path, status: type === 'query' ? 200 : 400 });
    }
  });

  it('a staff mutation from another origin is refused like every signed-in mutation (403), nothing done', async () => {
    const json = JSON.stringify({ 0: { json: inputsFor('admin.adjustCredits')[0] } });
    const response = await fetch(`${server.url}/api/trpc/admin.adjustCredits?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies.admin, origin: 'https://evil.example' },
      body: json,
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as [{ error: { json: { message: string } } }])[0].error.json.message).toBe('Cross-origin requests are not accepted.');
    expect(await studio.balance(target)).toBe(10);
  });
});
