'use client';

import { useState, type ChangeEvent } from 'react';
import { checkinAction, type CheckinState } from '@/app/account/orders/[code]/checkin/actions';
import { useFormAction } from '@/components/shell/use-server-action';
import { CHECKIN_REASONS, checkinPhotoHref, MAX_CHECKIN_PHOTOS, MAX_PHOTO_BYTES, REASON_LABELS, type CheckinReason } from '@/lib/commerce/checkin-labels';
import styles from './checkin.module.css';

export interface CheckinFormLine {
  entryNumber: number;
  name: string;
  packSize: string;
  productCode: string;
  delivered: number;
  /** For a substituted line, what was sent instead of what (docs/substitutions.md): the line is the substitute. */
  substitutionText?: string;
}

const IDLE: CheckinState = { status: 'idle' };
/** Photos are scaled to this edge in the browser before they travel: a phone's 12-megapixel JPEG becomes a few hundred KB. */
const UPLOAD_EDGE = 2048;

/** The picture scaled down and re-encoded as a JPEG by the browser; the original when the browser cannot read it. */
async function shrink(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, UPLOAD_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } catch {
    return file;
  }
}

interface LineInput {
  received: string;
  damaged: string;
  reason: CheckinReason | '';
  /** The user picked the reason: the numbers no longer choose it for them. */
  reasonChosen: boolean;
  note: string;
}

export interface CheckinFormPhoto {
  id: number;
  /** The line the photo shows; null: the delivery as a whole. */
  entryNumber: number | null;
}

/** The reason the numbers suggest: anything damaged is "damaged", fewer received is "short". */
function suggestedReason(delivered: number, input: LineInput): CheckinReason | '' {
  if (Number(input.damaged) > 0) return 'damaged';
  if (input.received !== '' && Number(input.received) < delivered) return 'short';
  return '';
}

/**
 * The check-in on the phone at the back door: per line what arrived and what arrived damaged, with a reason
 * when it differs and a note; photos from the camera go up one by one as they are taken (at most five).
 */
