/**
 * Reports from visitors (issue 36): the share page's form posts to the page's own address over
 * real HTTP, signed in or out; the reporter reads a thank-you (200). One report per person per
 * creation (409 after); a forged reason, oversized text or an unknown id is refused and stores
 * nothing; at most 5 reports an hour from one address (429 after), counted in PostgreSQL, so two
 * instances (two database clients, two pools) racing from one address store exactly 5. The queue
 * lists reported creations oldest first with their reports; a decision settles them.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GetServerSidePropsContext } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '~/server/db/client';
import { shareReportAnswer } from '~/server/http/share-report';
import { sharePageProps } from '~/server/pages/share-page';
import { reportCreation } from '~/server/services/moderation/reports';
import { runUntil, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createStaff, formId } from '../console/helpers';

let studio: Studio;
let owner: StudioUser;
let visitor: StudioUser;
let moderator: StudioUser;
let page: Server;
let pageUrl: string;
const ids: string[] = [];

/** Serves /c/{id} as Next runs the page's getServerSideProps: a POST is a report; the answer is its status and the page's report outcome. */
function servePage(): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      const id = decodeURIComponent(new URL(req.url ?? '/', 'http://page').pathname.split('/').pop() ?? '');
      const cookie = req.headers.cookie;
      const request = Object.assign(req, { cookies: cookie ? Object.fromEntries([cookie.split(/=(.*)/s).slice(0, 2) as [string, string]]) : {} }) as IncomingMessage as GetServerSidePropsContext['req'];
      const context = { req: request, res, params: { id }, locale: 'en' };
      const result = req.method === 'POST' ? await shareReportAnswer(context) : await sharePageProps(context);
      if ('notFound' in result) res.statusCode = 404;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify('props' in result ? { report: (await result.props).report } : { notFound: true }));
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The report form as a browser sends it: form-encoded, from the page itself. */
async function report(id: string, fields: Record<string, string>, user?: StudioUser): Promise<{ status: number; body: { report?: string | null; notFound?: true } }> {
  const response = await fetch(`${pageUrl}/c/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: studio.server.url, ...(user ? { cookie: await studio.cookieFor(user) } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as { report?: string | null; notFound?: true } };
}

const reportsOf = (id: string) => studio.db.creationReport.findMany({ where: { generationId: id }, orderBy: { createdAt: 'asc' }, select: { reason: true, text: true, reporterId: true, resolvedAt: true } });

beforeAll(async () => {
  studio = await startStudio();
  owner = await studio.createUser({ credits: 100, premium: true });
  visitor = await studio.createUser();
  moderator = await createStaff(studio, 'support');
  for (const prompt of ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((letter) => `lighthouse ${letter}`)) {
    const { id } = await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt, is_public: true });
    expect((await runUntil(studio.db, id)).status).toBe('succeeded');
    ids.push(id);
  }
  page = await servePage();
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => page?.close(resolve));
  await studio?.stop();
});

describe('a report from the share page', () => {
  it('signed out: a thank-you, stored once; the same visitor again: 409, nothing more', async () => {
    const [first] = ids;
    expect(await report(first!, { reason: 'sexual', text: 'not for children' })).toEqual({ status: 200, body: { report: 'thanks' } });
    expect(await report(first!, { reason: 'spam' })).toEqual({ status: 409, body: { report: 'already' } });
    expect(await reportsOf(first!)).toEqual([{ reason: 'sexual', text: 'not for children', reporterId: null, resolvedAt: null }]);
  });

  it('signed in: one per person per creation, wherever they report from', async () => {
    const [first] = ids;
    expect(await report(first!, { reason: 'violence' }, visitor)).toEqual({ status: 200, body: { report: 'thanks' } });
    expect(await report(first!, { reason: 'hate' }, visitor)).toEqual({ status: 409, body: { report: 'already' } });
    await expect(reportCreation(studio.db, { generationId: first!, reason: 'hate', text: null, reporterId: visitor.id, address: '198.51.100.9' })).rejects.toMatchObject({
      code: 'already_reported',
      message: 'You have already reported this creation. Thank you.',
    });
    expect((await reportsOf(first!)).map((row) => [row.reason, row.reporterId])).toEqual([
      ['sexual', null],
      ['violence', visitor.id],
    ]);
  });

  it('bad input: a forged reason, oversized text, an unknown id, another site’s form: refused, nothing stored', async () => {
    const second = ids[1]!;
    expect(await report(second, { reason: 'because' })).toEqual({ status: 400, body: { report: 'invalid' } });
    expect(await report(second, {})).toEqual({ status: 400, body: { report: 'invalid' } });
    expect(await report(second, { reason: 'other', text: 'x'.repeat(501) })).toEqual({ status: 400, body: { report: 'invalid' } });
    expect(await report('cnothinghere', { reason: 'other' })).toEqual({ status: 404, body: { notFound: true } });
    expect(await report('x'.repeat(300), { reason: 'other' })).toEqual({ status: 404, body: { notFound: true } });
    const crossSite = await fetch(`${pageUrl}/c/${second}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', cookie: await studio.cookieFor(visitor) },
      body: 'reason=spam',
    });
    expect(crossSite.status).toBe(403);
    expect(await reportsOf(second)).toEqual([]);
    // 500 characters are fine.
    expect(await report(second, { reason: 'other', text: 'y'.repeat(500) })).toEqual({ status: 200, body: { report: 'thanks' } });
  });

  it('at most 5 an hour from one address: the sixth is 429, and nothing is stored for it', async () => {
    // Three reports from 127.0.0.1 so far (two on the first creation, one on the second).
    for (const id of ids.slice(2, 4)) expect(await report(id, { reason: 'spam' })).toEqual({ status: 200, body: { report: 'thanks' } });
    expect(await report(ids[4]!, { reason: 'spam' })).toEqual({ status: 429, body: { report: 'tooMany' } });
    expect(await report(ids[4]!, { reason: 'spam' }, visitor)).toEqual({ status: 429, body: { report: 'tooMany' } });
    expect(await reportsOf(ids[4]!)).toEqual([]);
  });

  it('the hourly limit holds across two instances racing from one address (the count lives in PostgreSQL)', async () => {
    const instances = [createDb(studio.database.connectionString, { maxConnections: 4 }), createDb(studio.database.connectionString, { maxConnections: 4 })];
    try {
      const address = '203.0.113.7';
      const reporters = await Promise.all(Array.from({ length: 10 }, () => studio.createUser()));
      const outcomes = await Promise.allSettled(
        reporters.map((reporter, index) => reportCreation(instances[index % 2]!, { generationId: ids[5 + (index % 2)]!, reason: 'other', text: null, reporterId: reporter.id, address })),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
      for (const outcome of outcomes.filter((entry) => entry.status === 'rejected')) {
        expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'rate_limited', message: 'You have sent too many reports. Please try again in an hour.' });
      }
      expect(await studio.db.creationReport.count({ where: { address } })).toBe(5);
    } finally {
      await Promise.all(instances.map((db) => db.$disconnect()));
    }
  });
});

