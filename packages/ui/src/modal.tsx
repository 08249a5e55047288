import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalDrag } from './modal-drag';
import { useLatest } from './use-latest';
import { useUiLabels } from './ui-labels';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** id of an element that labels the dialog, when the title is rendered by the children. */
  labelledBy?: string;
  /** Show the close control and allow Escape / outside click (default true). */
  closable?: boolean;
  /** Close when the backdrop is clicked (default: same as closable). */
  closeOnBackdrop?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** 'right' slides the dialog in as a full-height side panel (member centre). */
  placement?: 'center' | 'right';
  /** Extra class on the dialog box. */
  className?: string;
  /** Content above the title, e.g. a logo. */
  header?: ReactNode;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function MoveIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="9" cy="6" r="1.6" />
      <circle cx="15" cy="6" r="1.6" />
      <circle cx="9" cy="12" r="1.6" />
      <circle cx="15" cy="12" r="1.6" />
      <circle cx="9" cy="18" r="1.6" />
      <circle cx="15" cy="18" r="1.6" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/** Open dialogs, innermost last: only the top one reacts to Escape and Tab. */
const dialogStack: symbol[] = [];
let scrollLock: { count: number; scrollY: number } = { count: 0, scrollY: 0 };

/** Fix the page while a dialog is open; the position is restored when the last one closes. */
function lockScroll(): void {
  if (scrollLock.count === 0) {
    const scrollY = window.scrollY;
    scrollLock = { count: 0, scrollY };
    const body = document.body;
    body.style.position = 'fixed';
    body.style.top = `-${scrollY}px`;
    body.style.left = '0';
    body.style.right = '0';
    body.style.overflowY = 'scroll';
  }
  scrollLock.count += 1;
}

function unlockScroll(): void {
  scrollLock.count = Math.max(0, scrollLock.count - 1);
  if (scrollLock.count > 0) return;
  const body = document.body;
  body.style.position = '';
  body.style.top = '';
  body.style.left = '';
  body.style.right = '';
  body.style.overflowY = '';
  window.scrollTo({ top: scrollLock.scrollY, behavior: 'instant' });
}

/**
 * The generic modal wrapper: title, optional close control, click-outside to close,
 * focus trapped inside, Escape closes when allowed, page scroll fixed and restored, focus
 * returned to the opener. The close control is named by the app's UiLabelsProvider.
 */
export function Modal({
  open,
  onClose,
  title,
  labelledBy,
  closable = true,
  closeOnBackdrop,
  size = 'md',
  placement = 'center',
  className,
  header,
  children,
}: ModalProps) {
  if (!open) return null;
  return (
    <ModalDialog
      onClose={onClose}
      title={title}
      labelledBy={labelledBy}
      closable={closable}
      closeOnBackdrop={closeOnBackdrop ?? closable}
      size={size}
      placement={placement}
      className={className}
      header={header}
    >
      {children}
    </ModalDialog>
  );
}

type DialogProps = Omit<ModalProps, 'open' | 'closeOnBackdrop'> & { closeOnBackdrop: boolean };

function ModalDialog({
  onClose,
  title,
  labelledBy,
  closable,
  closeOnBackdrop,
  size,
  placement,
  className,
  header,
  children,
}: DialogProps) {
  const labels = useUiLabels();
  const titleId = useId();
  const moveHintId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const drag = useModalDrag(boxRef, placement === 'center');
  const onCloseRef = useLatest(onClose);
  const closableRef = useLatest(closable);

  useEffect(() => {
    const token = Symbol('dialog');
    dialogStack.push(token);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    lockScroll();
    const box = boxRef.current;
    const autofocus = box?.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
    (autofocus ?? box)?.focus();

    const isTop = () => dialogStack[dialogStack.length - 1] === token;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || !box) return;
      if (event.key === 'Escape' && closableRef.current) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        box.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === box)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      } else if (!box.contains(active)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      const index = dialogStack.indexOf(token);
      if (index >= 0) dialogStack.splice(index, 1);
      unlockScroll();
      if (opener && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, [onCloseRef, closableRef]);

  return createPortal(
    // A pointer press on the backdrop closes; keyboard users have Escape, so the backdrop stays presentational.
    <div
      className={`modal-backdrop modal-backdrop--${placement}`}
      role="presentation"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={boxRef}
        className={`modal modal--${size} modal--${placement}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy ?? (title ? titleId : undefined)}
        tabIndex={-1}
        style={
          drag.offset.x !== 0 || drag.offset.y !== 0
            ? { translate: `${drag.offset.x}px ${drag.offset.y}px` }
            : undefined
        }
      >
        {header}
        {(title || closable) && (
          <div className={`modal__head${drag.enabled ? ' modal__head--movable' : ''}`} {...drag.headProps}>
            {title ? (
              <h2 id={titleId} className="modal__title">
                {title}
              </h2>
            ) : (
              <span />
            )}
            {drag.enabled && (
              <>
                <button
                  type="button"
                  className="icon-button modal__move"
                  aria-label={labels.move ?? 'Move dialog'}
                  aria-describedby={moveHintId}
                  onKeyDown={drag.onMoveKeyDown}
                >
                  <MoveIcon />
                </button>
                <span id={moveHintId} className="visually-hidden">
                  {labels.moveHint ??
                    'Arrow keys move it, Shift with an arrow in bigger steps, Home puts it back in the centre.'}
                </span>
              </>
            )}
            {closable && (
              <button type="button" className="icon-button modal__close" onClick={onClose} aria-label={labels.close}>
                <CloseIcon />
              </button>
            )}
          </div>
        )}
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