export function CheckinForm({ orderCode, lines, photos: initialPhotos }: { orderCode: string; lines: CheckinFormLine[]; photos: CheckinFormPhoto[] }) {
  const { state, action, pending, submit } = useFormAction(checkinAction, IDLE);
  const [inputs, setInputs] = useState<LineInput[]>(() => lines.map((line) => ({ received: String(line.delivered), damaged: '0', reason: '', reasonChosen: false, note: '' })));
  const [photos, setPhotos] = useState<CheckinFormPhoto[]>(initialPhotos);
  const [busy, setBusy] = useState(false);
  const [photoMessage, setPhotoMessage] = useState('');

  const change = (index: number, patch: Partial<LineInput>) =>
    setInputs((current) =>
      current.map((input, i) => {
        if (i !== index) return input;
        const next = { ...input, ...patch };
        const delivered = lines[i]?.delivered ?? 0;
        return next.reasonChosen ? next : { ...next, reason: suggestedReason(delivered, next) };
      }),
    );
  const errorAt = (index: number, field: string) => {
    if (state.status !== 'error') return '';
    const subject = `lines.${index}.${field}`;
    return state.fieldErrors?.[subject] ?? (state.subject === subject ? state.message : '');
  };
  const generalError = state.status === 'error' && !state.network && !/^lines\.\d+\./.test(state.subject ?? '') ? state.message : '';
  const photosHref = `/account/orders/${encodeURIComponent(orderCode)}/checkin/photos/`;

  async function addPhoto(event: ChangeEvent<HTMLInputElement>, entryNumber: number | null) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setPhotoMessage('Uploading photo…');
    try {
      const body = await shrink(file);
      if (body.size > MAX_PHOTO_BYTES) {
        setPhotoMessage(`A photo may be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);
        return;
      }
      const query = entryNumber === null ? '' : `?entryNumber=${entryNumber}`;
      const response = await fetch(`${photosHref}${query}`, { method: 'POST', body, headers: { 'content-type': body.type || 'application/octet-stream' } });
      const answer = (await response.json().catch(() => ({}))) as { id?: number; error?: string };
      if (response.ok && typeof answer.id === 'number') {
        const id = answer.id;
        setPhotos((current) => [...current, { id, entryNumber }]);
        setPhotoMessage('Photo added');
      } else {
        setPhotoMessage(answer.error ?? 'The photo could not be added: please try again');
      }
    } catch {
      setPhotoMessage('Temporary network error: please try again');
    } finally {
      setBusy(false);
    }
  }

  async function removePhoto(id: number) {
    setBusy(true);
    setPhotoMessage('Removing photo…');
    try {
      const response = await fetch(`${photosHref}${id}/`, { method: 'DELETE' });
      if (response.ok || response.status === 404) {
        setPhotos((current) => current.filter((photo) => photo.id !== id));
        setPhotoMessage('Photo removed');
      } else {
        const answer = (await response.json().catch(() => ({}))) as { error?: string };
        setPhotoMessage(answer.error ?? 'The photo could not be removed: please try again');
      }
    } catch {
      setPhotoMessage('Temporary network error: please try again');
    } finally {
      setBusy(false);
    }
  }

  const full = photos.length >= MAX_CHECKIN_PHOTOS;
  const photoList = (shown: CheckinFormPhoto[], label: string) =>
    shown.length > 0 ? (
      <ul className={styles.thumbs} aria-label={label}>
        {shown.map((photo) => {
          const number = photos.findIndex((p) => p.id === photo.id) + 1;
          return (
            <li key={photo.id} className={styles.thumb}>
              <img src={checkinPhotoHref(orderCode, photo.id)} alt={`Photo ${number}`} width={88} height={88} />
              <button type="button" className={styles.removePhoto} onClick={() => void removePhoto(photo.id)} disabled={busy} aria-label={`Remove photo ${number}`}>
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    ) : null;
  const photoButton = (entryNumber: number | null, text: string, describedBy: string) =>
    full ? null : (
      <label className={styles.photoButton}>
        {busy ? 'Uploading…' : text}
        <input type="file" accept="image/*" capture="environment" onChange={(event) => void addPhoto(event, entryNumber)} disabled={busy} aria-describedby={describedBy} />
      </label>
    );

  return (
    <form action={action} onSubmit={submit} className={styles.form} aria-describedby="checkin-error" noValidate>
      <input type="hidden" name="orderCode" value={orderCode} />
      <p className={styles.lineFacts}>Change a line only if it differs from what was delivered. Lines left as they are count as received in full.</p>
      <ol className={styles.lines} aria-label="Delivered lines">
        {lines.map((line, index) => {
          const input = inputs[index] ?? { received: '', damaged: '', reason: '', note: '' };
          const received = Number(input.received);
          const damaged = Number(input.damaged);
          const differs = (Number.isFinite(received) && received !== line.delivered) || (Number.isFinite(damaged) && damaged > 0);
          const id = (field: string) => `line-${line.entryNumber}-${field}`;
          return (
            <li key={line.entryNumber} className={styles.line} data-differs={differs} aria-labelledby={id('name')}>
              <input type="hidden" name={`lines.${index}.entryNumber`} value={line.entryNumber} />
              <input type="hidden" name={`lines.${index}.delivered`} value={line.delivered} />
              <p className={styles.lineName} id={id('name')}>
                {line.name}
              </p>
              <p className={styles.lineFacts}>
                {line.packSize} · {line.productCode} · delivered {line.delivered}
              </p>
              {line.substitutionText ? <p className={styles.lineFacts}>{line.substitutionText}</p> : null}
              <div className={styles.quantities}>
                <div className={styles.field}>
                  <label htmlFor={id('received')}>Received</label>
                  <input
                    id={id('received')}
                    name={`lines.${index}.receivedQuantity`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.delivered}
                    value={input.received}
                    onChange={(event) => change(index, { received: event.target.value })}
                    aria-invalid={errorAt(index, 'receivedQuantity') ? true : undefined}
                    aria-describedby={id('received-error')}
                  />
                  <p id={id('received-error')} className={styles.error} role="alert">
                    {errorAt(index, 'receivedQuantity')}
                  </p>
                </div>
                <div className={styles.field}>
                  <label htmlFor={id('damaged')}>Damaged</label>
                  <input
                    id={id('damaged')}
                    name={`lines.${index}.damagedQuantity`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.delivered}
                    value={input.damaged}
                    onChange={(event) => change(index, { damaged: event.target.value })}
                    aria-invalid={errorAt(index, 'damagedQuantity') ? true : undefined}
                    aria-describedby={id('damaged-error')}
                  />
                  <p id={id('damaged-error')} className={styles.error} role="alert">
                    {errorAt(index, 'damagedQuantity')}
                  </p>
                </div>
              </div>
              {differs ? (
                <>
                  <div className={styles.field}>
                    <label htmlFor={id('reason')}>Reason</label>
                    <select
                      id={id('reason')}
                      name={`lines.${index}.reason`}
                      value={input.reason}
                      onChange={(event) => change(index, { reason: event.target.value as CheckinReason | '', reasonChosen: true })}
                      aria-invalid={errorAt(index, 'reason') ? true : undefined}
                      aria-describedby={id('reason-error')}
                    >
                      <option value="">Choose a reason</option>
                      {CHECKIN_REASONS.map((reason) => (
                        <option key={reason} value={reason}>
                          {REASON_LABELS[reason]}
                        </option>
                      ))}
                    </select>
                    <p id={id('reason-error')} className={styles.error} role="alert">
                      {errorAt(index, 'reason')}
                    </p>
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={id('note')}>Note (optional)</label>
                    <input id={id('note')} name={`lines.${index}.note`} type="text" maxLength={500} value={input.note} onChange={(event) => change(index, { note: event.target.value })} />
                  </div>
                  {photoList(
                    photos.filter((photo) => photo.entryNumber === line.entryNumber),
                    `Photos of ${line.name}`,
                  )}
                  {photoButton(line.entryNumber, 'Add a photo of this line', 'checkin-photo-status')}
                </>
              ) : (
                <input type="hidden" name={`lines.${index}.reason`} value="" />
              )}
            </li>
          );
        })}
      </ol>

      <section className={styles.photos} aria-labelledby="checkin-photos-title">
        <h2 id="checkin-photos-title">Photos</h2>
        <p className={styles.lineFacts}>
          Up to {MAX_CHECKIN_PHOTOS} photos of what arrived damaged or wrong: of a line (with the line above) or of the whole delivery. Location and camera details are removed.
        </p>
        {photoList(
          photos.filter((photo) => photo.entryNumber === null || !lines.some((line) => line.entryNumber === photo.entryNumber)),
          'Photos of the delivery',
        )}
        {full ? <p className={styles.lineFacts}>That is the most photos one order can have: remove one to add another.</p> : photoButton(null, photos.length === 0 ? 'Take or add a photo' : 'Add another photo', 'checkin-photo-status')}
        <p id="checkin-photo-status" role="status" className={styles.lineFacts}>
          {photoMessage}
        </p>
      </section>

      <p id="checkin-error" className={styles.error} role="alert">
        {generalError}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={pending || busy} aria-busy={pending || undefined}>
          {pending ? 'Sending…' : 'Send check-in'}
        </button>
      </div>
    </form>
  );
}
