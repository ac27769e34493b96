import { refuseDuplicates, type ImportKind } from '../import-kind';
import type { ImportProblem } from '../import-report';
import { addCounts } from '../upsert';
import { RowReader } from '../row-reader';
import { checkReferences, type Located } from './customers/customer-references';
import { readCustomerRow, type CustomerImportRow, type ShipToImport, type SoldToImport, type UserImport } from './customers/customer-rows';
import { hashNewPasswords } from './customers/new-passwords';
import { writeAccounts } from './customers/write-accounts';
import { writeUsers } from './customers/write-users';

/** Customers: sold-tos, ship-tos (with ranges, delivery days and cut-off) and users (with their ship-tos), one record per row. */
export const customerImport: ImportKind<CustomerImportRow> = {
  kind: 'customers',
  columns: [
    { name: 'record', required: true, help: 'soldTo, shipTo or user: what the row describes', example: 'shipTo' },
    { name: 'code', required: false, help: 'soldTo, shipTo: its code (the key)', example: '0000410001' },
    { name: 'name', required: true, help: 'Name of the sold-to, ship-to or user', example: 'The Corner Deli, York' },
    {
      name: 'salesRep',
      required: false,
      help: 'soldTo: the e-mail of the active sales operator who looks after it; replaces its reps with that one; empty keeps them',
      example: '',
    },
    { name: 'soldTo', required: false, help: 'shipTo: the sold-to that pays for it', example: '0000100002' },
    { name: 'address', required: false, help: 'shipTo: first line of the delivery address', example: '14 Goodramgate' },
    { name: 'town', required: false, help: 'shipTo: town', example: 'York' },
    { name: 'postcode', required: false, help: 'shipTo: postcode', example: 'YO1 7LQ' },
    { name: 'phone', required: false, help: 'shipTo: the phone number a rep calls (the call list); empty: none', example: '01904 622100' },
    { name: 'cutoff', required: false, help: 'shipTo: order cut-off HH:MM (Europe/London) on the working day before delivery; default 14:00', example: '14:00' },
    { name: 'poRequired', required: false, help: 'shipTo: true if orders need a purchase order number; default false', example: 'false' },
    { name: 'deliveryDays', required: false, help: 'shipTo: each range and its delivery days, e.g. "CHIL: Mon Wed; DAIR: Tue Fri"', example: 'DAIR: Tue Fri' },
    {
      name: 'minimumOrder',
      required: false,
      help: 'shipTo: per range the minimum net value in pounds and below it a delivery charge ("charge 15.00") or a refusal ("refuse"); "none" removes it; a range left out keeps its minimum',
      example: 'DAIR: 150.00 charge 15.00',
    },
    { name: 'email', required: false, help: 'user: e-mail address, the sign-in name (the key)', example: 'chef@example.com' },
    { name: 'customerId', required: false, help: 'user: customer id', example: 'C0002001' },
    { name: 'status', required: false, help: 'user: active or disabled; default active', example: 'active' },
    { name: 'shipTos', required: false, help: 'user: the ship-to codes they order for, separated by spaces, first is the default', example: '0000410001' },
    {
      name: 'password',
      required: false,
      help: 'Deprecated, leave empty: a new user without one is e-mailed an invitation to choose their password. Still read from old files: a first password, at least 10 characters, for new users only',
      example: '',
    },
  ],
  async check(db, source) {
    const problems: ImportProblem[] = [];
    const read: Located<CustomerImportRow>[] = [];
    for (const row of source) {
      const reader = new RowReader(row);
      const record = readCustomerRow(reader);
      problems.push(...reader.problems);
      if (record) read.push({ ...record, line: row.line });
    }
    const unique = refuseDuplicates(read, (row) => (row.record === 'user' ? `user ${row.username}` : `${row.record} ${row.code}`), 'code', problems);
    const rows = await checkReferences(db, unique, problems);
    return { rows: rows.map(({ line: _line, ...row }) => row as CustomerImportRow), problems };
  },
  prepare: hashNewPasswords,
  async write(tx, rows, context) {
    const accounts = await writeAccounts(
      tx,
      rows.filter((row): row is SoldToImport => row.record === 'soldTo'),
      rows.filter((row): row is ShipToImport => row.record === 'shipTo'),
    );
    const people = await writeUsers(tx, rows.filter((row): row is UserImport => row.record === 'user'), context);
    return { ...addCounts(accounts, people), disabledUserIds: people.disabledUserIds, invited: people.invited };
  },
};
