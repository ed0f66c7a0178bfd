/** Great-circle geometry and block times: the physical side of the schedule. */

export const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;

export function greatCircleKm(latA: number, lonA: number, latB: number, lonB: number): number {
  const dLat = (latB - latA) * RADIANS;
  const dLon = (lonB - lonA) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(latA * RADIANS) * Math.cos(latB * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Taxi-out plus taxi-in, and the time lost climbing and descending, whatever the distance. */
const GROUND_AND_TERMINAL_MINUTES = 30;
/** Airways are not great circles: routings add a few percent. */
const ROUTING_FACTOR = 1.05;

/**
 * Scheduled block time (gate to gate) from distance and cruise speed, wind-free, rounded up to
 * 5 minutes as airlines publish them.
 */
export function blockMinutes(distanceKm: number, cruiseKmh: number): number {
  const airborne = ((distanceKm * ROUTING_FACTOR) / cruiseKmh) * 60;
  return Math.ceil((GROUND_AND_TERMINAL_MINUTES + airborne) / 5) * 5;
}

/** The fastest any aircraft in the fleet cruises; used only for lower bounds. */
export const FASTEST_CRUISE_KMH = 920;

/**
 * A lower bound on the block time of any flight or chain of flights covering this distance
 * (great circles obey the triangle inequality, so a detour never beats it). Routing prunes with it.
 */
export function minimumBlockMinutes(distanceKm: number): number {
  return Math.floor(GROUND_AND_TERMINAL_MINUTES + (distanceKm / FASTEST_CRUISE_KMH) * 60);
}
