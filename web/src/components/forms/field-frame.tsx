import type { ReactNode } from 'react';
import type { FieldSize } from './field-id';

interface FieldFrameProps {
  id: string;
  label: string;
  size: FieldSize;
  help?: string;
  description?: string;
  error?: string;
  labelAfter?: boolean;
  /** Off for a field whose message is shown elsewhere (docs/storefront-requirements.md §2 "omit the error message"). */
  reserveError?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Label, help, description and error around one control, wired up with aria-describedby ids. The error's line
 * is there before any message is: a message that comes or goes (on blur, say) never moves the controls below,
 * so the click the customer aimed at the button lands on it.
 */
export function FieldFrame({ id, label, size, help, description, error, labelAfter = false, reserveError = true, className = '', children }: FieldFrameProps) {
  const labelElement = (
    <label htmlFor={id} className="field-label">
      {label}
    </label>
  );
  return (
    <div className={`field field-${size} ${labelAfter ? 'field-label-after' : ''} ${error ? 'field-has-error' : ''} ${className}`}>
      {labelAfter ? null : labelElement}
      {description ? (
        <p id={`${id}-description`} className="field-description">
          {description}
        </p>
      ) : null}
      {children}
      {labelAfter ? labelElement : null}
      {help ? (
        <p id={`${id}-help`} className="field-help">
          {help}
        </p>
      ) : null}
      {error || reserveError ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, parts: { help?: string; description?: string; error?: string }): string | undefined {
  const ids = [parts.description && `${id}-description`, parts.help && `${id}-help`, parts.error && `${id}-error`].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
