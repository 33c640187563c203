import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import './form-field.css';

/** What a custom control needs to be linked to its label and error text. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  /** Already translated message shown under the control and read with it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** E.g. a show-password button, drawn inside the input's right edge. */
  trailing?: ReactNode;
  /** A custom control (select, textarea, ...) instead of the default input. */
  children?: (control: FieldControlProps) => ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its hint and error linked by aria-describedby. Works with
 * react-hook-form: `<FormField label=".." error={errors.x?.message} {...register('x')} />`.
 */
export function FormField({ label, error, hint, trailing, children, id, className, ref, ...inputProps }: FormFieldProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = { id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined };

  return (
    <div className={['ui-field', error && 'ui-field--invalid', className].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={controlId}>
        {label}
      </label>
      <div className="ui-field__control">
        {children ? children(control) : <input ref={ref} className="ui-input" {...inputProps} {...control} />}
        {trailing && <div className="ui-field__trailing">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
