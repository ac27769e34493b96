import { WEEKDAYS, weekdayList, weekdayName } from '@/lib/commerce/weekdays';
import cartStyles from '@/components/cart/cart.module.css';
import styles from './standing.module.css';

interface Props {
  /** The weekdays this account receives deliveries of this range on: only these can be chosen. */
  deliveryWeekdays: readonly number[];
  rangeName: string;
  chosen: readonly number[];
  onChange: (weekdays: number[]) => void;
  error?: string;
}

/** "Delivery days": a box per weekday, those the account receives nothing on shown but not offered. */
export function WeekdayPicker({ deliveryWeekdays, rangeName, chosen, onChange, error }: Props) {
  const toggle = (day: number, on: boolean) => onChange(on ? [...chosen, day].sort((a, b) => a - b) : chosen.filter((d) => d !== day));
  return (
    <fieldset className={styles.weekdays} aria-describedby="weekdays-hint weekdays-error">
      <legend>Delivery days</legend>
      <p id="weekdays-hint" className={cartStyles.hint}>
        This account receives {rangeName} deliveries on {weekdayList(deliveryWeekdays)}, so only those days can be chosen.
      </p>
      <ul className={styles.dayList}>
        {WEEKDAYS.map((day) => {
          const offered = deliveryWeekdays.includes(day);
          const id = `weekday-${day}`;
          return (
            <li key={day} className={styles.day} data-offered={offered ? '' : undefined}>
              <input
                id={id}
                type="checkbox"
                name="weekdays"
                value={day}
                checked={offered && chosen.includes(day)}
                disabled={!offered}
                onChange={(event) => toggle(day, event.target.checked)}
                aria-invalid={error ? true : undefined}
                aria-describedby={offered ? undefined : `${id}-why`}
              />
              <label htmlFor={id}>{weekdayName(day)}</label>
              {offered ? null : (
                <span id={`${id}-why`} className={styles.why}>
                  No delivery
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p id="weekdays-error" className="field-error" role="alert">
        {error}
      </p>
    </fieldset>
  );
}
