import { AppError } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import { refuseOtherCurrency } from './credits-currency.js';

describe('refuseOtherCurrency', () => {
  it('lets a debit in the booking’s own currency through', () => {
    expect(() => refuseOtherCurrency({ pnr: 'ABC123', currency: 'USD' }, { currency: 'USD' })).not.toThrow();
  });

  it('refuses one in another currency with a 409 that names both', () => {
    const refusal = (() => {
      try {
        refuseOtherCurrency({ pnr: 'ABC123', currency: 'EUR' }, { currency: 'USD' });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'conflict',
      message: "Booking ABC123 is priced in EUR; the agency's credits are in USD",
    });
  });
});
