import { describe, expect, it } from 'vitest';
import { newTicketNumber, ticketPrefix } from './ticket-numbers.js';

describe('ticket numbers', () => {
  it('numbers tickets with 13 digits, the carrier’s accounting code first', () => {
    expect(ticketPrefix('BA')).toBe('125');
    expect(ticketPrefix('EK')).toBe('176');
    expect(ticketPrefix('ZZ')).toMatch(/^\d{3}$/);
    expect(ticketPrefix('ZZ')).toBe(ticketPrefix('ZZ'));
    expect(ticketPrefix('ZZ')).not.toBe('000');
    const number = newTicketNumber('BA');
    expect(number).toMatch(/^125\d{10}$/);
  });
});
