import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dueDeliveries, isUsualDay, pastWeeks } from '../src/cutoff-reminders/due-reminders';

const WEEKDAYS = { deliveryWeekdays: [1, 2, 3, 4, 5], cutoffTime: '14:00' };

describe('cut-off reminders: the calendar (cutoff-reminders/due-reminders.ts)', () => {
  it('opens the window `hours` before the London cut-off and closes it at the cut-off, in summer time too', () => {
    // Wednesday 10 June 2026 closes Tuesday 9 June at 14:00 BST, 13:00 UTC.
    const at = (iso: string, hours = 3) => dueDeliveries(new Date(iso), { deliveryWeekdays: [3], cutoffTime: '14:00' }, hours).map((due) => due.date);
    assert.deepEqual(at('2026-06-09T09:59:59Z'), []);
    assert.deepEqual(at('2026-06-09T10:00:00Z'), ['2026-06-10']);
    assert.deepEqual(at('2026-06-09T12:59:59Z'), ['2026-06-10']);
    assert.deepEqual(at('2026-06-09T13:00:00Z'), []);
    assert.deepEqual(at('2026-06-09T10:00:00Z', 0), [], '0 hours: never');
    assert.deepEqual(at('2026-06-08T13:00:00Z', 24), ['2026-06-10']);
  });

  it('a delivery on a bank holiday moves to the next delivery day, with that day\'s cut-off', () => {
    // Easter Monday 6 April 2026: the Monday delivery comes on Wednesday 8th (the next delivery day), closing
    // Tuesday 7th at 14:00 BST; Wednesday's own delivery is the same date, which is reminded once (its key).
    const due = dueDeliveries(new Date('2026-04-07T11:00:00Z'), { deliveryWeekdays: [1, 3], cutoffTime: '14:00' }, 3);
    assert.deepEqual(
      due.map((one) => ({ date: one.date, ownDate: one.ownDate, movedFrom: one.movedFrom, cutoff: one.cutoff.toISOString() })),
      [
        { date: '2026-04-08', ownDate: '2026-04-06', movedFrom: '2026-04-06', cutoff: '2026-04-07T13:00:00.000Z' },
        { date: '2026-04-08', ownDate: '2026-04-08', movedFrom: null, cutoff: '2026-04-07T13:00:00.000Z' },
      ],
    );
  });

  it('counts a past week whose weekday was a bank holiday by the day its delivery moved to', () => {
    assert.deepEqual(pastWeeks('2026-04-13', WEEKDAYS), [['2026-04-06', '2026-04-07'], ['2026-03-30'], ['2026-03-23'], ['2026-03-16']]);
    const ordered = new Set(['2026-04-07', '2026-03-30', '2026-03-16']);
    assert.equal(isUsualDay('2026-04-13', WEEKDAYS, (date) => ordered.has(date)), true);
    assert.equal(isUsualDay('2026-04-13', WEEKDAYS, (date) => date === '2026-03-30' || date === '2026-03-16'), false);
  });
});
