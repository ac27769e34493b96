import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callState, compareCalls, type Ordered } from '../src/calls/call-order';
import { medianPence, usualValuePence } from '../src/calls/usual-value';

describe('the call list rules (docs/calls.md)', () => {
  it('the usual value is the median of the orders delivered on the weeks that made the day usual', () => {
    assert.equal(medianPence([]), null);
    assert.equal(medianPence([500]), 500);
    assert.equal(medianPence([900, 100, 500]), 500);
    assert.equal(medianPence([100, 200, 400, 1000]), 300, 'the mean of the middle two');
    assert.equal(medianPence([101, 200]), 151, 'rounded to the penny');
    const weeks = [['2026-11-24'], ['2026-11-17'], ['2026-11-10'], ['2026-11-03']];
    const orders = [
      { deliveryDate: '2026-11-24', netPence: 3000 },
      { deliveryDate: '2026-11-17', netPence: 1000 },
      { deliveryDate: '2026-11-10', netPence: 2000 },
      { deliveryDate: '2026-11-19', netPence: 99_999 },
    ];
    assert.equal(usualValuePence(orders, weeks), 2000, 'an order for another weekday does not count');
    assert.equal(usualValuePence([], weeks), null);
  });

  const now = new Date('2026-11-30T11:00:00Z');
  const entry = (name: string, cutoff: string, latest: Ordered['latest'] = null): Ordered => ({ shipToName: name, shipToCode: name, range: 'DAIR', cutoff: new Date(cutoff), latest });

  it('an entry is to call, to call back later, or done', () => {
    assert.equal(callState(null, now), 'toCall');
    assert.equal(callState({ outcome: 'ordered', callBackAt: null }, now), 'done');
    assert.equal(callState({ outcome: 'noOrderThisWeek', callBackAt: null }, now), 'done');
    assert.equal(callState({ outcome: 'callBack', callBackAt: new Date('2026-11-30T11:00:01Z') }, now), 'callBackLater');
    assert.equal(callState({ outcome: 'callBack', callBackAt: new Date('2026-11-30T11:00:00Z') }, now), 'toCall', 'due at its time');
  });

  it('sorts those to call by cut-off (a due call back by its time), then call backs to come, then the done', () => {
    const sorted = [
      entry('done early', '2026-11-30T12:00:00Z', { outcome: 'ordered', callBackAt: null }),
      entry('later call back', '2026-11-30T12:00:00Z', { outcome: 'callBack', callBackAt: new Date('2026-11-30T13:00:00Z') }),
      entry('sooner call back', '2026-11-30T16:00:00Z', { outcome: 'callBack', callBackAt: new Date('2026-11-30T11:30:00Z') }),
      entry('four', '2026-11-30T16:00:00Z'),
      entry('due call back', '2026-11-30T16:00:00Z', { outcome: 'callBack', callBackAt: new Date('2026-11-30T10:45:00Z') }),
      entry('noon', '2026-11-30T12:00:00Z'),
      entry('another noon', '2026-11-30T12:00:00Z'),
      entry('done late', '2026-11-30T17:00:00Z', { outcome: 'noOrderThisWeek', callBackAt: null }),
    ].sort(compareCalls(now));
    assert.deepEqual(sorted.map((one) => one.shipToName), ['due call back', 'another noon', 'noon', 'four', 'sooner call back', 'later call back', 'done early', 'done late']);
  });
});