describe('the queue', () => {
  it('lists reported creations oldest first with their reports; a take down settles them and the page is 404', async () => {
    const moderation = studio.caller(moderator).admin;
    const queue = await moderation.moderationQueue();
    expect(queue.items.slice(0, 2).map((item) => item.id)).toEqual([ids[0], ids[1]]);
    expect(queue.total).toBe(queue.items.length);
    const first = queue.items[0]!;
    expect(first).toMatchObject({ moderation: null, isPublic: true, ownerEmail: owner.email, prompt: 'lighthouse a', screening: null });
    expect(first.reports.map((entry) => [entry.reason, entry.text, entry.signedIn])).toEqual([
      ['sexual', 'not for children', false],
      ['violence', null, true],
    ]);
    await moderation.moderate({ actionId: formId(), generationId: ids[0]!, decision: 'take_down', reason: 'reported twice' });
    expect((await reportsOf(ids[0]!)).every((row) => row.resolvedAt !== null)).toBe(true);
    expect((await moderation.moderationQueue()).items.map((item) => item.id)).not.toContain(ids[0]);
    const signedOut = await fetch(`${pageUrl}/c/${ids[0]}`);
    expect(signedOut.status).toBe(404);
    // A creation nobody else may see cannot be reported.
    await expect(reportCreation(studio.db, { generationId: ids[0]!, reason: 'other', text: null, reporterId: null, address: '198.51.100.77' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('approving a reported creation keeps it public and settles its reports', async () => {
    await studio.caller(moderator).admin.moderate({ actionId: formId(), generationId: ids[1]!, decision: 'approve', reason: 'fine' });
    expect(await studio.db.generation.findUniqueOrThrow({ where: { id: ids[1]! }, select: { isPublic: true, moderation: true } })).toEqual({ isPublic: true, moderation: 'approved' });
    expect((await reportsOf(ids[1]!)).every((row) => row.resolvedAt !== null)).toBe(true);
    expect((await fetch(`${pageUrl}/c/${ids[1]}`)).status).toBe(200);
  });
});
