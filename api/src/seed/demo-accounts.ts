import type { ShipToImport, SoldToImport } from '../admin/imports/kinds/customers/customer-rows';

/** The demo's customers (docs/decisions-left-open.md). Every demo user signs in with DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'Meadowvale-demo-1';

/** The demo's back-office operators (docs/back-office.md), seeded into the demo database only. */
export const DEMO_OPERATOR = { email: 'admin@meadowvale.example', name: 'Alex Admin', role: 'admin' as const };
/** A sales rep who looks after Harbour Hospitality and Northern Fresh only. */
export const DEMO_SALES_REP = { email: 'sales@meadowvale.example', name: 'Sam Reed', role: 'sales' as const };
export const DEMO_SERVICE_OPERATOR = { email: 'service@meadowvale.example', name: 'Chris Moss', role: 'customerService' as const };
export const DEMO_OPERATORS = [DEMO_OPERATOR, DEMO_SALES_REP, DEMO_SERVICE_OPERATOR];

export const SOLD_TOS: Omit<SoldToImport, 'record'>[] = [
  { code: '0000100001', name: 'Harbour Hospitality Ltd', salesRep: DEMO_SALES_REP.email },
  { code: '0000100002', name: 'Northern Fresh Trading Ltd', salesRep: DEMO_SALES_REP.email },
  { code: '0000100003', name: 'Moorside Kitchens Ltd' },
  // Credit control (credit-demo.ts): each its own company, so no other demo user's orders wait for credit.
  { code: '0000100004', name: 'Dales Tearooms Ltd' },
  { code: '0000100005', name: 'Riverside Bistro Ltd' },
  // The minimum order demo (docs/minimum-order.md): its own company, paying list prices, so its charge is plain.
  { code: '0000100006', name: 'Helmsley Village Stores Ltd' },
];

/** The minimum order demo's ship-to: below £150.00 of dairy, a £15.00 delivery charge (docs/minimum-order.md). */
export const MINIMUM_ORDER_DEMO = { soldTo: '0000100006', shipTo: '0000410008', username: 'village@example.com' } as const;

/** The call list demo's sites and their buyer (calls-demo.ts). */
export const CALLS_DEMO = { soldTo: '0000100002', dairySite: '0000410009', chilledSite: '0000410010', username: 'market@example.com' } as const;

