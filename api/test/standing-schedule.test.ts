import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatLondonIso } from '../src/time/london-time';
import { deliveriesFrom, deliveryOn, reminderDue, type StandingRule } from '../src/standing-orders/schedule';

const weekdaysOnly = { deliveryWeekdays: [1, 2, 3, 4, 5], cutoffTime: '14:00' };
const tueFri = { deliveryWeekdays: [2, 5], cutoffTime: '14:00' };
const rule = (weekdays: number[], startDate: string, endDate: string | null = null): StandingRule => ({ weekdays, startDate, endDate });
const summary = (rows: ReturnType<typeof deliveriesFrom>) =>
  rows.map((row) => ({ date: row.date, movedFrom: row.movedFrom, holidaySkipped: row.holidaySkipped, cutoff: formatLondonIso(row.cutoff) }));

describe('standing order dates', () => {
  it('yields every chosen weekday from the start date to the end date, inclusive', () => {
    const dates = deliveriesFrom(rule([2, 5], '2026-11-03', '2026-11-13'), tueFri, '2026-11-01', 10).map((row) => row.date);
    assert.deepEqual(dates, ['2026-11-03', '2026-11-06', '2026-11-10', '2026-11-13']);
  });

  it('starts no earlier than `from` and stops at `limit`', () => {
    const dates = deliveriesFrom(rule([2], '2026-01-06'), tueFri, '2026-11-04', 2).map((row) => row.date);
    assert.deepEqual(dates, ['2026-11-10', '2026-11-17']);
  });

  it('moves Easter Monday to the Tuesday, whose cut-off is the Thursday before Good Friday (2027: the clocks change on Easter Sunday)', () => {
    const rows = summary(deliveriesFrom(rule([1], '2027-03-22'), weekdaysOnly, '2027-03-22', 3));
    assert.deepEqual(rows, [
      { date: '2027-03-22', movedFrom: null, holidaySkipped: false, cutoff: '2027-03-19T14:00:00+00:00' },
      // Easter Monday 29 March; Good Friday 26 March: the working day before Tuesday 30 is Thursday 25 (GMT).
      { date: '2027-03-30', movedFrom: '2027-03-29', holidaySkipped: false, cutoff: '2027-03-25T14:00:00+00:00' },
      // Summer time from Sunday 28 March: the cut-off of Monday 5 April is Friday 2 April, 14:00 BST.
      { date: '2027-04-05', movedFrom: null, holidaySkipped: false, cutoff: '2027-04-02T14:00:00+01:00' },
    ]);
  });

  it('skips a bank holiday when no delivery day comes before the next own date, and says so', () => {
    // Christmas 2026 is a Friday, Boxing Day a Saturday (substitute Monday 28): Tuesday/Friday deliveries.
    const rows = summary(deliveriesFrom(rule([2, 5], '2026-12-21'), tueFri, '2026-12-21', 5));
    assert.deepEqual(
      rows.map((row) => [row.date, row.movedFrom, row.holidaySkipped]),
      [
        ['2026-12-22', null, false],
        ['2026-12-25', null, true],
        ['2026-12-29', null, false],
        ['2027-01-01', null, true],
        ['2027-01-05', null, false],
      ],
    );
    // The cut-off of Tuesday 29 December is Thursday 24 December: 25 and 28 are holidays, 26 and 27 a weekend.
    assert.equal(rows[2]?.cutoff, '2026-12-24T14:00:00+00:00');
  });

  it('moves a Friday-only Christmas and New Year to the Tuesdays after, before the next own Friday', () => {
    const rows = deliveriesFrom(rule([5], '2026-12-21'), tueFri, '2026-12-21', 3);
    assert.deepEqual(
      rows.map((row) => [row.date, row.movedFrom]),
      [
        ['2026-12-29', '2026-12-25'],
        ['2027-01-05', '2027-01-01'],
        ['2027-01-08', null],
      ],
    );
  });

  it('a substitute Boxing Day (Monday 28 December 2026) moves to the next delivery day that is no holiday', () => {
    const rows = deliveriesFrom(rule([1], '2026-12-28', '2026-12-28'), weekdaysOnly, '2026-12-28', 5);
    assert.deepEqual(
      rows.map((row) => [row.date, row.movedFrom]),
      [['2026-12-29', '2026-12-28']],
    );
    assert.equal(deliveryOn(rule([1], '2026-12-28'), weekdaysOnly, '2026-12-28'), undefined, 'the holiday itself is no delivery');
    assert.equal(deliveryOn(rule([1], '2026-12-28'), weekdaysOnly, '2026-12-29')?.movedFrom, '2026-12-28');
  });

  it('finds a moved delivery from a `from` after its own date', () => {
    const rows = deliveriesFrom(rule([5], '2026-12-01'), tueFri, '2026-12-27', 1);
    assert.deepEqual(rows.map((row) => row.date), ['2026-12-29']);
  });

  it('yields nothing for no weekdays, and nothing after the end date', () => {
    assert.deepEqual(deliveriesFrom(rule([], '2026-12-01'), tueFri, '2026-12-01', 5), []);
    assert.deepEqual(deliveriesFrom(rule([2], '2026-12-01', '2026-12-07'), tueFri, '2026-12-02', 5), []);
  });
});

describe('cut-offs and reminders across the clock changes', () => {
  it('last Sunday of October 2026: a Monday delivery closes Friday 14:00 BST, a Tuesday one Monday 14:00 GMT', () => {
    const [monday, tuesday] = deliveriesFrom(rule([1, 2], '2026-10-26'), weekdaysOnly, '2026-10-26', 2);
    assert.equal(monday && formatLondonIso(monday.cutoff), '2026-10-23T14:00:00+01:00');
    assert.equal(monday?.cutoff.toISOString(), '2026-10-23T13:00:00.000Z');
    assert.equal(tuesday && formatLondonIso(tuesday.cutoff), '2026-10-26T14:00:00+00:00');
    assert.equal(tuesday?.cutoff.toISOString(), '2026-10-26T14:00:00.000Z');
    assert.equal(monday && reminderDue(monday).toISOString(), '2026-10-23T07:00:00.000Z', '08:00 BST');
    assert.equal(tuesday && reminderDue(tuesday).toISOString(), '2026-10-26T08:00:00.000Z', '08:00 GMT');
  });

  it('last Sunday of March 2026: a Monday delivery closes Friday 14:00 GMT, a Tuesday one Monday 14:00 BST', () => {
    const [monday, tuesday] = deliveriesFrom(rule([1, 2], '2026-03-30'), weekdaysOnly, '2026-03-30', 2);
    assert.equal(monday?.cutoff.toISOString(), '2026-03-27T14:00:00.000Z');
    assert.equal(tuesday?.cutoff.toISOString(), '2026-03-30T13:00:00.000Z');
    assert.equal(tuesday && reminderDue(tuesday).toISOString(), '2026-03-30T07:00:00.000Z');
  });

  it('a reminder is never later than one hour before an early cut-off', () => {
    const [delivery] = deliveriesFrom(rule([3], '2026-12-02'), { deliveryWeekdays: [3], cutoffTime: '08:30' }, '2026-12-02', 1);
    assert.equal(delivery && formatLondonIso(reminderDue(delivery)), '2026-12-01T07:30:00+00:00');
  });
});
