/** ISO weekdays (1 = Monday … 7 = Sunday), as standing orders and a ship-to's delivery days name them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const weekdayName = (day: number): string => NAMES[day - 1] ?? String(day);

/** "Tuesday", "Tuesday and Friday", "Monday, Wednesday and Friday", in week order. */
export function weekdayList(days: readonly number[]): string {
  const names = [...days].sort((a, b) => a - b).map(weekdayName);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** "Every Tuesday and Friday". */
export const everyWeekdays = (days: readonly number[]): string => (days.length === 7 ? 'Every day' : `Every ${weekdayList(days)}`);
