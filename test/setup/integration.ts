// Integration tests run against a real database chosen per file by test/helpers/database.ts.
(process.env as Record<string, string>).NODE_ENV = 'test';
process.env.STARTING_CREDITS ??= '100';
