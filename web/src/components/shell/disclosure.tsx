'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DisclosureProps {
  label: string;
  children: ReactNode;
  /** 'menu': a dropdown that closes on outside click, Escape and navigation; 'section': a collapsible list. */
  variant: 'menu' | 'section';
  className?: string;
}

/** A button that shows and hides what follows it (My account dropdown, the mobile menu's collapsible lists). */
export function Disclosure({ label, children, variant, className = '' }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open || variant !== 'menu') return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onFocus = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, variant]);

  return (
    <div ref={root} className={`disclosure disclosure-${variant} ${open ? 'is-open' : ''} ${className}`}>
      <button ref={button} type="button" className="disclosure-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label}
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false" className="chevron">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div id={id} className="disclosure-panel" hidden={!open} onClick={(event) => {
        if (variant === 'menu' && (event.target as HTMLElement).closest('a')) setOpen(false);
      }}>
        {children}
      </div>
    </div>
  );
}
