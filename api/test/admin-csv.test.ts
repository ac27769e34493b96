import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvRecords } from '../src/admin/imports/csv';

/** Every item csvRecords gives for `text`, handed over in pieces of `size` characters. */
async function itemsOf(text: string, size = text.length || 1) {
  async function* pieces() {
    for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
  }
  const items = [];
  for await (const item of csvRecords(pieces())) items.push(item);
  return items;
}

const cellsOf = async (text: string, size?: number) =>
  (await itemsOf(text, size)).map((record) => {
    assert.ok('cells' in record, JSON.stringify(record));
    return [record.line, record.cells];
  });

const SAMPLES = ['a,b\r\n1,2\n', 'a;b\n1;2', '"x,y","he said ""hi""",z\r\n"multi\r\nline",2,3\n\n4,5,6', 'a,,c\n\n,,\n', '"q"tail,"",""""\r\n\r\nx', 'a,b\n"open,1\n'];

describe('csvRecords (RFC 4180)', () => {
  it('reads CRLF and LF lines, and semicolon files', async () => {
    assert.deepEqual(await cellsOf('a,b\r\n1,2\n'), [[1, ['a', 'b']], [2, ['1', '2']]]);
    assert.deepEqual(await cellsOf('a;b\n1;2'), [[1, ['a', 'b']], [2, ['1', '2']]]);
  });

  it('reads quoted fields with separators, doubled quotes and line breaks, and counts lines through them', async () => {
    assert.deepEqual(await cellsOf('"x,y","he said ""hi""",z\n"multi\nline",2,3\n\n4,5,6'), [
      [1, ['x,y', 'he said "hi"', 'z']],
      [2, ['multi\nline', '2', '3']],
      [5, ['4', '5', '6']],
    ]);
  });

  it('keeps empty cells and skips blank lines', async () => {
    assert.deepEqual(await cellsOf('a,,c\n\n,,\n'), [[1, ['a', '', 'c']], [3, ['', '', '']]]);
  });

  it('names the line of a quote that is never closed', async () => {
    assert.deepEqual(await itemsOf('a,b\n"open,1\n'), [{ line: 1, cells: ['a', 'b'] }, { line: 2, reason: 'A quoted field is never closed (a " is missing)' }]);
  });

  it('reads the same records whatever pieces the text arrives in (a CRLF, a doubled quote or a cell cut in two)', async () => {
    for (const sample of SAMPLES) {
      const whole = await itemsOf(sample);
      for (const size of [1, 2, 3, 5]) assert.deepEqual(await itemsOf(sample, size), whole, `${JSON.stringify(sample)} in pieces of ${size}`);
    }
  });
});
