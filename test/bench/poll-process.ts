/**
 * The steady poll (steady-poll.ts) sent from a small process of its own. Latency counts from the
 * moment each request was due, so a load generator that stalls is counted as a server that
 * stalls. The bench's own process is a poor sender for a p99: by the time the models are measured
 * it holds every earlier measure's data and its GC pauses reach tens of milliseconds (seen in the
 * windows of the poll during an upscale: a 15 ms major GC of the bench, then a 38 ms stall of its
 * event loop, alone made that window's p99). This process holds nothing but the poll.
 *
 * Run as the child: `fork(this file)`, one window per message, each answered with its result.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { steadyPoll, type SteadyPollOptions, type SteadyPollResult } from './steady-poll';

export type PollProcess = {
  poll(options: SteadyPollOptions): Promise<SteadyPollResult>;
  stop(): void;
};

export async function startPollProcess(): Promise<PollProcess> {
  // The bench runs under tsx; the child gets the same loader flags, so it runs this TypeScript file.
  const child: ChildProcess = fork(__filename, ['--poll-process'], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the poll process exited (code ${code}) before it was ready`));
    child.once('exit', onExit);
    child.once('message', () => {
      child.off('exit', onExit);
      resolve();
    });
  });
  return {
    poll: (options) =>
      new Promise((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`the poll process exited (code ${code}) during a window`));
        child.once('exit', onExit);
        child.once('message', (result) => {
          child.off('exit', onExit);
          resolve(result as SteadyPollResult);
        });
        child.send(options);
      }),
    stop: () => {
      child.kill();
    },
  };
}

if (process.argv.includes('--poll-process') && process.send) {
  const send = process.send.bind(process);
  process.on('message', (options: SteadyPollOptions) => {
    void steadyPoll(options).then((result) => send(result));
  });
  send('ready');
}
