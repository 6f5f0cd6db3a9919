// @vitest-environment jsdom
/**
 * A prompt (or a seed) typed into the server-rendered page before React hydrated it is the form's
 * value once the page hydrates: the counter counts it, and a form would enable Generate for it. A
 * field mounted on the client (nothing typed before) keeps its state untouched.
 */
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PromptControl } from '~/features/form/controls/simple/PromptControl';
import { SeedControl } from '~/features/form/controls/simple/SeedControl';
import { controlOf, publicModel } from './helpers/harness';
import { Providers } from './helpers/render';

const model = publicModel('flux-schnell');
const prompt = controlOf(model, 'prompt');
const seed = controlOf(publicModel('flux-dev'), 'seed');

function Form({ changes }: { changes: string[] }) {
  const [text, setText] = useState('');
  return (
    <Providers>
      <PromptControl
        control={prompt}
        model={model}
        value={text}
        onChange={(value) => {
          changes.push(String(value));
          setText(String(value));
        }}
        setValue={() => undefined}
        values={{ prompt: text }}
      />
      <output data-testid="state">{text}</output>
    </Providers>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  cleanup();
  document.body.innerHTML = '';
});

describe('a prompt typed before hydration', () => {
  it('becomes the form value when the page hydrates', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form changes={[]} />);
    document.body.append(container);
    const field = container.querySelector('textarea')!;
    expect(field.value).toBe('');
    // The person types while the page's code is still loading.
    field.value = 'a lighthouse at dusk';
    const changes: string[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Form changes={changes} />);
    });
    expect(changes).toEqual(['a lighthouse at dusk']);
    expect(container.querySelector('[data-testid="state"]')!.textContent).toBe('a lighthouse at dusk');
    expect(field.value).toBe('a lighthouse at dusk');
    expect(container.querySelector('[data-testid="prompt-counter"]')!.textContent).toMatch(/^20\b/);
  });

  it('changes nothing when the field mounts on the client or nothing was typed', async () => {
    const changes: string[] = [];
    render(<Form changes={changes} />);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form changes={[]} />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <Form changes={changes} />);
    });
    expect(changes).toEqual([]);
  });
});

function SeedForm({ changes }: { changes: unknown[] }) {
  const [value, setValue] = useState<unknown>(undefined);
  return (
    <Providers>
      <SeedControl
        control={seed}
        model={publicModel('flux-dev')}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        setValue={() => undefined}
        values={{}}
      />
    </Providers>
  );
}

describe('a seed typed before hydration', () => {
  it('becomes the form value, as typing it would (digits only)', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SeedForm changes={[]} />);
    document.body.append(container);
    const field = container.querySelector<HTMLInputElement>('input[name="seed"]')!;
    field.value = '42x';
    const changes: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <SeedForm changes={changes} />);
    });
    expect(changes).toEqual([42]);
    expect(field.value).toBe('42');
  });
});
