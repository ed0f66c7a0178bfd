import type { ServiceRow } from './repo.js';

/**
 * How a service reads on the statement's line and in the history (issue 31): 'Seat 23C BA117',
 * 'Extra bag 23 kg BA117', '2 × Extra bag 23 kg BA117'.
 */
export function serviceLineText(
  service: Pick<ServiceRow, 'type' | 'designator' | 'quantity' | 'weight_kg' | 'flight'>,
): string {
  if (service.type === 'seat') return `Seat ${service.designator} ${service.flight}`;
  const quantity = service.quantity ?? 1;
  return `${quantity > 1 ? `${quantity} × ` : ''}Extra bag ${service.weight_kg} kg ${service.flight}`;
}

/** The services of one payment, in one line: 'Seat 23C BA117, Extra bag 23 kg BA117'. */
export const servicesLineText = (services: readonly Parameters<typeof serviceLineText>[0][]): string =>
  services.map(serviceLineText).join(', ');
