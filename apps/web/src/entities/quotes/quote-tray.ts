import { type FareFamily, MAX_QUOTE_OPTIONS, type Money, type PricedItinerary } from '@skydesk/contract';
import { useSyncExternalStore } from 'react';
import { legRoute } from '../bookings/booking-segments';

/**
 * Issue 33: the options an agent picked from results for a quote (one to five offers), kept while
 * they browse — another fare family, another search — until the quote is made or they clear it.
 * Kept in the tab's sessionStorage, not the store: offers last 30 minutes, so the tray need not
 * outlive the tab, and it must survive going back and forth between results and the quote form.
 */
export type TrayOption = {
  offer_id: string;
  /** "LHR → JFK · JFK → LHR" */
  route: string;
  /** The first departure, local: "2026-12-14T08:30:00". */
  departs: string;
  carrier: string;
  brand: string;
  /** What the client pays (the rules' selling price; net when the server sent none). */
  selling: Money;
  offer_expires_at: string;
};

const KEY = 'skydesk.quoteTray';
const listeners = new Set<() => void>();
let cache: TrayOption[] | null = null;

function read(): TrayOption[] {
  if (cache) return cache;
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cache = Array.isArray(parsed) ? (parsed as TrayOption[]) : [];
  } catch {
    cache = [];
  }
  return cache;
}

function write(next: TrayOption[]) {
  cache = next;
  try {
    if (next.length) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    // A private window without storage keeps the tray for this page only.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What a result card offers to the tray: its offer, or one fare family of it. */
export function trayOptionOf(itinerary: PricedItinerary, family?: FareFamily | null): TrayOption | null {
  const offerId = family ? family.offer_id : itinerary.offer_id;
  if (!offerId) return null;
  const legs = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption;
  const info = itinerary.AirItineraryPricingInfo;
  const net = family?.AirItineraryPricingInfo?.ItinTotalFare.TotalFare ?? info.ItinTotalFare.TotalFare;
  return {
    offer_id: offerId,
    route: legs.map((leg) => legRoute(leg.FlightSegment)).join(' · '),
    departs: legs[0]?.FlightSegment[0]?.DepartureDateTime ?? '',
    carrier: itinerary.ValidatingCarrier,
    brand: family?.BrandName ?? info.FareInfos[0]?.BrandName ?? '',
    selling: (family ? family.selling : itinerary.selling) ?? net,
    offer_expires_at: itinerary.offer_expires_at,
  };
}

export const quoteTray = {
  options: read,
  has: (offerId: string) => read().some((option) => option.offer_id === offerId),
  /** False when the tray already holds five. */
  add(option: TrayOption): boolean {
    const options = read();
    if (options.some((held) => held.offer_id === option.offer_id)) return true;
    if (options.length >= MAX_QUOTE_OPTIONS) return false;
    write([...options, option]);
    return true;
  },
  remove: (offerId: string) => write(read().filter((option) => option.offer_id !== offerId)),
  clear: () => write([]),
  /** Tests start from an empty tray. */
  reset() {
    cache = null;
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // nothing kept
    }
  },
};

/** The tray's options, re-rendering when they change (here or in the tab's other screens). */
export const useQuoteTray = (): TrayOption[] => useSyncExternalStore(subscribe, read, read);
