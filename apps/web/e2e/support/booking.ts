import { SUCCESS } from '@skydesk/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { chooseAirport, inDays } from './demo.js';
import { amountOf } from './money.js';

/** A traveller as the travellers' form asks for one. */
export type Traveller = {
  title: string;
  first: string;
  last: string;
  gender: string;
  /** 'YYYY-MM-DD'. */
  born: string;
  nationality: string;
  passport: string;
  /** 'YYYY-MM-DD'. */
  expiry: string;
};

/** Searches LHR → JFK one-way `days` ahead for one adult and opens the cheapest offer's travellers. */
export async function chooseFlight(page: Page, days: number): Promise<void> {
  await page.goto('/dashboard/search-flights');
  await page.getByRole('radio', { name: 'One-way' }).check({ force: true });
  await chooseAirport(page, 'From', 'Heathrow', 'LHR');
  await chooseAirport(page, 'To', 'JFK', 'JFK');
  await page.getByLabel('Departure').fill(inDays(days));
  await page.getByRole('button', { name: 'Search flights' }).click();
  await page.waitForURL('**/dashboard/flight-results?*');
  await page.getByRole('article').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Cheapest' }).click();
  await page.getByRole('article').first().getByRole('button', { name: 'View details' }).click();
  await page.waitForURL('**/dashboard/flight-details');
  await page.getByRole('button', { name: /Continue to travellers/ }).click();
  await page.waitForURL('**/dashboard/travelers-details');
  await page.getByRole('group', { name: /^Adult 1/ }).waitFor();
}

/** Fills the travellers' form's first adult. */
export async function fillAdult(page: Page, traveller: Traveller): Promise<void> {
  await fillPassenger(page, 'Adult 1', traveller);
}

/** Fills one passenger of the travellers' form, named as the form names it: "Adult 2", "Child 1". */
export async function fillPassenger(page: Page, label: string, traveller: Traveller): Promise<void> {
  const group = page.getByRole('group', { name: new RegExp(`^${label}`) });
  await group.getByLabel('Title').selectOption({ label: traveller.title });
  await group.getByLabel('First and middle names').fill(traveller.first);
  await group.getByLabel('Last name').fill(traveller.last);
  await group.getByLabel('Gender').selectOption({ label: traveller.gender });
  await group.getByLabel('Date of birth').fill(traveller.born);
  await group.getByLabel('Nationality').selectOption({ label: traveller.nationality });
  await group.getByLabel('Passport number').fill(traveller.passport);
  await group.getByLabel('Passport expiry').fill(traveller.expiry);
}

/** The booking details' heading: its PNR and status badge. */
export const bookingStatus = (page: Page) => page.locator('#booking-title');

/** From the filled travellers' form to the price summary, past the seats and bags steps (issue 31) choosing none. */
export async function openPriceSummary(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Continue to seats/ }).click();
  await page.waitForURL('**/dashboard/choose-seats');
  await page.getByRole('button', { name: /Continue to bags/ }).click();
  await page.waitForURL('**/dashboard/extra-bags');
  await page.getByRole('button', { name: /Continue to price summary/ }).click();
  await page.waitForURL('**/dashboard/price-summary');
}

/** From the filled travellers' form through the confirmation to the new booking's details; answers its PNR. */
export async function confirmBooking(page: Page): Promise<string> {
  await openPriceSummary(page);
  return confirmFromPriceSummary(page);
}

/** From the price summary through the confirmation to the new booking's details; answers its PNR. */
export async function confirmFromPriceSummary(page: Page): Promise<string> {
  await page.getByRole('button', { name: /Continue to confirm/ }).click();
  await page.waitForURL('**/dashboard/confirm-booking');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.waitForURL('**/dashboard/booking-details?id=*');
  await page.getByText(SUCCESS.bookingConfirmed).first().waitFor();
  await bookingStatus(page).getByText('Booked', { exact: true }).waitFor();
  const pnr = (await page.locator('#booking-title span').first().textContent())?.trim() ?? '';
  expect(pnr).toMatch(/^[A-Z0-9]{6}$/);
  return pnr;
}

/** The e-ticket's grand total: its last amount. */
export async function eTicketTotal(page: Page): Promise<number> {
  const eTicket = page.getByRole('article', { name: 'Electronic ticket' });
  return amountOf(
    await eTicket
      .getByText(/^US\$[\d,]+\.\d{2}$/)
      .last()
      .textContent(),
  );
}

/** From a held booking's details, issues its one ticket from the credits; answers the e-ticket's total. */
export async function issueTicket(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Issue ticket' }).click();
  await page
    .getByRole('region', { name: /^Issue 1 ticket/ })
    .getByRole('button', { name: /^Issue for / })
    .click();
  await page.waitForURL('**/dashboard/e-ticket?id=*');
  await page.getByRole('article', { name: 'Electronic ticket' }).waitFor();
  return eTicketTotal(page);
}
