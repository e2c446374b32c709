// A modal dialog on the native <dialog>: showModal() makes the rest of the page inert and Escape closes
// it. Tab cycles inside it (the native element would let it leave for the browser's own UI). Focus returns
// to whatever opened it.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'button:not([disabled]),[href],input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

function keepTabInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  // From the first control, or from the heading a reading dialog starts on, Shift+Tab wraps to the last.
  const onFirst = document.activeElement === first || !items.includes(document.activeElement as HTMLElement);
  if (event.shiftKey && onFirst) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons, right-aligned in the footer. */
  actions?: ReactNode;
  /** Set while an action runs: Escape and the backdrop no longer close it. */
  busy?: boolean;
  /** 'drawer': a full-height panel on the right for reading a record (its body scrolls, the footer stays). */
  variant?: 'dialog' | 'drawer';
  /**
   * Where focus starts. 'first' (default) is the first control, right for a question; 'title' starts at the
   * top, for a dialog that is mostly to read, so it opens scrolled to its heading and not to its last button.
   */
  initialFocus?: 'first' | 'title';
}

export function Dialog({ open, onClose, title, description, children, actions, busy = false, variant = 'dialog', initialFocus = 'first' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      if (initialFocus === 'title') {
        titleRef.current?.focus({ preventScroll: true });
        if (bodyRef.current) bodyRef.current.scrollTop = 0;
      }
      return () => {
        if (dialog.open) dialog.close();
        // The opener may be gone (e.g. the account it belonged to was signed out): then let focus fall.
        if (opener?.isConnected) opener.focus();
      };
    }
    return undefined;
    // initialFocus is read once, when the dialog opens.
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={variant === 'drawer' ? 'dialog dialog-drawer' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        event.preventDefault(); // we close through state, so React and the element agree
        if (!busy) onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current && !busy) onClose(); // a click on the backdrop
      }}
    >
      <div className="dialog-panel" ref={bodyRef}>
        <h2 className="dialog-title" id={titleId} ref={titleRef} tabIndex={initialFocus === 'title' ? -1 : undefined}>
          {title}
        </h2>
        {description && (
          <div className="dialog-description" id={descriptionId}>
            {description}
          </div>
        )}
        {children}
        {actions && <div className="dialog-actions">{actions}</div>}
      </div>
    </dialog>
  );
}
