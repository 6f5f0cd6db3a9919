/** Progress read from what providers print: Replicate's `logs`, fal's queue status (real shapes). */
import { describe, expect, it } from 'vitest';
import { falStatusProgress, progressFromLine, replicateLogProgress } from '~/server/providers/progress-logs';

describe('Replicate logs', () => {
  it('a FLUX schnell run: the newest tqdm line, its fraction and its time left', () => {
    const logs = [
      'Using seed: 1651417424',
      'Running prediction',
      'Prompt: a lighthouse on a cliff',
      '[!] txt2img mode',
      '  0%|          | 0/4 [00:00<?, ?it/s]',
      ' 25%|██▌       | 1/4 [00:00<00:00,  3.78it/s]',
      ' 50%|█████     | 2/4 [00:00<00:01,  3.41it/s]',
      '',
    ].join('\n');
    expect(replicateLogProgress(logs)).toEqual({ progress: 0.5, remainingSeconds: 1 });
  });

  it('the tqdm line of the issue: 13 of 28 steps, 2 s left', () => {
    expect(progressFromLine(' 45%|████▌     | 13/28 [00:02<00:02, 6.1it/s]')).toEqual({ progress: 13 / 28, remainingSeconds: 2 });
  });

  it('the first bar line has no estimate yet ("?")', () => {
    expect(replicateLogProgress('  0%|          | 0/30 [00:00<?, ?it/s]\n')).toEqual({ progress: 0 });
  });

  it('a slow video model: s/it and minutes, hours when long', () => {
    expect(replicateLogProgress('Generating video...\n 40%|████      | 12/30 [01:02<01:33,  5.19s/it]')).toEqual({ progress: 0.4, remainingSeconds: 93 });
    expect(progressFromLine(' 90%|█████████ | 45/50 [1:02:03<0:10:00, 12.50s/it]')).toEqual({ progress: 0.9, remainingSeconds: 600 });
  });

  it('tqdm redraws with carriage returns: the last redraw counts', () => {
    const logs = 'txt2img mode\n 25%|██▌       | 1/4 [00:00<00:00,  3.78it/s]\r 50%|█████     | 2/4 [00:00<00:00,  3.41it/s]\r 75%|███████▌  | 3/4 [00:00<00:00,  3.30it/s]';
    expect(replicateLogProgress(logs)).toEqual({ progress: 0.75, remainingSeconds: 0 });
  });

  it('setup bars (loading weights, downloading) are not the generation: the earlier sampling bar stands', () => {
    const logs = [
      ' 30%|███       | 9/30 [00:03<00:07,  2.95it/s]',
      'Loading pipeline components...: 100%|██████████| 7/7 [00:01<00:00,  4.21it/s]',
      'Downloading shards: 50%|█████     | 1/2 [00:04<00:04,  4.10s/it]',
    ].join('\n');
    expect(replicateLogProgress(logs)).toEqual({ progress: 0.3, remainingSeconds: 7 });
    expect(replicateLogProgress('Loading checkpoint shards: 100%|██████████| 2/2 [00:02<00:00,  1.01s/it]\n')).toBeNull();
  });

  it('a named sampling bar counts; unit-scaled counts fall back to the percentage', () => {
    expect(progressFromLine('Sampling: 60%|██████    | 30/50 [00:06<00:04,  4.98it/s]')).toEqual({ progress: 0.6, remainingSeconds: 4 });
    expect(progressFromLine(' 76%|███████▌  | 7.57k/10.0k [00:33<00:10, 229.00it/s]')).toEqual({ progress: 0.76, remainingSeconds: 10 });
  });

  it('percentage lines and step lines', () => {
    expect(progressFromLine('Progress: 45%')).toEqual({ progress: 0.45 });
    expect(progressFromLine('[kling] task progress 62.5 %')).toEqual({ progress: 0.625 });
    expect(progressFromLine('80% complete')).toEqual({ progress: 0.8 });
    expect(progressFromLine('Step 13/28')).toEqual({ progress: 13 / 28 });
    expect(progressFromLine('sampling step 7 of 50')).toEqual({ progress: 0.14 });
    expect(replicateLogProgress('Step 3/10\nStep 4/10\nsaving frames')).toEqual({ progress: 0.4 });
  });

  it('lines that say nothing about progress, and impossible values, give nothing', () => {
    for (const line of ['Using seed: 42', 'iteration: 10, render:loss: -0.92', 'guidance 50% stronger than default', 'Step 30/0', 'Progress: 450%', 'Total safe images: 1 out of 1']) {
      expect(progressFromLine(line), line).toBeNull();
    }
    expect(replicateLogProgress('')).toBeNull();
    expect(replicateLogProgress(null)).toBeNull();
    expect(replicateLogProgress(undefined)).toBeNull();
  });
});

describe('fal queue status', () => {
  it('IN_QUEUE: queue_position 0 is next, so place 1', () => {
    expect(falStatusProgress({ status: 'IN_QUEUE', queue_position: 0 })).toEqual({ queuePosition: 1 });
    expect(falStatusProgress({ status: 'IN_QUEUE', queue_position: 4 })).toEqual({ queuePosition: 5 });
    expect(falStatusProgress({ status: 'IN_QUEUE' })).toEqual({});
    expect(falStatusProgress({ status: 'IN_QUEUE', queue_position: -1 })).toEqual({});
  });

  it('IN_PROGRESS: the newest log message with progress', () => {
    const status = {
      status: 'IN_PROGRESS',
      request_id: '764cabcf-b745-4b3e-ae38-1200304cf45b',
      logs: [
        { message: 'Loading model weights', level: 'INFO', source: 'USER', timestamp: '2026-11-26T04:30:00.101Z' },
        { message: '  0%|          | 0/28 [00:00<?, ?it/s]', level: 'STDERR', source: 'USER', timestamp: '2026-11-26T04:30:01.204Z' },
        { message: ' 50%|█████     | 14/28 [00:01<00:01, 10.73it/s]', level: 'STDERR', source: 'USER', timestamp: '2026-11-26T04:30:02.512Z' },
        { message: 'Running safety checker', level: 'INFO', source: 'USER', timestamp: '2026-11-26T04:30:02.600Z' },
      ],
      metrics: {},
    };
    expect(falStatusProgress(status)).toEqual({ progress: 0.5, remainingSeconds: 1 });
  });

  it('IN_PROGRESS without logs (or with logs that say nothing) reports nothing', () => {
    expect(falStatusProgress({ status: 'IN_PROGRESS', logs: null })).toEqual({});
    expect(falStatusProgress({ status: 'IN_PROGRESS', logs: [{ message: 'Running', level: 'INFO', source: 'USER', timestamp: '2026-11-26T04:30:00Z' }] })).toEqual({});
  });
});
