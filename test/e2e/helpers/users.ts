/**
 * Makes a premium user in a data folder before the app opens it (the embedded database allows
 * one process per folder), through the project's own `npm run user` script.
 */
import { execFileSync } from 'node:child_process';

export function seedPremiumUser(dataDir: string, email: string, options: { grant?: number } = {}): void {
  const grant = options.grant ? ['--grant', String(options.grant)] : [];
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/scripts/user.ts', '--email', email, '--premium', 'true', ...grant], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', DATA_DIR: dataDir, STARTING_CREDITS: '50' },
    stdio: 'pipe',
  });
}

/** Makes a staff member (support or admin) in a data folder before the app opens it, as an operator does: `npm run user -- --role`. */
export function seedStaff(dataDir: string, email: string, role: 'support' | 'admin'): void {
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/scripts/user.ts', '--email', email, '--role', role], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', DATA_DIR: dataDir, STARTING_CREDITS: '0' },
    stdio: 'pipe',
  });
}
