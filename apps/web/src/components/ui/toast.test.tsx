// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/lib/test-i18n';
import { dismissToast, toast, ToastProvider } from './toast';

/** A rectangle as the browser would measure it (happy-dom lays nothing out). */
function placeAt(element: Element, top: number, height: number) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
    top,
    bottom: top + height,
    left: 10,
    right: 380,
    height,
    width: 370,
    x: 10,
    y: top,
    toJSON: () => ({}),
  } as DOMRect);
}

beforeAll(() => initTestI18n('en'));
afterEach(() => {
  act(() => {
    // The toast store outlives a render: empty it between tests.
    for (let id = 0; id < 200; id += 1) dismissToast(id);
  });
  cleanup();
  vi.restoreAllMocks();
});

describe('toasts (docs/shell.md "Phones")', () => {
  it('a later success clears an earlier error', () => {
    render(<ToastProvider />);
    act(() => void toast.error('The price moved'));
    expect(screen.getByRole('alert').textContent).toContain('The price moved');
    act(() => void toast.info('Odds are updating'));
    expect(screen.getByRole('alert').textContent).toContain('The price moved');
    act(() => void toast.success('Bet placed'));
    expect(screen.getByRole('alert').textContent).not.toContain('The price moved');
    expect(screen.getByRole('status').textContent).toContain('Bet placed');
  });

  it('moves to the other end of the screen rather than cover the button just pressed', () => {
    render(
      <>
        <ToastProvider />
        <button type="button">Bet ₹100</button>
      </>,
    );
    const bet = screen.getByRole('button', { name: 'Bet ₹100' });
    const toasts = screen.getByTestId('toasts');
    // The sticky Bet button and the toasts both sit just above the bottom bar.
    placeAt(bet, 700, 48);
    placeAt(toasts, 680, 60);
    fireEvent.pointerDown(bet);
    act(() => void toast.error('Insufficient balance'));
    expect(toasts.className).toContain('ui-toasts--flipped');
  });

  it('stays where it is when it covers nothing the player pressed', () => {
    render(
      <>
        <ToastProvider />
        <button type="button">Menu</button>
      </>,
    );
    const menu = screen.getByRole('button', { name: 'Menu' });
    placeAt(menu, 8, 44);
    placeAt(screen.getByTestId('toasts'), 680, 60);
    fireEvent.pointerDown(menu);
    act(() => void toast.success('Saved'));
    expect(screen.getByTestId('toasts').className).not.toContain('ui-toasts--flipped');
  });
});
