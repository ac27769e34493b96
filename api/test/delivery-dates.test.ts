import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankHolidays, easterSunday } from '../src/time/bank-holidays';
import { checkDeliveryDate, cutoffFor, orderableDeliveryDates, workingDayBefore, type DeliverySchedule } from '../src/delivery/delivery-dates';
import { formatLondonIso, londonInstant } from '../src/time/london-time';

const weekdays: DeliverySchedule = { deliveryWeekdays: [1, 2, 3, 4, 5], cutoffTime: '14:00' };
const at = (iso: string) => new Date(iso);
const dates = (now: string, schedule = weekdays) => orderableDeliveryDates(at(now), schedule).map((d) => d.date);

describe('England and Wales bank holidays', () => {
  it('finds Easter Sunday by the computus', () => {
    assert.deepEqual(
      [2019, 2024, 2025, 2026, 2027, 2028, 2038].map(easterSunday),
      ['2019-04-21', '2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2028-04-16', '2038-04-25'],
    );
  });

  it('matches the published lists, substitute days and one-off changes included', () => {
    // gov.uk/bank-holidays
    assert.deepEqual(bankHolidays(2022), ['2022-01-03', '2022-04-15', '2022-04-18', '2022-05-02', '2022-06-02', '2022-06-03', '2022-08-29', '2022-09-19', '2022-12-26', '2022-12-27']);
    assert.deepEqual(bankHolidays(2025), ['2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26']);
    assert.deepEqual(bankHolidays(2026), ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28']);
    assert.deepEqual(bankHolidays(2027), ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28']);
    assert.deepEqual(bankHolidays(2028), ['2028-01-03', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-08-28', '2028-12-25', '2028-12-26']);
  });

  it('takes the working day before a delivery across weekends and holidays', () => {
    assert.equal(workingDayBefore('2026-03-30'), '2026-03-27');
    assert.equal(workingDayBefore('2026-04-07'), '2026-04-02');
    assert.equal(workingDayBefore('2026-12-29'), '2026-12-24');
  });
});

describe('London time', () => {
  it('converts wall-clock times either side of both clock changes', () => {
    assert.equal(londonInstant('2026-03-28', '14:00').toISOString(), '2026-03-28T14:00:00.000Z');
    assert.equal(londonInstant('2026-03-29', '14:00').toISOString(), '2026-03-29T13:00:00.000Z');
    assert.equal(londonInstant('2026-10-24', '15:30').toISOString(), '2026-10-24T14:30:00.000Z');
    assert.equal(londonInstant('2026-10-25', '15:30').toISOString(), '2026-10-25T15:30:00.000Z');
    assert.equal(formatLondonIso(at('2026-07-01T11:00:00Z')), '2026-07-01T12:00:00+01:00');
    assert.equal(formatLondonIso(at('2026-12-01T11:00:00Z')), '2026-12-01T11:00:00+00:00');
  });
});

describe('orderable delivery dates', () => {
  it('closes a date at the cut-off on the working day before, to the minute', () => {
    // Thursday 12 November 2026, winter time: Friday 13th closes at 14:00 GMT on the 12th.
    assert.equal(dates('2026-11-12T13:59:00Z')[0], '2026-11-13');
    assert.equal(dates('2026-11-12T14:01:00Z')[0], '2026-11-16');
    assert.equal(checkDeliveryDate(at('2026-11-12T13:59:00Z'), '2026-11-13', weekdays), 'orderable');
    assert.equal(checkDeliveryDate(at('2026-11-12T14:01:00Z'), '2026-11-13', weekdays), 'pastCutoff');
    // Summer time: Friday 10 July closes at 14:00 BST = 13:00 UTC on Thursday 9th.
    assert.equal(dates('2026-07-09T12:59:00Z')[0], '2026-07-10');
    assert.equal(dates('2026-07-09T13:01:00Z')[0], '2026-07-13');
  });

  it('uses GMT before and BST after the March clock change (Sunday 29 March 2026)', () => {
    const monday = cutoffFor('2026-03-30', weekdays);
    const tuesday = cutoffFor('2026-03-31', weekdays);
    assert.equal(formatLondonIso(monday), '2026-03-27T14:00:00+00:00');
    assert.equal(formatLondonIso(tuesday), '2026-03-30T14:00:00+01:00');
    assert.ok(dates('2026-03-27T13:59:00Z').includes('2026-03-30'));
    assert.ok(!dates('2026-03-27T14:01:00Z').includes('2026-03-30'));
    assert.ok(dates('2026-03-30T12:59:00Z').includes('2026-03-31'));
    assert.ok(!dates('2026-03-30T13:01:00Z').includes('2026-03-31'));
  });

  it('uses BST before and GMT after the October clock change (Sunday 25 October 2026)', () => {
    assert.equal(formatLondonIso(cutoffFor('2026-10-26', weekdays)), '2026-10-23T14:00:00+01:00');
    assert.equal(formatLondonIso(cutoffFor('2026-10-27', weekdays)), '2026-10-26T14:00:00+00:00');
    assert.ok(dates('2026-10-23T12:59:00Z').includes('2026-10-26'));
    assert.ok(!dates('2026-10-23T13:01:00Z').includes('2026-10-26'));
    assert.ok(dates('2026-10-26T13:59:00Z').includes('2026-10-27'));
    assert.ok(!dates('2026-10-26T14:01:00Z').includes('2026-10-27'));
  });

  it('keeps to the delivery weekdays, skips bank holidays, and carries each cut-off', () => {
    const tuesdayFriday: DeliverySchedule = { deliveryWeekdays: [2, 5], cutoffTime: '12:00' };
    const easter = orderableDeliveryDates(at('2026-03-30T09:00:00Z'), tuesdayFriday);
    assert.deepEqual(
      easter.slice(0, 4).map((d) => [d.date, d.cutoff]),
      [
        ['2026-03-31', '2026-03-30T12:00:00+01:00'],
        // Good Friday 3 April is skipped; Tuesday 7 April closes on Thursday 2 April (Easter Monday is a holiday).
        ['2026-04-07', '2026-04-02T12:00:00+01:00'],
        ['2026-04-10', '2026-04-09T12:00:00+01:00'],
        ['2026-04-14', '2026-04-13T12:00:00+01:00'],
      ],
    );
    const christmas = dates('2026-12-21T09:00:00Z');
    assert.ok(!christmas.includes('2026-12-25') && !christmas.includes('2026-12-28'));
    assert.equal(checkDeliveryDate(at('2026-12-21T09:00:00Z'), '2026-12-28', weekdays), 'notDeliveryDay');
    assert.equal(formatLondonIso(cutoffFor('2026-12-29', weekdays)), '2026-12-24T14:00:00+00:00');
  });

  it('offers at least two weeks of dates, counted from the London day', () => {
    const list = dates('2026-11-16T08:00:00Z');
    assert.equal(list[0], '2026-11-17');
    assert.ok(list.includes('2026-11-30') && list.length >= 10);
    // 23:30 UTC on 30 June is already 1 July in London: tomorrow is 2 July.
    assert.equal(dates('2026-06-30T23:30:00Z')[0], '2026-07-02');
    assert.equal(checkDeliveryDate(at('2026-11-16T08:00:00Z'), '2027-01-29', weekdays), 'beyondHorizon');
  });
});
