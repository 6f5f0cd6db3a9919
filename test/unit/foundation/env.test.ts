import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/env';

const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };

describe('parseEnv', () => {
  it('runs on embedded defaults with nothing set: dev sign-in on, local secret, no S3', () => {
    const env = parseEnv({});
    expect(env.devSignIn).toBe(true);
    expect(env.googleConfigured).toBe(false);
    expect(env.s3Configured).toBe(false);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TIME_SCALE).toBe(1);
    expect(env.appOrigin).toBe('http://localhost:3000');
    expect(env.maintenanceEnabled).toBe(false);
  });

  it('turns the dev sign-in off by default once Google is configured', () => {
    expect(parseEnv({ ...google }).devSignIn).toBe(false);
    expect(parseEnv({ ...google, DEV_SIGNIN: 'on' }).devSignIn).toBe(true);
    expect(parseEnv({ DEV_SIGNIN: 'off' }).devSignIn).toBe(false);
  });

  it('refuses the dev sign-in in production unless explicitly forced', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DEV_SIGNIN: 'on', NEXTAUTH_SECRET: 's' })).toThrow(
      'DEV_SIGNIN=on in production needs DEV_SIGNIN_FORCE_IN_PRODUCTION=true.',
    );
    expect(parseEnv({ NODE_ENV: 'production', NEXTAUTH_SECRET: 's' }).devSignIn).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', NEXTAUTH_SECRET: 's', DEV_SIGNIN_FORCE_IN_PRODUCTION: 'true' }).devSignIn).toBe(true);
  });

  it('requires a real secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', ...google })).toThrow('NEXTAUTH_SECRET is required in production.');
  });

  it('refuses the time scale in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', NEXTAUTH_SECRET: 's', TIME_SCALE: '0.1' })).toThrow('TIME_SCALE is for development and tests only.');
    expect(parseEnv({ TIME_SCALE: '0.05' }).TIME_SCALE).toBe(0.05);
  });

  it('names the bad variable in one line', () => {
    expect(() => parseEnv({ STARTING_CREDITS: '-5' })).toThrow(/^Invalid environment: STARTING_CREDITS: /);
    expect(() => parseEnv({ TIME_SCALE: '3' })).toThrow(/TIME_SCALE/);
  });

  it('switches maintenance on by env without code change', () => {
    expect(parseEnv({ MAINTENANCE_ENABLED: 'true' }).maintenanceEnabled).toBe(true);
  });

  it('uses the public base URL as the app origin when set', () => {
    expect(parseEnv({ PUBLIC_BASE_URL: 'https://studio.example.com/' }).appOrigin).toBe('https://studio.example.com');
  });

  it('keeps the local engine off in production unless LOCAL_ENGINE=on', () => {
    const production = { NODE_ENV: 'production', NEXTAUTH_SECRET: 's' };
    expect(parseEnv(production).localEngine).toBe(false);
    expect(parseEnv({ ...production, LOCAL_ENGINE: 'auto' }).localEngine).toBe(false);
    expect(parseEnv({ ...production, LOCAL_ENGINE: 'on' }).localEngine).toBe(true);
    expect(parseEnv({}).localEngine).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test' }).localEngine).toBe(true);
    expect(parseEnv({ LOCAL_ENGINE: 'off' }).localEngine).toBe(false);
    expect(() => parseEnv({ LOCAL_ENGINE: 'maybe' })).toThrow(/^Invalid environment: LOCAL_ENGINE: /);
  });
});
