/**
 * npm run samples [-- --yes] [--only <text>]: renders every model's, LoRA's, image effect's and video
 * template's sample through the configured providers and makes them the catalogue's art
 * (src/catalogue/assets/samples.json). Prints the plan and its credit cost and asks first.
 */
import { stopServerRuntime } from '~/server/runtime';
import { samplesCli } from './samples/cli';

samplesCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout })
  .then(async (code) => {
    await stopServerRuntime();
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
