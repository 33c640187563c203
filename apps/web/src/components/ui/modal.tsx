import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './modal.css';

export interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons row under the body. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** false for a modal the user must answer (e.g. a forced password change): no Esc, backdrop or ×. */
  isDismissible?: boolean;
  /** Keeps the title for screen readers but hides it (e.g. an image-only banner). */
  isTitleHidden?: boolean;
  /** Element to focus when the modal opens; default is the first focusable element of the content (not the ×). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modals, innermost last: only the top one answers Esc and Tab. */
const openStack: HTMLElement[] = [];

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
}

/**
 * Accessible dialog: role=dialog + aria-modal, labelled by its title, focus trapped inside,
 * Esc / backdrop / × close it, focus returns to where it was. A bottom-anchored sheet on phones.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  isDismissible = true,
  isTitleHidden = false,
  initialFocusRef,
  className,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(isDismissible);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = isDismissible;
  });

  useEffect(() => {
    if (!isOpen) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openStack.push(dialog);
    document.body.classList.add('has-modal');
    // The content first (e.g. a form's first field); the × only when there is nothing else.
    const target =
      initialFocusRef?.current ?? focusableIn(dialog).find((el) => el !== closeRef.current) ?? closeRef.current ?? dialog;
    target.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (!dialog || openStack[openStack.length - 1] !== dialog) return;
      if (event.key === 'Escape' && dismissibleRef.current) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openStack.indexOf(dialog);
      if (index >= 0) openStack.splice(index, 1);
      if (openStack.length === 0) document.body.classList.remove('has-modal');
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [isOpen, initialFocusRef]);

  if (!isOpen) return null;
  return createPortal(
    <div
      className="ui-modal__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && isDismissible) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={['ui-modal', `ui-modal--${size}`, className].filter(Boolean).join(' ')}
      >
        <div className={isTitleHidden ? 'ui-modal__header ui-modal__header--bare' : 'ui-modal__header'}>
          <h2 id={titleId} className={isTitleHidden ? 'visually-hidden' : 'ui-modal__title'}>
            {title}
          </h2>
          {isDismissible && (
            <button ref={closeRef} type="button" className="ui-modal__close" onClick={onClose} aria-label={t('common.close')}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="ui-modal__body">{children}</div>
        {footer && <div className="ui-modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
