/**
 * What "Request an account" accepts, as the API does (api/src/registrations/registration-schemas.ts):
 * api/test/registrations-api.test.ts keeps the two equal.
 */
export const REGISTRATION_LIMITS = {
  email: 254,
  name: 100,
  companyName: 120,
  phone: 30,
  postcode: 10,
  message: 1000,
} as const;
