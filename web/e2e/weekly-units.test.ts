import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cartCsv, csvField } from '../src/lib/commerce/cart-csv';
import { countdownAt, deliveryDay, timeLeft } from '../src/lib/commerce/cutoff';
import { readOrderLines } from '../src/lib/commerce/order-lines-text';

/** Weekly ordering rules that need no browser (docs/decisions-left-open.md#weekly-ordering). */
describe('quick order text', () => {
  const codes = (text: string) => {
    const read = readOrderLines(text);
    assert.ok(read.ok, JSON.stringify(read));
    return read.lines.map((line) => [line.lineNumber, line.code, line.quantity]);
  };

  test('reads tab, comma, semicolon and space separated lines, skipping blank lines and one header row', () => {
    assert.deepEqual(codes('Product code\tQuantity\n100001\t4\n\n100002\t2'), [
      [2, '100001', '4'],
      [4, '100002', '2'],
    ]);
    assert.deepEqual(codes('100001,4\r\n100002;2\r\n  100003   7  \n'), [
      [1, '100001', '4'],
      [2, '100002', '2'],
      [3, '100003', '7'],
    ]);
    assert.deepEqual(codes('SKU;Qty\n"100001";"3"'), [[2, '100001', '3']]);
    assert.deepEqual(codes('100001'), [[1, '100001', '']], 'a missing quantity is kept for the customer to fill');
  });

  test('reads its own export back, whatever the names contain', () => {
    const csv = cartCsv([
      { code: '100001', quantity: 3, name: 'Brie, "Le Petit"; 2 x 2.5 kg', brand: 'Meadowvale', packSize: '2 x 2.5 kg', unitPrice: '£1,234.50' },
      { code: '100002', quantity: 12, name: '=HYPERLINK("x")', brand: 'Kinder Fields', packSize: '6 x 1 L', unitPrice: '£9.20' },
    ]);
    assert.match(csv, /^Product code,Quantity,Name,Brand,Pack size,Unit price\r\n/);
    assert.ok(csv.includes(`"'=HYPERLINK(""x"")"`), 'a formula is defused');
    assert.deepEqual(codes(csv), [
      [2, '100001', '3'],
      [3, '100002', '12'],
    ]);
    assert.equal(csvField('plain'), 'plain');
  });

  test('refuses binary data and lists over 500 lines with a clear message', () => {
    const binary = readOrderLines('\u0089PNG\r\n\u001a\n\u0000\u0000');
    assert.equal(binary.ok, false);
    assert.match(binary.ok ? '' : binary.message, /does not look like a list of product codes/);
    const long = readOrderLines(Array.from({ length: 5000 }, (_, index) => `1000${index},1`).join('\n'));
    assert.equal(long.ok, false);
    assert.match(long.ok ? '' : long.message, /at most 500 lines; this has 5,000/);
    assert.equal(readOrderLines(Array.from({ length: 500 }, () => '100001,1').join('\n')).ok, true);
  });
});

describe('cut-off countdown', () => {
  const dates = [
    { date: '2026-12-01', cutoff: '2026-11-30T14:00:00+00:00' },
    { date: '2026-12-04', cutoff: '2026-12-03T14:00:00+00:00' },
  ];
  const at = (iso: string) => countdownAt(dates, new Date(iso).getTime());

  test('counts whole minutes to the first open cut-off and highlights the last hour', () => {
    assert.deepEqual(at('2026-11-30T11:45:00Z'), { date: '2026-12-01', day: 'Tue 1 Dec', left: '2 h 15 min', urgent: false });
    assert.deepEqual(at('2026-11-30T13:00:00Z'), { date: '2026-12-01', day: 'Tue 1 Dec', left: '1 h', urgent: false });
    assert.deepEqual(at('2026-11-30T13:00:01Z'), { date: '2026-12-01', day: 'Tue 1 Dec', left: '59 min', urgent: true });
    assert.deepEqual(at('2026-11-30T13:59:00Z'), { date: '2026-12-01', day: 'Tue 1 Dec', left: '1 min', urgent: true });
  });

  test('moves to the next date at the cut-off, and to none after the last', () => {
    assert.equal(at('2026-11-30T14:00:00Z')?.date, '2026-12-04');
    assert.equal(at('2026-11-30T14:01:00Z')?.left, '2 d 23 h');
    assert.equal(at('2026-12-03T14:00:00Z'), null);
  });

  test('formats days and hours, and a calendar date in any zone', () => {
    assert.equal(timeLeft(26 * 3_600_000), '1 d 2 h');
    assert.equal(timeLeft(48 * 3_600_000), '2 d');
    assert.equal(timeLeft(-5), '0 min');
    assert.equal(deliveryDay('2026-11-25'), 'Wed 25 Nov');
  });

  test('spells every day of two years as Intl does for en-GB', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      assert.equal(deliveryDay(iso), intl.format(new Date(`${iso}T12:00:00Z`)).replace(',', ''), iso);
    }
  });
});
