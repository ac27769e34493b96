'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** 'drawer': the mobile menu, sliding in from the side. */
  variant?: 'dialog' | 'drawer';
  /** Milliseconds the closing animation runs before the dialog is removed (docs/storefront-requirements.md §4: mobile menu 300 ms). */
  closeDelayMs?: number;
  className?: string;
}

const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** This dialog's own controls that Tab can reach, in document order (a nested dialog's are its own). */
function tabStops(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.closest('dialog') === dialog && !element.matches(':disabled') && element.getClientRects().length > 0,
  );
}

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last. A modal <dialog> keeps
 * focus out of the page behind it but lets Tab leave for the browser's own controls, which puts focus on the
 * page's body (the account switcher's one field, then nothing).
 */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const dialog = event.currentTarget;
  if ((event.target as HTMLElement).closest('dialog') !== dialog) return;
  const stops = tabStops(dialog);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  }
}

/**
 * A modal on the native <dialog>: the browser keeps focus inside (wrapTab closes its one gap) and closes on Escape. Focus goes back to the element
 * that opened it once it has closed.
 */
export function Modal({ open, onClose, title, children, variant = 'dialog', closeDelayMs = 0, className = '' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Rendered at the end of <body>, so a modal opened from inside a menu does not inherit the menu's styles; and
  // only from the first opening on, so a page load does not build closed dialogs (the mobile menu holds the
  // whole category list) in one long task right after hydration.
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (open) setHost(document.body);
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.classList.remove('closing');
      dialog.showModal();
      return undefined;
    }
    if (!open && dialog.open) {
      dialog.classList.add('closing');
      const timer = window.setTimeout(() => {
        dialog.close();
        dialog.classList.remove('closing');
        opener.current?.focus();
      }, closeDelayMs);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [open, closeDelayMs, host]);

  if (!host) return null;
  return createPortal(
    <dialog
      ref={ref}
      className={`modal modal-${variant} ${className}`}
      aria-label={title}
      onCancel={(event) => {
        // React bubbles synthetic events through the component tree: a nested modal's cancel is not ours.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onKeyDownCapture={(event) => {
        if (event.key !== 'Escape' || (event.target as HTMLElement).closest('dialog') !== event.currentTarget) return;
        // An open listbox (the dropdown's menu) takes Escape for itself; otherwise Escape closes this modal even
        // when a control inside cancelled the key's default action.
        if ((event.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
        event.preventDefault();
        onClose();
      }}
      onKeyDown={wrapTab}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-body">
        <div className="modal-header">
          <h2 className="modal-title">{title}</h2>
          <button type="button" className="modal-close" onClick={onClose} aria-label="Close">
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>,
    host,
  );
}
