import type { InputHTMLAttributes } from 'react';
import { describedBy, FieldFrame } from './field-frame';
import { fieldId, type FieldSize } from './field-id';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type' | 'name'> {
  name: string;
  label: string;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  labelAfter?: boolean;
  size?: FieldSize;
  help?: string;
  description?: string;
  /** The validation message; shown (and styled as an error) only once the field is touched. */
  error?: string;
  touched?: boolean;
  /** With type "number": keep the browser's number input instead of a text input with a decimal keypad. */
  numberType?: boolean;
}

/**
 * docs/storefront-requirements.md §2 text input: autocomplete off unless asked for; a number-typed field becomes a text field with a decimal
 * keypad (no spinner, no scroll-to-change) unless numberType is set.
 */
export function TextInput({
  name,
  label,
  type = 'text',
  labelAfter,
  size = 'full',
  help,
  description,
  error,
  touched = false,
  numberType = false,
  autoComplete = 'off',
  id,
  className,
  ...rest
}: TextInputProps) {
  const inputId = id ?? fieldId(name, label);
  const shownError = touched && error ? error : undefined;
  const asDecimalText = type === 'number' && !numberType;
  return (
    <FieldFrame id={inputId} label={label} size={size} help={help} description={description} error={shownError} labelAfter={labelAfter}>
      <input
        {...rest}
        id={inputId}
        name={name}
        type={asDecimalText ? 'text' : type}
        inputMode={asDecimalText ? 'decimal' : rest.inputMode}
        autoComplete={autoComplete}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(inputId, { help, description, error: shownError })}
        className={`input ${shownError ? 'input-error' : ''} ${className ?? ''}`}
      />
    </FieldFrame>
  );
}
