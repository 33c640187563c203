// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TruncatedCell } from './console-table';

/** A table cell never breaks a word: cut with an ellipsis, its full text in the title and on focus (docs/console.md). */
afterEach(cleanup);

describe('a text cell of the console’s tables', () => {
  it('keeps a long text whole in its title and lets the keyboard reach it', () => {
    const text = 'UPI queue.payee.with.a.long.handle@okaxis';
    render(<TruncatedCell text={text} />);
    const cell = screen.getByText(text);
    expect(cell.getAttribute('title')).toBe(text);
    expect(cell.getAttribute('tabindex')).toBe('0');
  });

  it('is no tab stop when the text is short enough to show whole', () => {
    render(<TruncatedCell text="Pending" />);
    expect(screen.getByText('Pending').getAttribute('tabindex')).toBeNull();
  });

  it('shows what it renders but titles the plain text', () => {
    render(
      <TruncatedCell text={60600}>
        <strong>₹60,600.00</strong>
      </TruncatedCell>,
    );
    expect(screen.getByText('₹60,600.00').parentElement?.getAttribute('title')).toBe('60600');
  });
});