/** Written through the customers import, so each is one of its ship-to rows; the phone numbers are Ofcom's drama numbers (01632 960xxx), which ring nowhere. */
export const SHIP_TOS: Omit<ShipToImport, 'record'>[] = [
  { code: '0000410001', name: 'The Corner Deli, York', soldToCode: '0000100002', addressLine1: '14 Goodramgate', town: 'York', postcode: 'YO1 7LQ', phone: '01632 960101', cutoffTime: '14:00', purchaseOrderRequired: false, ranges: [{ range: 'DAIR', deliveryWeekdays: [2, 5] }], minimumOrders: [] },
  { code: '0000410002', name: 'Harbour Café – Quayside', soldToCode: '0000100001', addressLine1: '3 The Quay', town: 'Whitby', postcode: 'YO21 1DH', phone: '01632 960102', cutoffTime: '12:00', purchaseOrderRequired: false, ranges: [{ range: 'CHIL', deliveryWeekdays: [1, 3, 5] }, { range: 'DAIR', deliveryWeekdays: [2, 4, 6] }], minimumOrders: [] },
  { code: '0000410003', name: 'Harbour Café – Old Town', soldToCode: '0000100001', addressLine1: '27 Church Street', town: 'Whitby', postcode: 'YO22 4AE', phone: '01632 960103', cutoffTime: '14:00', purchaseOrderRequired: false, ranges: [{ range: 'DAIR', deliveryWeekdays: [1, 2, 3, 4, 5] }], minimumOrders: [] },
  { code: '0000410004', name: 'Northgate Catering Kitchen', soldToCode: '0000100002', addressLine1: 'Unit 6, Northgate Trading Estate', town: 'Darlington', postcode: 'DL1 1RN', phone: '01632 960104', cutoffTime: '15:30', purchaseOrderRequired: true, ranges: [{ range: 'CHIL', deliveryWeekdays: [1, 4] }], minimumOrders: [] },
  // Its own company, so the after-delivery demo (after-delivery-demo.ts) touches no other demo user's orders.
  { code: '0000410006', name: 'Dales Tearoom – Hawes', soldToCode: '0000100004', addressLine1: '2 Market Place', town: 'Hawes', postcode: 'DL8 3QX', phone: '01632 960105', cutoffTime: '14:00', purchaseOrderRequired: false, ranges: [{ range: 'DAIR', deliveryWeekdays: [1, 2, 3, 4, 5] }], minimumOrders: [] },
  { code: '0000410007', name: 'Riverside Bistro – Richmond', soldToCode: '0000100005', addressLine1: '5 Riverside Road', town: 'Richmond', postcode: 'DL10 4AL', phone: '01632 960106', cutoffTime: '14:00', purchaseOrderRequired: false, ranges: [{ range: 'DAIR', deliveryWeekdays: [1, 2, 3, 4, 5] }], minimumOrders: [] },
  {
    code: MINIMUM_ORDER_DEMO.shipTo,
    name: 'Village Shop – Helmsley',
    soldToCode: MINIMUM_ORDER_DEMO.soldTo,
    addressLine1: '11 Bridge Street',
    town: 'Helmsley',
    postcode: 'YO62 5BG',
    phone: '01632 960120',
    cutoffTime: '14:00',
    purchaseOrderRequired: false,
    ranges: [{ range: 'DAIR', deliveryWeekdays: [1, 2, 3, 4, 5] }],
    minimumOrders: [{ range: 'DAIR', minimumOrderPence: 15_000, belowMinimum: 'charge', deliveryChargePence: 1_500 }],
  },
  // The call list demo (calls-demo.ts, docs/calls.md): Northern Fresh's sites that usually order every delivery day,
  // with late cut-offs, so Sam Reed's call list has calls on a first start. Northern Fresh has no company admin, so
  // no spend report lists them.
  { code: CALLS_DEMO.dairySite, name: 'Market Hall Café, Durham', soldToCode: '0000100002', addressLine1: '4 Market Place', town: 'Durham', postcode: 'DH1 3NJ', phone: '01632 960108', cutoffTime: '16:00', purchaseOrderRequired: false, ranges: [{ range: 'DAIR', deliveryWeekdays: [1, 2, 3, 4, 5, 6] }], minimumOrders: [] },
  { code: CALLS_DEMO.chilledSite, name: 'Tyne Quay Canteen, Newcastle', soldToCode: '0000100002', addressLine1: '12 Quayside', town: 'Newcastle upon Tyne', postcode: 'NE1 3DX', phone: '01632 960109', cutoffTime: '17:00', purchaseOrderRequired: false, ranges: [{ range: 'CHIL', deliveryWeekdays: [1, 2, 3, 4, 5] }], minimumOrders: [] },
  { code: '0000410005', name: 'Moorside Kitchen – Pickering', soldToCode: '0000100003', addressLine1: '8 Market Place', town: 'Pickering', postcode: 'YO18 7AA', phone: '01632 960107', cutoffTime: '14:00', purchaseOrderRequired: false, ranges: [{ range: 'DAIR', deliveryWeekdays: [1, 2, 3, 4, 5] }], minimumOrders: [] },
];

export const USERS = [
  { username: 'solo@example.com', customerId: 'C0001001', name: 'Sam Okafor', status: 'active', shipTos: ['0000410001'] },
  { username: 'multi@example.com', customerId: 'C0001002', name: 'Morgan Hale', status: 'active', shipTos: ['0000410002', '0000410003', '0000410004'] },
  { username: 'disabled@example.com', customerId: 'C0001003', name: 'Dana Whitfield', status: 'disabled', shipTos: ['0000410001'] },
  { username: 'unconfigured@example.com', customerId: 'C0001004', name: 'Uma Patel', status: 'active', shipTos: [] },
  { username: 'head@example.com', customerId: 'C0001005', name: 'Helen Marsh', status: 'active', shipTos: ['0000410002', '0000410003'] },
  { username: 'buyer@example.com', customerId: 'C0001006', name: 'Ben Carter', status: 'active', shipTos: ['0000410002'] },
  { username: 'kitchen@example.com', customerId: 'C0001007', name: 'Kerry Dunn', status: 'active', shipTos: ['0000410005'] },
  { username: 'tearoom@example.com', customerId: 'C0001008', name: 'Tom Dale', status: 'active', shipTos: ['0000410006'] },
  { username: 'bistro@example.com', customerId: 'C0001009', name: 'Rita Moss', status: 'active', shipTos: ['0000410007'] },
  { username: MINIMUM_ORDER_DEMO.username, customerId: 'C0001010', name: 'Vic Lowe', status: 'active', shipTos: [MINIMUM_ORDER_DEMO.shipTo] },
  { username: CALLS_DEMO.username, customerId: 'C0001011', name: 'Nadia Price', status: 'active', shipTos: [CALLS_DEMO.dairySite, CALLS_DEMO.chilledSite] },
];

/** Harbour Hospitality's head office runs its people and decides on held orders (docs/people.md). */
export const DEMO_ROLES = [
  { username: 'head@example.com', soldTo: '0000100001', roles: ['admin', 'approver'] as const },
];

/** Per-order limits in pence (docs/people.md): the Quayside buyer's orders over £150 wait for head office. */
export const DEMO_ORDER_LIMITS = [{ username: 'buyer@example.com', soldTo: '0000100001', thresholdPence: 15_000 }];
