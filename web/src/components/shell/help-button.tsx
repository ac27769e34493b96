'use client';

import { useState } from 'react';
import { Modal } from './modal';

type HelpState = { status: 'loading' } | { status: 'loaded'; html: string } | { status: 'failed' };

/** docs/storefront-requirements.md §2 Help modal: the help markdown (rendered by the server with the link rule), 'Loading…' until it arrives. */
export function HelpButton({ className = 'nav-link' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [help, setHelp] = useState<HelpState>({ status: 'loading' });

  const show = () => {
    setOpen(true);
    if (help.status === 'loaded') return;
    setHelp({ status: 'loading' });
    fetch('/api/help/', { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`help ${response.status}`);
        const body = (await response.json()) as { html: string };
        setHelp({ status: 'loaded', html: body.html });
      })
      .catch(() => setHelp({ status: 'failed' }));
  };

  return (
    <>
      <button type="button" className={className} onClick={show} aria-haspopup="dialog">
        Help
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Help">
        {help.status === 'loading' ? <p role="status">Loading…</p> : null}
        {help.status === 'failed' ? <p role="alert">Help could not be loaded. Please try again.</p> : null}
        {help.status === 'loaded' ? <div className="prose" dangerouslySetInnerHTML={{ __html: help.html }} /> : null}
      </Modal>
    </>
  );
}
