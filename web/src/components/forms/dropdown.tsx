'use client';

import { useState } from 'react';
import Select, { type SingleValue } from 'react-select';
import { describedBy, FieldFrame } from './field-frame';
import { fieldId, type FieldSize } from './field-id';

/** docs/storefront-requirements.md §9: menu heights and page size for PageUp/PageDown. */
export const MENU_MAX_HEIGHT = 300;
export const MENU_MIN_HEIGHT = 140;
export const PAGE_SIZE = 5;
const FOCUS_PLACEHOLDER = 'Type to search';

type Item = Record<string, unknown>;

export interface DropdownProps<T extends Item> {
  name: string;
  data: readonly T[];
  /** Field of an item holding its value (default 'id'). */
  keyField?: keyof T & string;
  /** Field of an item shown as its label (default 'name'). */
  textField?: keyof T & string;
  label: string;
  placeholder?: string;
  size?: FieldSize;
  help?: string;
  description?: string;
  disabled?: boolean;
  /** Typing filters the options (default off: a plain choice). */
  search?: boolean;
  /** Keep the error styling but leave the message out (when it is shown elsewhere). */
  omitErrorMessage?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Called on blur with a value: the form validates the field then. */
  onValidate?: () => void;
  error?: string;
  isLoading?: boolean;
}

interface Option {
  value: string;
  label: string;
}

/**
 * docs/storefront-requirements.md §2/§4 dropdown on react-select, whose defaults are the requirements' ('No options', 'Loading...', 'Select...',
 * 'N results available'). Touched rules: clearing marks touched; blur without a value marks touched; a touched
 * field that gets a value is untouched again; the error shows only when touched.
 */
export function Dropdown<T extends Item>(props: DropdownProps<T>) {
  const { name, data, keyField = 'id', textField = 'name', label, size = 'full', help, description, disabled = false } = props;
  const [touched, setTouched] = useState(false);
  const [focused, setFocused] = useState(false);
  const id = fieldId(name, label);
  const options: Option[] = data.map((item) => ({ value: String(item[keyField] ?? ''), label: String(item[textField] ?? '') }));
  const selected = options.find((option) => option.value === props.value) ?? null;
  const showError = touched && Boolean(props.error);
  const message = showError && !props.omitErrorMessage ? props.error : undefined;

  const change = (option: SingleValue<Option>) => {
    if (option) {
      if (touched) setTouched(false);
      props.onChange(option.value);
    } else {
      props.onChange('');
      setTouched(true);
    }
  };

  return (
    <FieldFrame id={id} label={label} size={size} help={help} description={description} error={message} reserveError={!props.omitErrorMessage}>
      <Select<Option, false>
        inputId={id}
        instanceId={id}
        name={name}
        options={options}
        value={selected}
        onChange={change}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          if (props.value) props.onValidate?.();
          else setTouched(true);
        }}
        placeholder={focused ? FOCUS_PLACEHOLDER : (props.placeholder ?? 'Select...')}
        isDisabled={disabled}
        isSearchable={props.search ?? false}
        isLoading={props.isLoading}
        maxMenuHeight={MENU_MAX_HEIGHT}
        minMenuHeight={MENU_MIN_HEIGHT}
        pageSize={PAGE_SIZE}
        aria-invalid={showError}
        aria-describedby={describedBy(id, { help, description, error: message })}
        classNamePrefix="dropdown"
        className={`dropdown ${showError ? 'dropdown-error' : ''}`}
        styles={{ control: (base) => ({ ...base, minHeight: 44 }), placeholder: (base) => ({ ...base, color: 'var(--color-muted)' }) }}
      />
    </FieldFrame>
  );
}
