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
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons, right-aligned in the footer. */
  actions?: ReactNode;
  /** Set while an action runs: Escape and the backdrop no longer close it. */
  busy?: boolean;
}

export function Dialog({ open, onClose, title, description, children, actions, busy = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        // The opener may be gone (e.g. the account it belonged to was signed out): then let focus fall.
        if (opener?.isConnected) opener.focus();
      };
    }
    return undefined;
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="dialog"
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
      <div className="dialog-panel">
        <h2 className="dialog-title" id={titleId}>
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
