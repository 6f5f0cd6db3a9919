// @vitest-environment jsdom
/** The before/after slider on image-to-image results (tool-catalogue §2). */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ComparisonSlider } from '~/features/outputs/ComparisonSlider';
import { publicModel } from './helpers/harness';
import { renderWithProviders } from './helpers/render';

afterEach(() => cleanup());

describe('ComparisonSlider', () => {
  it("labels the sides 'Original' and the tool's label from ui.comparisonLabels", () => {
    const model = publicModel('kontext-text-remover');
    expect(model.ui.comparisonLabels).toEqual(['Original', 'Text Removed']);
    renderWithProviders(<ComparisonSlider originalUrl="/before.png" resultUrl="/after.png" model={model} />);
    expect(screen.getByText('Original')).toBeTruthy();
    expect(screen.getByText('Text Removed')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Original' }).getAttribute('src')).toBe('/before.png');
    expect(screen.getByRole('img', { name: 'Text Removed' }).getAttribute('src')).toBe('/after.png');
  });

  it('moves with the keyboard and clips the original accordingly', () => {
    renderWithProviders(<ComparisonSlider originalUrl="/before.png" resultUrl="/after.png" model={publicModel('upscaler')} />);
    const slider = screen.getByRole('slider', { name: 'Drag to compare Original and Upscaled' });
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('52');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('img', { name: 'Original' }).style.clipPath).toBe('inset(0 100% 0 0)');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
  });

  it('follows a pointer drag (mouse or touch)', () => {
    renderWithProviders(<ComparisonSlider originalUrl="/b.png" resultUrl="/a.png" labels={['Before', 'After']} />);
    const box = screen.getByTestId('comparison-slider');
    box.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(box, { pointerId: 3, clientX: 50, pointerType: 'touch' });
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('25');
    fireEvent.pointerMove(box, { pointerId: 3, clientX: 150, pointerType: 'touch' });
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('75');
    fireEvent.pointerUp(box, { pointerId: 3, clientX: 150, pointerType: 'touch' });
    fireEvent.pointerMove(box, { pointerId: 3, clientX: 10, pointerType: 'touch' });
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('75');
  });
});
