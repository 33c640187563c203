import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './toast.css';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long a toast stays; errors stay longer so they can be read. */
export const TOAST_DURATION_MS = { success: 4_000, info: 4_000, error: 7_000 } as const;
const MAX_VISIBLE_TOASTS = 4;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  // A success answers what an earlier error said went wrong: that error is no longer true.
  const kept = kind === 'success' ? items.filter((item) => item.kind !== 'error') : items;
  items = [...kept, { id, kind, message }].slice(-MAX_VISIBLE_TOASTS);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  items = items.filter((item) => item.id !== id);
  emit();
}

/** Callable from anywhere (components, mutations, api listeners): shows the message in a toast. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  dismiss: dismissToast,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function ToastCard({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS[item.kind]);
    return () => window.clearTimeout(timer);
  }, [item.id, item.kind]);
  return (
    <div className={`ui-toast ui-toast--${item.kind}`} data-testid="toast">
      <span className="ui-toast__icon" aria-hidden="true">
        {item.kind === 'success' ? '✓' : item.kind === 'error' ? '!' : 'i'}
      </span>
      <p className="ui-toast__message">{item.message}</p>
      <button type="button" className="ui-toast__close" onClick={() => dismissToast(item.id)} aria-label={t('common.close')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The control the player pressed last: toasts keep clear of it (it is the button that acts). */
let lastPressed: Element | null = null;
function notePressed(event: Event): void {
  const target = event.target instanceof Element ? event.target.closest('button, a, [role="button"], input, select') : null;
  if (target) lastPressed = target;
}
function noteKeyPressed(event: KeyboardEvent): void {
  if (event.key === 'Enter' || event.key === ' ') lastPressed = document.activeElement;
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Mount once near the root. Two live regions so errors interrupt (assertive) while confirmations
 * wait their turn (polite); the regions exist before any toast so screen readers announce them.
 * Toasts never cover the button that acts (docs/shell.md "Phones"): when they would lie over the
 * control the player just pressed (a sticky Bet button above the bottom bar, a sheet's main
 * button), they move to the other end of the screen.
 */
export function ToastProvider() {
  const current = useSyncExternalStore(subscribe, () => items);
  const errors = current.filter((item) => item.kind === 'error');
  const others = current.filter((item) => item.kind !== 'error');
  const container = useRef<HTMLDivElement>(null);
  const [isFlipped, setIsFlipped] = useState(false);
  useEffect(() => {
    document.addEventListener('pointerdown', notePressed, true);
    document.addEventListener('keydown', noteKeyPressed, true);
    return () => {
      document.removeEventListener('pointerdown', notePressed, true);
      document.removeEventListener('keydown', noteKeyPressed, true);
    };
  }, []);
  useLayoutEffect(() => {
    if (current.length === 0) {
      setIsFlipped(false);
      return;
    }
    const pressed = lastPressed?.isConnected ? lastPressed.getBoundingClientRect() : null;
    const box = container.current?.getBoundingClientRect();
    if (pressed && box && box.height > 0 && overlaps(box, pressed)) setIsFlipped((flipped) => !flipped);
  }, [current]);
  return (
    <div ref={container} className={`ui-toasts${isFlipped ? ' ui-toasts--flipped' : ''}`} data-testid="toasts">
      <div role="alert" aria-live="assertive" className="ui-toasts__region">
        {errors.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="ui-toasts__region">
        {others.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </div>
    </div>
  );
}
