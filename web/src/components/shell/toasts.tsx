'use client';

import { usePathname } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ToastType } from '@/lib/errors/app-error';
import { SIGNED_OUT_MESSAGE, sessionExpired } from '@/lib/errors/catalogue';
import { FLASH_COOKIE, type FlashCode } from './flash';
import { reportError } from './report-error';

/** docs/storefront-requirements.md §9: toasts close by themselves after 10 000 ms, except those in the content container. */
export const TOAST_AUTO_CLOSE_MS = 10_000;

export interface ToastInput {
  title: string;
  description?: string;
  type?: ToastType;
  /** 'content': shown above the page content and kept until dismissed. */
  placement?: 'corner' | 'content';
  /** Same key as a toast already shown: not shown twice. SessionExpired never passes one (never de-duplicated). */
  dedupeKey?: string;
}

interface Toast extends Required<Pick<ToastInput, 'title' | 'type' | 'placement'>> {
  id: number;
  description?: string;
  dedupeKey?: string;
}

interface ToastApi {
  showToast: (toast: ToastInput) => void;
  dismissToast: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
const ToastListContext = createContext<{ toasts: Toast[]; dismissToast: (id: number) => void }>({ toasts: [], dismissToast: () => undefined });

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

const FLASH_TOASTS: Record<FlashCode, ToastInput> = {
  'logged-out': { title: SIGNED_OUT_MESSAGE, type: 'success' },
  'session-expired': { title: sessionExpired().title, description: sessionExpired().description, type: 'error' },
};

function takeFlash(): FlashCode | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${FLASH_COOKIE}=`));
  if (!match) return undefined;
  document.cookie = `${FLASH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  const code = decodeURIComponent(match.slice(FLASH_COOKIE.length + 1));
  return code in FLASH_TOASTS ? (code as FlashCode) : undefined;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismissToast = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  const showToast = useCallback((input: ToastInput) => {
    const toast: Toast = {
      id: nextId.current++,
      title: input.title,
      description: input.description,
      type: input.type ?? 'error',
      placement: input.placement ?? 'corner',
      dedupeKey: input.dedupeKey,
    };
    setToasts((list) => (toast.dedupeKey && list.some((shown) => shown.dedupeKey === toast.dedupeKey) ? list : [...list, toast]));
    if (toast.type === 'error') reportError({ kind: 'toast', title: toast.title, description: toast.description });
  }, []);

  // The layout stays mounted across navigations (a sign-out redirect is one): look for a message on each.
  const pathname = usePathname();
  useEffect(() => {
    const code = takeFlash();
    if (code) showToast(FLASH_TOASTS[code]);
  }, [showToast, pathname]);

  const api = useMemo(() => ({ showToast, dismissToast }), [showToast, dismissToast]);
  const list = useMemo(() => ({ toasts, dismissToast }), [toasts, dismissToast]);
  return (
    <ToastContext.Provider value={api}>
      <ToastListContext.Provider value={list}>
        {children}
        <ToastList toasts={toasts.filter((toast) => toast.placement === 'corner')} onDismiss={dismissToast} className="toasts toasts-corner" label="Notifications" />
      </ToastListContext.Provider>
    </ToastContext.Provider>
  );
}

/** The content container: toasts placed here stay until the customer dismisses them. */
export function ContentToasts() {
  const { toasts, dismissToast } = useContext(ToastListContext);
  const shown = toasts.filter((toast) => toast.placement === 'content');
  return <ToastList toasts={shown} onDismiss={dismissToast} className="toasts toasts-content" label="Messages" />;
}

function ToastList({ toasts, onDismiss, className, label }: { toasts: Toast[]; onDismiss: (id: number) => void; className: string; label: string }) {
  return (
    <div className={className} role="region" aria-label={label}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (toast.placement === 'content') return undefined;
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div className={`toast toast-${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        {toast.description ? <p className="toast-description">{toast.description}</p> : null}
      </div>
      <button type="button" className="toast-close" onClick={() => onDismiss(toast.id)} aria-label={`Dismiss: ${toast.title}`}>
        ×
      </button>
    </div>
  );
}
